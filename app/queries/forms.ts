import { queryOptions } from '@tanstack/react-query'
import { fetchFormContext } from '~/server/forms.functions'

export const formQueries = {
  context: (form: string, reise: number | undefined, termin: number | undefined) =>
    queryOptions({
      queryKey: ['forms', 'context', form, reise ?? null, termin ?? null],
      queryFn: () => fetchFormContext({ data: { form, reise, termin } }),
    }),
}
