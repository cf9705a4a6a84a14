import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ContentArticle } from '~/components/content/ContentArticle'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { contentQueries } from '~/queries/content'
import { pageHead } from '~/lib/head'

/** Spec 2 /article/{article}: a content page of kind 'article' by slug. */
export const Route = createFileRoute('/article/$article/')({
  loader: async ({ context, params }) => {
    const page = await context.queryClient.ensureQueryData(contentQueries.article(params.article))
    return { title: page.title, teaser: page.teaser }
  },
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(match.context.site, { title: loaderData.title, description: loaderData.teaser || loaderData.title }) : {},
  component: ArticlePage,
})

function ArticlePage() {
  const { article } = Route.useParams()
  const { data: page } = useSuspenseQuery(contentQueries.article(article))
  return (
    <div className="container section">
      <Breadcrumbs items={[crumb('Blog', { to: '/blog/' }), { label: page.title }]} />
      <ContentArticle page={page} />
    </div>
  )
}
