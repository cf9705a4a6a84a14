import { createFileRoute, notFound, redirect, stripSearchParams } from '@tanstack/react-router'
import { CATEGORY_SEARCH_DEFAULTS, categorySearchSchema, categorySplat, parseCategorySplat, sortSearch } from '~/lib/category-path'
import { formatTripCount } from '~/lib/format'
import { AllCategories, CategoryOverview } from '~/components/catalogue/CategoryOverview'
import { categoryPageQuery } from '~/queries/category'
import { initDataQuery } from '~/queries/shell'
import { pageHead } from '~/lib/head'
import { titleOnPage } from '~/lib/paging'

/**
 * Spec 2 `/reiseuebersicht/{category}/{page}` ("page optional, multi-segment"); the path forms are
 * decided in app/lib/category-path.ts. The static routes /reiseuebersicht/merkliste/ and
 * /reiseuebersicht/search/… rank before this splat.
 */

export const Route = createFileRoute('/reiseuebersicht/$')({
  validateSearch: categorySearchSchema,
  // The default order has no query: one URL per page (and no redirect to '?sortBy=date…').
  search: { middlewares: [stripSearchParams(CATEGORY_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ sortBy: search.sortBy, sortDirection: search.sortDirection }),
  loader: async ({ context, params, deps }) => {
    const parsed = parseCategorySplat(params._splat ?? '')
    if (parsed.kind === 'invalid') throw notFound()
    if (parsed.kind === 'index') {
      await context.queryClient.ensureQueryData(initDataQuery())
      return { kind: 'index' as const }
    }
    if (!parsed.canonical) {
      throw redirect({
        to: '/reiseuebersicht/$/',
        params: { _splat: categorySplat(parsed.path) },
        search: sortSearch(deps),
        statusCode: 301,
      })
    }
    const input = { ...parsed.path, ...deps }
    const page = await context.queryClient.ensureQueryData(categoryPageQuery(input))
    return {
      kind: 'category' as const,
      input,
      heading: page.country ? `${page.category.name}: ${page.country.name}` : page.category.name,
      total: page.paging.total,
    }
  },
  head: ({ loaderData, match }) => {
    if (!loaderData) return {}
    if (loaderData.kind === 'index') {
      return pageHead(match.context.site, {
        title: 'Reiseübersicht',
        description: 'Alle Reisearten im Überblick: Busreisen, Städtereisen, Flugreisen, Kreuzfahrten und Hotelaufenthalte.',
      })
    }
    return pageHead(match.context.site, {
      title: titleOnPage(loaderData.heading, loaderData.input.page),
      description: `${loaderData.heading}: ${formatTripCount(loaderData.total)} mit Terminen, Preisen und Reiseverlauf – persönlich beraten von ${match.context.site.name}.`,
    })
  },
  component: ReiseuebersichtPage,
})

function ReiseuebersichtPage() {
  const data = Route.useLoaderData()
  return data.kind === 'index' ? <AllCategories /> : <CategoryOverview input={data.input} />
}
