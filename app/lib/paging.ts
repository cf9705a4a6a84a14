// Paged lists of the content pages: the typed `?seite=` search param (with `?page=` as an alias)
// and the arithmetic around it.
import * as z from 'zod/mini'
import { MAX_PAGE, pageParam } from './url-search'

/** Trip cards on one page of a list: a category, a destination, a hotel's or a ship's trips. */
export const TRIPS_PER_PAGE = 12

/**
 * `?seite=` is the German name the site writes; `?page=` is read too, for links from elsewhere.
 * Built on first use, as every route's search schema is (DECISIONS: Performance).
 */
export const pageSearchSchema = z.lazy(() => z.object({ seite: pageParam(), page: pageParam() }))
export type PageSearch = z.infer<typeof pageSearchSchema>

/** The page number a server function accepts (the search param has already fallen back to 1). */
export const pageNumberSchema = z.int().check(z.gte(1), z.lte(MAX_PAGE))

export function pageFromSearch(search: PageSearch): number {
  return search.seite ?? search.page ?? 1
}

/** At least one page, so that an empty list is page 1 of 1 and not "page 1 of 0". */
export function pageCount(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || perPage <= 0) return 1
  return Math.ceil(total / perPage)
}

/** The search params of a page link: page 1 has none, so that it has one URL only. */
export function pageSearch(page: number): { seite?: number } {
  return page > 1 ? { seite: page } : {}
}

export const pagedSchema = z.object({
  page: z.number().check(z.int()),
  pages: z.number().check(z.int()),
  total: z.number().check(z.int()),
  perPage: z.number().check(z.int()),
})
export type Paged = z.infer<typeof pagedSchema>

export function paged(page: number, total: number, perPage: number): Paged {
  return { page, pages: pageCount(total, perPage), total, perPage }
}

/** A page after the last one does not exist (a 404), except page 1 of an empty list. */
export function isPageInRange(page: number, total: number, perPage: number): boolean {
  return page >= 1 && page <= pageCount(total, perPage)
}

/** A page title that tells the pages of a list apart: 'Hotels, Seite 2 – Sonnenland Reisen'. */
export function titleOnPage(base: string, page: number): string {
  return page > 1 ? `${base}, Seite ${page}` : base
}
