// /reiseuebersicht/: the tiles of all kinds of travel, and one category's page (optionally one
// country of it) with the country filter, the sort form, its trips and the pagination.
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { CategoryTiles } from '~/components/catalogue/CategoryTiles'
import { SortForm } from '~/components/catalogue/SortForm'
import { TripCardGrid } from '~/components/catalogue/TripCardGrid'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import type { BreadcrumbItem } from '~/components/ui/Breadcrumbs'
import { EmptyState } from '~/components/ui/EmptyState'
import { Pagination } from '~/components/ui/Pagination'
import { categoryPath, categorySplat, sortSearch } from '~/lib/category-path'
import type { CategoryPath, CategorySearch } from '~/lib/category-path'
import { filterMainCategories } from '~/lib/categories'
import { formatTripCount } from '~/lib/format'
import { categoryPageQuery } from '~/queries/category'
import { initDataQuery } from '~/queries/shell'

export function AllCategories() {
  const { data: initData } = useSuspenseQuery(initDataQuery())
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Reiseübersicht' }]} />
      <header className="page-header">
        <h1 className="page-title">Reiseübersicht</h1>
        <p className="lead">Wählen Sie eine Reiseart – oder stöbern Sie im Reisekalender nach Terminen.</p>
      </header>
      <CategoryTiles categories={filterMainCategories(initData.categories)} />
    </div>
  )
}

export function CategoryOverview({ input }: { input: CategoryPath & CategorySearch }) {
  const { data } = useSuspenseQuery(categoryPageQuery(input))
  const { category, country, paging } = data
  const search = sortSearch(input)
  const base: CategoryPath = { category: category.slug, country: country?.slug ?? null, page: 1 }
  const navigate = useNavigate()
  // The last crumb is the page itself (no link): the page number, else the country, else the category.
  const crumbs: BreadcrumbItem[] = [
    crumb('Reiseübersicht', { to: '/reiseuebersicht/$/', params: { _splat: '' } }),
    crumb(category.name, { to: '/reiseuebersicht/$/', params: { _splat: categorySplat({ ...base, country: null }) } }),
  ]
  if (country) crumbs.push(crumb(country.name, { to: '/reiseuebersicht/$/', params: { _splat: categorySplat(base) } }))
  if (paging.page > 1) crumbs.push({ label: `Seite ${paging.page}` })

  const heading = country ? `${category.name}: ${country.name}` : category.name
  return (
    <div className="container section">
      <Breadcrumbs items={crumbs} />
      <header className="page-header">
        <h1 className="page-title">
          {heading}
          {paging.page > 1 ? <span className="page-title__suffix"> – Seite {paging.page}</span> : null}
        </h1>
        {paging.page === 1 && category.descriptionHtml ? (
          <div className="lead" dangerouslySetInnerHTML={{ __html: category.descriptionHtml }} />
        ) : null}
      </header>

      {data.countries.length > 1 ? (
        <nav className="country-filter" aria-label="Reiseländer">
          <ul className="country-filter__list">
            <li>
              <Link
                to="/reiseuebersicht/$/"
                params={{ _splat: categorySplat({ ...base, country: null }) }}
                search={search}
                className="country-filter__link"
                aria-current={country === null ? 'page' : undefined}
              >
                Alle Reiseländer
              </Link>
            </li>
            {data.countries.map((c) => (
              <li key={c.slug}>
                <Link
                  to="/reiseuebersicht/$/"
                  params={{ _splat: categorySplat({ ...base, country: c.slug }) }}
                  search={search}
                  className="country-filter__link"
                  aria-current={country?.slug === c.slug ? 'page' : undefined}
                >
                  {c.name} <span className="text-muted">({c.trips})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {paging.total > 0 ? (
        <div className="list-toolbar">
          <p className="list-toolbar__count">
            {formatTripCount(paging.total)}
            {paging.pages > 1 ? ` · Seite ${paging.page} von ${paging.pages}` : null}
          </p>
          <SortForm
            sort={input}
            action={categoryPath(base)}
            // A new order starts again on page 1 (base).
            onSort={(chosen) =>
              void navigate({ to: '/reiseuebersicht/$/', params: { _splat: categorySplat(base) }, search: sortSearch(chosen) })
            }
          />
        </div>
      ) : null}

      {data.trips.length ? (
        <TripCardGrid trips={data.trips} priorityCount={2} />
      ) : (
        <EmptyState
          title="Zurzeit keine Reisen"
          text={<p>In dieser Reiseart sind gerade keine Reisen ausgeschrieben. Im Reisekalender finden Sie alle kommenden Termine.</p>}
          action={<Link to="/reisekalender/">Zum Reisekalender</Link>}
        />
      )}

      <Pagination
        pages={paging.pages}
        current={paging.page}
        renderLink={(target, props) => (
          <Link to="/reiseuebersicht/$/" params={{ _splat: categorySplat({ ...base, page: target }) }} search={search} {...props} />
        )}
      />
    </div>
  )
}
