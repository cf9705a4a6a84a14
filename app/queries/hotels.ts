import { queryOptions } from '@tanstack/react-query'
import { fetchHotel, fetchHotels } from '~/server/hotels.functions'

export const hotelQueries = {
  list: (page: number) => queryOptions({ queryKey: ['hotels', 'list', page], queryFn: () => fetchHotels({ data: { page } }) }),
  detail: (id: string, page: number) =>
    queryOptions({ queryKey: ['hotels', 'detail', id, page], queryFn: () => fetchHotel({ data: { id, page } }) }),
}
