import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ContentArticle } from '~/components/content/ContentArticle'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { contentQueries } from '~/queries/content'
import { pageHead } from '~/lib/head'

/** Spec 2 /service-entry/{id}: a content page of kind 'service-entry' by slug or numeric id. */
export const Route = createFileRoute('/service-entry/$id/')({
  // Its canonical link comes from what it shows (the record, the search's canonical spelling), not the URL.
  staticData: { canonical: 'own' },
  loader: async ({ context, params }) => {
    const page = await context.queryClient.ensureQueryData(contentQueries.serviceEntry(params.id))
    return { title: page.title, teaser: page.teaser, canonical: page.canonical }
  },
  head: ({ loaderData, match }) =>
    loaderData
      ? pageHead(match.context.site, {
          title: [loaderData.title, 'Service'],
          description: loaderData.teaser || loaderData.title,
          canonical: loaderData.canonical,
        })
      : {},
  component: ServiceEntryPage,
})

function ServiceEntryPage() {
  const { id } = Route.useParams()
  const { data: page } = useSuspenseQuery(contentQueries.serviceEntry(id))
  return (
    <div className="container section">
      <Breadcrumbs items={[crumb('Service', { to: '/service/' }), { label: page.title }]} />
      <ContentArticle page={page} />
    </div>
  )
}
