import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import type { MouseEvent } from 'react'
import { SearchResultsView } from '~/components/search/SearchResultsView'
import { DeferredSearchFilters, loadSearchFilters } from '~/components/search/DeferredSearchFilters'
import type { ApplyKind } from '~/components/search/SearchFilters'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { filterMainCategories } from '~/lib/categories'
import { formatNumber, formatTripCount } from '~/lib/format'
import { searchNames } from '~/lib/search/names'
import { describeSearch } from '~/lib/search/describe'
import { searchPath } from '~/lib/search/path'
import { parseSegment, stringifySegment } from '~/lib/search/segment'
import type { Search } from '~/lib/search/segment'
import { SEARCH_PARAMS_DEFAULTS, searchParamsSchema } from '~/lib/search/sort'
import { absoluteUrl } from '~/lib/sitemap'
import { searchQueries } from '~/queries/search'
import { initDataQuery } from '~/queries/shell'
import { pageHead } from '~/lib/head'

/**
 * Spec 2 /reiseuebersicht/search/{search}/: the segment is parsed into a typed Search (links and
 * navigate take the object); any garbage reads as some valid search, never as an error page.
 * A segment spelled differently from its canonical form is not redirected: it is served as is
 * with a canonical link (and noindex), so a hand-typed or mangled link costs no extra round trip.
 */
export const Route = createFileRoute('/reiseuebersicht/search/$search/')({
  // Its canonical link comes from what it shows (the record, the search's canonical spelling), not the URL.
  staticData: { canonical: 'own' },
  params: {
    parse: ({ search }) => ({ search: parseSegment(search) }),
    stringify: ({ search }) => ({ search: stringifySegment(search) }),
  },
  validateSearch: searchParamsSchema,
  // The defaults stay out of the URL: one address per search.
  search: { middlewares: [stripSearchParams(SEARCH_PARAMS_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ sortBy: search.sortBy, sortDirection: search.sortDirection, page: search.page, ferien: search.ferien }),
  loader: async ({ context, params, deps }) => {
    const segment = stringifySegment(params.search)
    const [page, initData, countries] = await Promise.all([
      context.queryClient.ensureQueryData(searchQueries.results(segment, deps)),
      context.queryClient.ensureQueryData(initDataQuery()),
      context.queryClient.ensureQueryData(searchQueries.countries()),
      // Rendered in the app, the page comes with its form's code (DeferredSearchFilters).
      import.meta.env.SSR ? undefined : loadSearchFilters().catch(() => undefined),
    ])
    return {
      text: params.search.text,
      canonical: absoluteUrl(page.origin, searchPath(params.search)),
      description: describeSearch(params.search, searchNames(initData, countries)),
      total: page.total,
    }
  },
  head: ({ loaderData, match }) => {
    if (!loaderData) return {}
    const found = formatTripCount(loaderData.total)
    return pageHead(match.context.site, {
      title: loaderData.text ? `Reisesuche: „${loaderData.text}“` : 'Reisesuche',
      description: `${loaderData.description}: ${found} mit Terminen und Preisen bei ${match.context.site.name}.`,
      // Result lists are endless combinations: crawlers follow them to the trips but keep them out of the index.
      robots: 'noindex, follow',
      canonical: loaderData.canonical,
    })
  },
  component: SearchPage,
})

function SearchPage() {
  const { search } = Route.useParams()
  const params = Route.useSearch()
  const segment = stringifySegment(search)
  const { data: page } = useSuspenseQuery(searchQueries.results(segment, params))
  const { data: initData } = useSuspenseQuery(initDataQuery())
  const { data: countries } = useQuery(searchQueries.countries())
  const names = searchNames(initData, countries ?? [])
  const apply = useSearchHistory(search, params.ferien)

  return (
    <div className="container section search-page">
      <Breadcrumbs items={[{ label: 'Reisesuche' }]} />
      <header className="page-header">
        <h1 className="page-title">Reisesuche</h1>
      </header>
      <div className="search-layout">
        <section className="search-layout__filters" aria-labelledby="suche-verfeinern">
          <h2 id="suche-verfeinern" className="search-layout__heading">
            Suche verfeinern
          </h2>
          <a className="search-jump" href="#suchergebnisse" onClick={jumpToResults}>
            {page.total === 0 ? 'Zum Suchergebnis' : `Direkt zu den Reisen (${formatNumber(page.total)})`}
          </a>
          <DeferredSearchFilters
            search={search}
            ferien={params.ferien}
            facets={page.facets}
            categories={filterMainCategories(initData.categories)}
            countries={countries ?? []}
            regions={initData.regions}
            onApply={apply}
          />
        </section>
        <SearchResultsView search={search} params={params} page={page} description={describeSearch(search, names)} names={names} />
      </div>
    </div>
  )
}

/** Focus instead of a hash change: the router would treat '#suchergebnisse' as a navigation. */
function jumpToResults(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById('suchergebnisse')
  if (!target) return
  event.preventDefault()
  target.scrollIntoView()
  target.focus()
}

/**
 * History entries for a search being edited: the first automatic change after a committed search
 * adds an entry, further ones replace it (no entry per keystroke or click), and "Suchen" commits
 * the current state. So Back returns to the search before the last round of changes. Any other
 * navigation (Back itself, a chip, a page link) counts as committed.
 */
function useSearchHistory(current: Search, currentFerien: boolean) {
  const navigate = useNavigate({ from: Route.fullPath })
  const draft = useRef(false)
  const ownNavigation = useRef<string | null>(null)
  const currentKey = `${stringifySegment(current)}|${currentFerien}`
  // Read when a delayed change fires: the URL may have moved on since it was scheduled.
  const latestKey = useRef(currentKey)
  latestKey.current = currentKey

  useEffect(() => {
    if (ownNavigation.current !== currentKey) draft.current = false
    ownNavigation.current = null
  }, [currentKey])

  return useCallback(
    (search: Search, ferien: boolean, kind: ApplyKind) => {
      const key = `${stringifySegment(search)}|${ferien}`
      if (key === latestKey.current) {
        if (kind === 'submit') draft.current = false
        return
      }
      const replace = draft.current
      draft.current = kind === 'auto'
      ownNavigation.current = key
      void navigate({
        to: '/reiseuebersicht/search/$search/',
        params: { search },
        // A new search starts on page 1 and keeps the chosen order.
        search: (prev) => ({ sortBy: prev.sortBy, sortDirection: prev.sortDirection, ferien }),
        replace,
        resetScroll: false,
      })
    },
    [navigate],
  )
}
