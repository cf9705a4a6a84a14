import { createServerFn } from '@tanstack/react-start'
import { calendarInputSchema } from '~/lib/travel-calendar'
import { getDb } from './runtime.server'
import { loadCalendarPage } from './services/travel-calendar.server'

/** Reisekalender and Flugreisen-Reisekalender: three months of dates; bad filters are dropped, never a 500. */
export const fetchTravelCalendar = createServerFn({ method: 'GET' })
  .validator(calendarInputSchema)
  .handler(async ({ data }) => loadCalendarPage(await getDb(), data))
