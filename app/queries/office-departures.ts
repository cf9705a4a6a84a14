// The office's departures: the list of trip dates, its trip filter, one date's page.
import { queryOptions } from '@tanstack/react-query'
import type { DepartureListSearch } from '~/lib/office/departure-lists'
import { fetchDeparture, fetchDepartureChoices, fetchDepartures } from '~/server/office-departures.functions'

export const departuresQuery = (search: DepartureListSearch) =>
  queryOptions({ queryKey: ['office', 'departures', search], queryFn: () => fetchDepartures({ data: search }), staleTime: 0 })

export const departureChoicesQuery = () =>
  queryOptions({ queryKey: ['office', 'departures', 'choices'], queryFn: () => fetchDepartureChoices(), staleTime: 60_000 })

export const departureQuery = (id: number) =>
  queryOptions({ queryKey: ['office', 'departure', id], queryFn: () => fetchDeparture({ data: { id } }), staleTime: 0 })
