import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { CALENDAR_SCOPES, calendarSearchSchema } from '~/lib/travel-calendar'
import { getDb } from './runtime.server'
import { loadCalendarPage } from './services/travel-calendar.server'

/** Reisekalender and Flugreisen-Reisekalender: three months of dates; bad filters are dropped, never a 500. */
export const fetchTravelCalendar = createServerFn({ method: 'GET' })
  .validator(calendarSearchSchema.extend({ scope: z.enum(CALENDAR_SCOPES) }))
  .handler(async ({ data }) =>
    loadCalendarPage(await getDb(), { scope: data.scope, month: data.monat, category: data.kategorie }),
  )
