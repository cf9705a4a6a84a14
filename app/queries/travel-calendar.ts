// Query factory of the travel calendars (all trips, or flights only): three months of dates.
import { queryOptions } from '@tanstack/react-query'
import type { CalendarScope, MonthKey } from '~/lib/travel-calendar'
import { fetchTravelCalendar } from '~/server/travel-calendar.functions'

export const travelCalendarQuery = (scope: CalendarScope, shown: { month: MonthKey | undefined; category: string | undefined }) =>
  queryOptions({
    queryKey: ['travel-calendar', scope, shown.month ?? null, shown.category ?? null],
    queryFn: () => fetchTravelCalendar({ data: { scope, month: shown.month, category: shown.category } }),
  })
