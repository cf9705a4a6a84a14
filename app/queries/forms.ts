import { queryOptions } from '@tanstack/react-query'
import { fetchFormContext } from '~/server/forms.functions'

export const formQueries = {
  context: (form: string, about: { tripId: number | undefined; dateId: number | undefined }) =>
    queryOptions({
      queryKey: ['forms', 'context', form, about.tripId ?? null, about.dateId ?? null],
      queryFn: () => fetchFormContext({ data: { form, tripId: about.tripId, dateId: about.dateId } }),
    }),
}
