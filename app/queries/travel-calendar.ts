// Query factory of the travel calendars (all trips, or flights only): three months of dates.
import { queryOptions } from '@tanstack/react-query'
import type { CalendarScope, CalendarSearch } from '~/lib/travel-calendar'
import { fetchTravelCalendar } from '~/server/travel-calendar.functions'

export const travelCalendarQuery = (scope: CalendarScope, search: CalendarSearch) =>
  queryOptions({
    queryKey: ['travel-calendar', scope, search.monat ?? null, search.kategorie ?? null],
    queryFn: () => fetchTravelCalendar({ data: { scope, ...search } }),
  })
