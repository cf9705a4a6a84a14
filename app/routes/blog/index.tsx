import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { Card } from '~/components/ui/Card'
import { EmptyState } from '~/components/ui/EmptyState'
import { Pagination } from '~/components/ui/Pagination'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import type { BlogEntry } from '~/lib/api'
import { blogEntrySplat } from '~/lib/blog-path'
import { formatDate } from '~/lib/format'
import { pageFromSearch, pageSearch, pageSearchSchema, pagedTitle } from '~/lib/paging'
import { blogQueries } from '~/queries/blog'
import { contentQueries } from '~/queries/content'

export const Route = createFileRoute('/blog/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(blogQueries.list(deps.page)),
      context.queryClient.ensureQueryData(contentQueries.links('article')),
    ])
    return { page: deps.page }
  },
  head: ({ loaderData }) => ({
    meta: [
      { title: pagedTitle('Reiseblog', loaderData?.page ?? 1) },
      { name: 'description', content: 'Neuigkeiten, Reiseberichte und Tipps von Sonnenland Reisen – aus dem Reisebus, von Bord und vom Ziel.' },
    ],
  }),
  component: BlogPage,
})

// Blog images are stored as a bare address; the card crops them to 3:2 anyway.
const BLOG_IMAGE = { width: 1200, height: 800 }

function BlogPage() {
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(blogQueries.list(page))
  const { data: articles } = useSuspenseQuery(contentQueries.links('article'))
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Startseite', href: '/' }, { label: 'Blog' }]} />
      <header className="page-header">
        <h1 className="page-title">Reiseblog</h1>
        <p className="lead">Neuigkeiten, Reiseberichte und Tipps aus unserem Reisebüro.</p>
        {data.paging.pages > 1 ? (
          <p className="text-muted">
            Seite {data.paging.page} von {data.paging.pages}
          </p>
        ) : null}
      </header>
      {data.entries.length ? (
        <ul className="card-grid">
          {data.entries.map((entry, index) => (
            <BlogCard key={entry.id} entry={entry} priority={index === 0} />
          ))}
        </ul>
      ) : (
        <EmptyState title="Noch keine Beiträge" text="Schauen Sie bald wieder vorbei." />
      )}
      <Pagination
        pages={data.paging.pages}
        current={data.paging.page}
        renderLink={(target, props) => <Link to="/blog/" search={pageSearch(target)} {...props} />}
      />
      {articles.length ? (
        <section className="section section--tight" aria-labelledby="ratgeber">
          <h2 id="ratgeber">Ratgeber</h2>
          <ul className="link-list">
            {articles.map((article) => (
              <li key={article.id}>
                <Link to="/article/$article/" params={{ article: article.slug }}>
                  {article.title}
                </Link>
                {article.teaser ? <p className="text-muted">{article.teaser}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

function BlogCard({ entry, priority }: { entry: BlogEntry; priority: boolean }) {
  return (
    <Card as="li" interactive>
      {entry.image ? (
        <div className="card__media">
          <ResponsiveImage
            src={entry.image}
            alt=""
            width={BLOG_IMAGE.width}
            height={BLOG_IMAGE.height}
            sizes="(min-width: 1280px) 400px, (min-width: 600px) 50vw, 100vw"
            priority={priority}
          />
        </div>
      ) : null}
      <div className="card__body">
        <h2 className="card__title">
          <Link to="/blog/detail/$/" params={{ _splat: blogEntrySplat(entry) }} className="card__link">
            {entry.title}
          </Link>
        </h2>
        <p className="card__meta">
          <time dateTime={entry.date_show}>{formatDate(entry.date_show)}</time>
        </p>
        {entry.teaser ? <p>{entry.teaser}</p> : null}
      </div>
    </Card>
  )
}
