// Query factory of a category overview (a Reiseart, optionally narrowed to a country).
import { queryOptions } from '@tanstack/react-query'
import { fetchCategoryPage } from '~/server/category.functions'
import type { CategoryPageInput } from '~/server/category.functions'

export const categoryPageQuery = (input: CategoryPageInput) =>
  queryOptions({ queryKey: ['category', 'page', input], queryFn: () => fetchCategoryPage({ data: input }) })
