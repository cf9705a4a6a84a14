// Query factories of the catalogue pages: category overview, trip detail, calendars, wish list.
import { queryOptions } from '@tanstack/react-query'
import type { Wishlist } from '~/lib/wishlist'
import type { CalendarScope, CalendarSearch } from '~/lib/travel-calendar'
import { fetchCalendarPage, fetchFlightLanding } from '~/server/calendar.functions'
import { fetchCategoryPage } from '~/server/category.functions'
import type { CategoryPageInput } from '~/server/category.functions'
import { fetchTripDetail, resolveTripParam } from '~/server/trip.functions'
import { fetchWishlistTrips } from '~/server/wishlist.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const catalogueQueries = {
  category: (input: CategoryPageInput) =>
    queryOptions({ queryKey: ['category-page', input], queryFn: () => fetchCategoryPage({ data: input }) }),
  trip: (id: number) => queryOptions({ queryKey: ['trip', id], queryFn: () => fetchTripDetail({ data: { id } }) }),
  tripParam: (param: string) =>
    queryOptions({ queryKey: ['trip-param', param], queryFn: () => resolveTripParam({ data: { param } }), staleTime: CATALOGUE_STALE_MS }),
  calendar: (scope: CalendarScope, search: CalendarSearch) =>
    queryOptions({
      queryKey: ['calendar', scope, search.monat ?? null, search.kategorie ?? null],
      queryFn: () => fetchCalendarPage({ data: { scope, ...search } }),
    }),
  flightLanding: () => queryOptions({ queryKey: ['flight-landing'], queryFn: () => fetchFlightLanding() }),
  wishlist: (ids: Wishlist) =>
    queryOptions({ queryKey: ['wishlist-trips', ids.join(',')], queryFn: () => fetchWishlistTrips({ data: { ids: [...ids] } }) }),
}
