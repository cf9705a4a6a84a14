import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { SORT_BY, SORT_DIRECTIONS } from '~/lib/search/sort'
import { pageNumberSchema } from '~/lib/paging'
import { todayInBerlin } from '~/lib/calendar'
import { keptPerVersion } from './content-version.server'
import { getDb } from './runtime.server'
import { loadCategoryPage } from './services/category.server'

const slug = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,99}$/))

export const categoryPageInputSchema = z.object({
  category: slug,
  country: z.nullable(slug),
  page: pageNumberSchema,
  sortBy: z.enum(SORT_BY),
  sortDirection: z.enum(SORT_DIRECTIONS),
})
export type CategoryPageInput = z.infer<typeof categoryPageInputSchema>

/** Kept per content version and day (the trips show their upcoming dates). */
const categoryPage = keptPerVersion(loadCategoryPage, (input: CategoryPageInput) => `${JSON.stringify(input)} ${todayInBerlin()}`)

/** One page of a category overview; an unknown category or country, or a page past the end, is a 404. */
export const fetchCategoryPage = createServerFn({ method: 'GET' })
  .validator(categoryPageInputSchema)
  .handler(async ({ data }) => {
    const page = await categoryPage(await getDb(), data)
    if (!page) throw notFound()
    return page
  })
