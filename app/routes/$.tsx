import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ContentArticle } from '~/components/content/ContentArticle'
import { contentQueries } from '~/queries/content'
import { pageHead } from '~/lib/head'

/** Spec 2 `{params}`: anything no other route claims is a content page by slug, or a 404. */
export const Route = createFileRoute('/$')({
  loader: async ({ params, context }) => {
    const page = await context.queryClient.ensureQueryData(contentQueries.page(params._splat ?? ''))
    return { title: page.title, teaser: page.teaser }
  },
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(match.context.site, { title: loaderData.title, description: loaderData.teaser }) : {},
  component: ContentPageView,
})

function ContentPageView() {
  const { _splat } = Route.useParams()
  const { data: page } = useSuspenseQuery(contentQueries.page(_splat ?? ''))
  return <ContentArticle page={page} className="container prose" />
}
