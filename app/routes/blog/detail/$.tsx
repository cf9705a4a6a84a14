import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { blogEntryPath, blogEntrySplat } from '~/lib/blog-path'
import { formatDate } from '~/lib/format'
import { absoluteUrl } from '~/lib/sitemap'
import { blogQueries } from '~/queries/blog'
import { articleJsonLd, organizationJsonLd, pageHead, serialiseJsonLd } from '~/lib/head'

/** Spec 2 /blog/detail/{detail}: the detail may span several segments; the last one is the slug (lib/blog-path). */
export const Route = createFileRoute('/blog/detail/$')({
  // Its canonical link comes from what it shows (the record, the search's canonical spelling), not the URL.
  staticData: { canonical: 'own' },
  loader: async ({ context, params }) => {
    const { entry, origin } = await context.queryClient.ensureQueryData(blogQueries.entry(params._splat ?? ''))
    const url = absoluteUrl(origin, blogEntryPath(entry))
    const image = entry.image ? absoluteUrl(origin, entry.image) : null
    return {
      title: entry.title,
      teaser: entry.teaser,
      image,
      dateShow: entry.date_show,
      url,
      jsonLd: serialiseJsonLd(
        articleJsonLd(
          { headline: entry.title, description: entry.teaser, url, image, published: entry.date_show },
          organizationJsonLd(context.site, origin),
        ),
      ),
    }
  },
  head: ({ loaderData, match }) =>
    loaderData
      ? pageHead(match.context.site, {
          title: loaderData.title,
          description: loaderData.teaser,
          canonical: loaderData.url,
          image: loaderData.image,
          article: { publishedTime: loaderData.dateShow },
          jsonLd: [loaderData.jsonLd],
        })
      : {},
  component: BlogEntryPage,
})

function BlogEntryPage() {
  const { _splat } = Route.useParams()
  const { data } = useSuspenseQuery(blogQueries.entry(_splat ?? ''))
  const { entry, newer, older } = data
  return (
    <div className="container section">
      <Breadcrumbs items={[crumb('Blog', { to: '/blog/' }), { label: entry.title }]} />
      <article className="blog-entry">
        <header className="page-header">
          <h1 className="page-title">{entry.title}</h1>
          <p className="text-muted">
            <time dateTime={entry.date_show}>{formatDate(entry.date_show)}</time>
          </p>
          {entry.teaser ? <p className="lead">{entry.teaser}</p> : null}
        </header>
        {entry.image ? (
          <div className="blog-entry__media">
            <ResponsiveImage src={entry.image} alt="" width={1200} height={800} sizes="(min-width: 960px) 800px, 100vw" priority />
          </div>
        ) : null}
        {/* The body was sanitised on the server (services/blog.server.ts). */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: entry.body }} />
      </article>
      {newer || older ? (
        <nav aria-label="Weitere Beiträge" className="post-nav">
          <ul className="post-nav__list">
            {newer ? (
              <li className="post-nav__item post-nav__item--newer">
                <span className="post-nav__label">Neuerer Beitrag</span>
                <Link to="/blog/detail/$/" params={{ _splat: blogEntrySplat(newer) }} rel="prev">
                  {newer.title}
                </Link>
              </li>
            ) : null}
            {older ? (
              <li className="post-nav__item post-nav__item--older">
                <span className="post-nav__label">Älterer Beitrag</span>
                <Link to="/blog/detail/$/" params={{ _splat: blogEntrySplat(older) }} rel="next">
                  {older.title}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
      <p>
        <Link to="/blog/">Alle Beiträge im Überblick</Link>
      </p>
    </div>
  )
}
