import { createFileRoute, redirect } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { formValuesFromQuery, searchFormQuerySchema, searchFromFormValues } from '~/lib/search/form-values'
import { searchParamsSchema } from '~/lib/search/sort'

/**
 * The target of the search forms before their scripts have loaded (a plain GET form cannot write
 * the path segment): /reiseuebersicht/search/?q=wien&categories=3 → the search's own URL.
 */
export const Route = createFileRoute('/reiseuebersicht/search/')({
  validateSearch: z.extend(searchFormQuerySchema, { sortBy: searchParamsSchema.shape.sortBy, sortDirection: searchParamsSchema.shape.sortDirection }),
  beforeLoad: ({ search }) => {
    const values = formValuesFromQuery(search)
    throw redirect({
      to: '/reiseuebersicht/search/$search/',
      params: { search: searchFromFormValues(values) },
      search: { sortBy: search.sortBy, sortDirection: search.sortDirection, ferien: values.ferien },
      statusCode: 303,
    })
  },
})
