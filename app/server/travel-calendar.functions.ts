import { createServerFn } from '@tanstack/react-start'
import { todayInBerlin } from '~/lib/calendar'
import { calendarInputSchema } from '~/lib/travel-calendar'
import { keptPerVersion } from './content-version.server'
import type { Database } from './db/database.server'
import { getDb } from './runtime.server'
import { loadCalendarPage } from './services/travel-calendar.server'
import type { CalendarQuery } from './services/travel-calendar.server'

/** Kept per content version and day (three months from today's). */
const calendarPage = keptPerVersion(
  (db: Database, query: CalendarQuery, today: string) => loadCalendarPage(db, { ...query, today }),
  (query: CalendarQuery, today: string) => `${JSON.stringify(query)} ${today}`,
)

/** Reisekalender and Flugreisen-Reisekalender: three months of dates; bad filters are dropped, never a 500. */
export const fetchTravelCalendar = createServerFn({ method: 'GET' })
  .validator(calendarInputSchema)
  .handler(async ({ data }) => calendarPage(await getDb(), data, todayInBerlin()))
