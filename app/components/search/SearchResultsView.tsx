// The results side of the search page: the count and the search in words (read out when they
// change), the active filters as removable chips, the order, the trip cards and the pages, or
// ways to loosen a search that found nothing.
import { Link, useNavigate } from '@tanstack/react-router'
import { SortForm } from '~/components/catalogue/SortForm'
import { TripCardGrid } from '~/components/catalogue/TripCardGrid'
import { buttonClassName } from '~/components/ui/Button'
import { EmptyState } from '~/components/ui/EmptyState'
import { Pagination } from '~/components/ui/Pagination'
import { VisuallyHidden } from '~/components/ui/VisuallyHidden'
import { formatNumber, formatTripCount } from '~/lib/format'
import { FILTER_KIND_NAMES, activeFilters } from '~/lib/search/active-filters'
import type { ActiveFilter } from '~/lib/search/active-filters'
import type { SearchNames } from '~/lib/search/describe'
import { searchPath } from '~/lib/search/path'
import { EMPTY_SEARCH } from '~/lib/search/segment'
import type { Search } from '~/lib/search/segment'
import type { SearchParams } from '~/lib/search/sort'
import type { SearchPage } from '~/server/search.functions'

export type SearchResultsViewProps = {
  search: Search
  params: SearchParams
  page: SearchPage
  /** describeSearch of the search, read by screen readers with the count. */
  description: string
  names: SearchNames
}

/** "Keine Reisen gefunden", "1 Reise gefunden", "1.234 Reisen gefunden". */
export function foundText(total: number): string {
  if (total === 0) return 'Keine Reisen gefunden'
  return `${formatTripCount(total, { grouped: true })} gefunden`
}

export function SearchResultsView({ search, params, page, description, names }: SearchResultsViewProps) {
  const filters = activeFilters(search, params.ferien, names)
  const counts = chipCounts(page)
  return (
    <section className="search-layout__results" aria-labelledby="suchergebnisse">
      <h2 id="suchergebnisse" className="visually-hidden" tabIndex={-1}>
        Suchergebnisse
      </h2>
      <div className="search-summary" aria-live="polite">
        <p className="search-summary__count">{foundText(page.total)}</p>
        <VisuallyHidden as="p">{description}.</VisuallyHidden>
        {page.fuzzy ? (
          <p className="alert alert--info">
            Keine Reise enthält genau „{search.text}“. Hier sind Reisen mit ähnlich geschriebenen Wörtern.
          </p>
        ) : null}
        {page.total > 0 && page.page !== params.page ? (
          <p className="alert alert--info">
            Seite {params.page} gibt es für diese Suche nicht. Sie sehen Seite {page.page} von {page.pageCount}.
          </p>
        ) : null}
      </div>

      {filters.length > 0 ? <FilterChips filters={filters} counts={counts} params={params} /> : null}

      {page.total === 0 ? (
        <EmptyState
          title="Keine passenden Reisen"
          text={<LoosenSearch filters={filters} params={params} />}
          action={
            <Link to="/reiseuebersicht/search/$search/" params={{ search: EMPTY_SEARCH }} search={{}} className={buttonClassName()}>
              Alle Reisen anzeigen
            </Link>
          }
        />
      ) : (
        <>
          <SortControl search={search} params={params} />
          <TripCardGrid trips={page.trips} headingLevel={3} priorityCount={2} />
          <Pagination
            pages={page.pageCount}
            current={page.page}
            renderLink={(target, props) => (
              <Link
                to="/reiseuebersicht/search/$search/"
                params={{ search }}
                search={(prev) => ({ ...prev, page: target })}
                {...props}
              />
            )}
          />
        </>
      )}
    </section>
  )
}

/** Facet counts by chip key: what a chip's filter value covers in this search. */
function chipCounts(page: SearchPage): Map<string, number> {
  return new Map([
    ...page.facets.categories.map((c) => [`category-${c.id}`, c.count] as const),
    ...page.facets.countries.map((c) => [`country-${c.id}`, c.count] as const),
    ...page.facets.bookable.map((b) => [`bookable-${b.status}`, b.count] as const),
  ])
}

function chipCount(filter: ActiveFilter, counts: Map<string, number>): number | undefined {
  if (filter.kind === 'bookable') return counts.get(`bookable-${filter.value ?? -1}`)
  return counts.get(filter.key)
}

function FilterChips({ filters, counts, params }: { filters: ActiveFilter[]; counts: Map<string, number>; params: SearchParams }) {
  return (
    <div className="filter-chips">
      <h3 className="filter-chips__title">Aktive Filter</h3>
      <ul className="filter-chips__list">
        {filters.map((filter) => {
          const count = chipCount(filter, counts)
          return (
            <li key={filter.key}>
              <Link
                to="/reiseuebersicht/search/$search/"
                params={{ search: filter.without.search }}
                search={{ sortBy: params.sortBy, sortDirection: params.sortDirection, ferien: filter.without.ferien }}
                className="filter-chip"
              >
                <VisuallyHidden>{FILTER_KIND_NAMES[filter.kind]} </VisuallyHidden>
                <span className="filter-chip__label">{filter.label}</span>
                {count !== undefined ? (
                  <span className="filter-chip__count">
                    <VisuallyHidden>, </VisuallyHidden>
                    {formatNumber(count)}
                    <VisuallyHidden> Reisen</VisuallyHidden>
                  </span>
                ) : null}
                <span className="filter-chip__remove" aria-hidden="true">
                  ×
                </span>
                <VisuallyHidden> entfernen</VisuallyHidden>
              </Link>
            </li>
          )
        })}
        {filters.length > 1 ? (
          <li>
            <Link to="/reiseuebersicht/search/$search/" params={{ search: EMPTY_SEARCH }} search={{}} className="filter-chip filter-chip--all">
              Alle Filter entfernen
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  )
}

/** An empty result says which filter to drop; each link is the same search without one filter. */
function LoosenSearch({ filters, params }: { filters: ActiveFilter[]; params: SearchParams }) {
  if (filters.length === 0) {
    return <p>Zurzeit sind keine Reisetermine buchbar. Bitte rufen Sie uns an – wir beraten Sie gern.</p>
  }
  return (
    <>
      <p>Mit weniger Filtern finden Sie mehr. Versuchen Sie es zum Beispiel</p>
      <ul className="loosen-list">
        {filters.map((filter) => (
          <li key={filter.key}>
            <Link
              to="/reiseuebersicht/search/$search/"
              params={{ search: filter.without.search }}
              search={{ sortBy: params.sortBy, sortDirection: params.sortDirection, ferien: filter.without.ferien }}
            >
              ohne {filter.kind === 'ferien' ? 'Ferientermine' : `${FILTER_KIND_NAMES[filter.kind]} ${filter.label}`}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}

/** The order of the results; a new order starts again on page 1 and keeps the Ferientermine flag. */
function SortControl({ search, params }: { search: Search; params: SearchParams }) {
  const navigate = useNavigate()
  return (
    <SortForm
      sort={params}
      action={searchPath(search)}
      aria-label="Sortierung"
      onSort={(chosen) =>
        void navigate({
          to: '/reiseuebersicht/search/$search/',
          params: { search },
          search: { sortBy: chosen.sortBy, sortDirection: chosen.sortDirection, ferien: params.ferien },
          resetScroll: false,
        })
      }
    >
      {params.ferien ? <input type="hidden" name="ferien" value="true" /> : null}
    </SortForm>
  )
}
