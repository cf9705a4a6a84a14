import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { AppLink } from '~/components/ui/AppLink'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { Pagination } from '~/components/ui/Pagination'
import { formatNumber } from '~/lib/format'
import { pageParam } from '~/lib/url-search'
import { sitemapQueries } from '~/queries/sitemap'
import { pageHead } from '~/lib/head'

/** Spec 2 /sitemap: every public page, grouped; the trips in pages of 500 (?page=2). */
export const Route = createFileRoute('/sitemap/')({
  validateSearch: z.lazy(() => z.object({ page: pageParam() })),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(sitemapQueries.html(deps.page)),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Sitemap',
      description: `Alle Seiten von ${match.context.site.name} auf einen Blick: Reisearten, Reisen, Reiseländer, Schiffe, Hotels, Blog und Service.`,
    }),
  component: SitemapPage,
})

function SitemapPage() {
  const page = Route.useSearch().page ?? 1
  const { data } = useSuspenseQuery(sitemapQueries.html(page))
  const sections = data.sections.filter((s) => s.links.length > 0)
  const { trips } = data
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Sitemap' }]} />
      <header className="page-header">
        <h1 className="page-title">Sitemap</h1>
        <p className="lead">Alle Seiten unserer Website auf einen Blick.</p>
      </header>

      <nav aria-label="Bereiche der Sitemap">
        <ul className="cluster sitemap-jump">
          {sections.map((s) => (
            <li key={s.key}>
              <a href={`#sitemap-${s.key}`}>{s.title}</a>
            </li>
          ))}
          <li>
            <a href="#sitemap-alle-reisen">Alle Reisen</a>
          </li>
        </ul>
      </nav>

      <div className="sitemap-sections">
        {sections.map((section) => (
          <section key={section.key} aria-labelledby={`sitemap-${section.key}`} className="sitemap-section">
            <h2 id={`sitemap-${section.key}`}>{section.title}</h2>
            <ul className="sitemap-list">
              {section.links.map((link) => (
                <li key={link.path}>
                  <AppLink href={link.path}>{link.label}</AppLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <section aria-labelledby="sitemap-alle-reisen" className="sitemap-section sitemap-section--trips">
        <h2 id="sitemap-alle-reisen">
          Alle Reisen <span className="text-muted">({formatNumber(trips.total)})</span>
        </h2>
        {trips.pages > 1 ? (
          <p className="text-muted">
            Seite {trips.page} von {trips.pages}, alphabetisch sortiert.
          </p>
        ) : null}
        <ul className="sitemap-list sitemap-list--columns">
          {trips.links.map((link) => (
            <li key={link.path}>
              <AppLink href={link.path}>{link.label}</AppLink>
            </li>
          ))}
        </ul>
        <Pagination
          pages={trips.pages}
          current={trips.page}
          renderLink={(target, props) => (
            <Link to="/sitemap/" search={{ page: target > 1 ? target : undefined }} hash="sitemap-alle-reisen" {...props} />
          )}
        />
      </section>
    </div>
  )
}
