import { queryOptions } from '@tanstack/react-query'
import { fetchBlogEntry, fetchBlogPage } from '~/server/blog.functions'

export const blogQueries = {
  list: (page: number) => queryOptions({ queryKey: ['blog', 'list', page], queryFn: () => fetchBlogPage({ data: { page } }) }),
  /** By the path after /blog/detail/, so that every spelling of an entry's address caches on its own. */
  entry: (path: string) => queryOptions({ queryKey: ['blog', 'entry', path], queryFn: () => fetchBlogEntry({ data: { path } }) }),
}
