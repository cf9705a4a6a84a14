import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * The target of the search forms before their scripts have loaded (a plain GET form cannot write
 * the path segment): /reiseuebersicht/search/?q=wien&categories=3 → the search's own URL.
 * With scripts running the forms apply themselves, so the rules for reading the form's fields
 * are fetched only when a visit lands here, not with every page.
 */
export const Route = createFileRoute('/reiseuebersicht/search/')({
  beforeLoad: async ({ location }) => {
    const { searchFormTarget, formQuery } = await import('~/lib/search/form-values')
    const { search, params } = searchFormTarget(formQuery(new URLSearchParams(location.searchStr)))
    throw redirect({ to: '/reiseuebersicht/search/$search/', params: { search }, search: params, statusCode: 303 })
  },
})
