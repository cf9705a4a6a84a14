import { createFileRoute, redirect } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequestUrl } from '@tanstack/react-start/server'

/**
 * The query as the browser sent it. The router's location holds it parsed and written out again,
 * which reads '1.500' (German grouping) as 1.5 and writes repeated keys as one JSON list.
 */
const sentQuery = createIsomorphicFn()
  .server(() => getRequestUrl().search)
  .client(() => window.location.search)

/**
 * The target of the search forms before their scripts have loaded (a plain GET form cannot write
 * the path segment): /reiseuebersicht/search/?q=wien&categories=3 → the search's own URL.
 * With scripts running the forms apply themselves, so the rules for reading the form's fields
 * are fetched only when a visit lands here, not with every page.
 */
export const Route = createFileRoute('/reiseuebersicht/search/')({
  beforeLoad: async () => {
    const { searchFormTarget, formQuery } = await import('~/lib/search/form-values')
    const { search, params } = searchFormTarget(formQuery(new URLSearchParams(sentQuery())))
    throw redirect({ to: '/reiseuebersicht/search/$search/', params: { search }, search: params, statusCode: 303 })
  },
})
