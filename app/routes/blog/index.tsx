import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { BlogCard } from '~/components/content/BlogCard'
import { ContentLinks } from '~/components/content/ContentLinks'
import { CardGrid } from '~/components/content/EntityCard'
import { ListPage } from '~/components/content/ListPage'
import { EmptyState } from '~/components/ui/EmptyState'
import { pageFromSearch, pageSearch, pageSearchSchema, titleOnPage } from '~/lib/paging'
import { blogQueries } from '~/queries/blog'
import { contentQueries } from '~/queries/content'
import { pageHead } from '~/lib/head'

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
  head: ({ loaderData, match }) =>
    pageHead(match.context.site, {
      title: titleOnPage('Reiseblog', loaderData?.page ?? 1),
      description: `Neuigkeiten, Reiseberichte und Tipps von ${match.context.site.name} – aus dem Reisebus, von Bord und vom Ziel.`,
    }),
  component: BlogPage,
})

function BlogPage() {
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(blogQueries.list(page))
  const { data: articles } = useSuspenseQuery(contentQueries.links('article'))
  return (
    <ListPage
      crumb="Blog"
      title="Reiseblog"
      lead="Neuigkeiten, Reiseberichte und Tipps aus unserem Reisebüro."
      paging={data.paging}
      renderPageLink={(target, props) => <Link to="/blog/" search={pageSearch(target)} {...props} />}
      after={<ContentLinks id="ratgeber" title="Ratgeber" kind="article" links={articles} />}
    >
      <CardGrid
        items={data.entries}
        empty={<EmptyState title="Noch keine Beiträge" text="Schauen Sie bald wieder vorbei." />}
        renderItem={(entry, index) => <BlogCard key={entry.id} entry={entry} headingLevel={2} priority={index === 0} />}
      />
    </ListPage>
  )
}
