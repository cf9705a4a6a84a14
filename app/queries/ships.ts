import { queryOptions } from '@tanstack/react-query'
import { fetchShip, fetchShips } from '~/server/ships.functions'

export const shipQueries = {
  list: () => queryOptions({ queryKey: ['ships', 'list'], queryFn: () => fetchShips() }),
  detail: (id: string, page: number) =>
    queryOptions({ queryKey: ['ships', 'detail', id, page], queryFn: () => fetchShip({ data: { id, page } }) }),
}
