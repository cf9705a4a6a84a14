import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { contentQueries } from '~/queries/content'

/** Spec 2 /article/{article}: a content page of kind 'article' by slug. */
export const Route = createFileRoute('/article/$article/')({
  loader: async ({ context, params }) => {
    const page = await context.queryClient.ensureQueryData(contentQueries.article(params.article))
    return { title: page.title, teaser: page.teaser }
  },
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [{ title: `${loaderData.title} – Sonnenland Reisen` }, { name: 'description', content: loaderData.teaser || loaderData.title }]
      : [],
  }),
  component: ArticlePage,
})

function ArticlePage() {
  const { article } = Route.useParams()
  const { data: page } = useSuspenseQuery(contentQueries.article(article))
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Startseite', href: '/' }, { label: 'Blog', href: '/blog/' }, { label: page.title }]} />
      <article className="prose">
        <h1>{page.title}</h1>
        {page.teaser ? <p className="lead">{page.teaser}</p> : null}
        <div dangerouslySetInnerHTML={{ __html: page.body }} />
      </article>
    </div>
  )
}
