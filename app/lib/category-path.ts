// The category overview's URL (spec 2: /reiseuebersicht/{category}/{page}, "page optional,
// multi-segment") and its typed query. Decided here:
//   /reiseuebersicht/                          all categories
//   /reiseuebersicht/{category}/               page 1 of a category
//   /reiseuebersicht/{category}/{n}/           page n (n ≥ 2; '1' redirects to the form without it)
//   /reiseuebersicht/{category}/{country}/     the category's trips to one travel country
//   /reiseuebersicht/{category}/{country}/{n}/ and its page n
// Anything else (more segments, bad characters, page 0 or a leading zero) is a 404.
import * as z from 'zod/mini'
import { SEARCH_PARAMS_DEFAULTS, sortParams } from './search/sort'
import type { SortBy, SortDirection } from './search/sort'

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/
const PAGE = /^\d{1,6}$/

export type CategoryPath = { category: string; country: string | null; page: number }

export type ParsedCategoryPath =
  | { kind: 'index' }
  | { kind: 'category'; path: CategoryPath; /** false when another spelling of the same page is canonical */ canonical: boolean }
  | { kind: 'invalid' }

/** Reads the splat after /reiseuebersicht/ ('busreisen/2/', 'busreisen/italien/'). */
export function parseCategorySplat(splat: string): ParsedCategoryPath {
  const trimmed = splat.replace(/^\//, '').replace(/\/$/, '')
  if (trimmed === '') return { kind: 'index' }
  const segments = trimmed.split('/')
  if (segments.length > 3 || segments.some((s) => s === '')) return { kind: 'invalid' }
  const [category, second, third] = segments
  if (category === undefined || !SLUG.test(category)) return { kind: 'invalid' }

  let country: string | null = null
  let pageText: string | undefined
  if (second !== undefined && PAGE.test(second)) {
    if (third !== undefined) return { kind: 'invalid' }
    pageText = second
  } else if (second !== undefined) {
    if (!SLUG.test(second)) return { kind: 'invalid' }
    country = second
    if (third !== undefined) {
      if (!PAGE.test(third)) return { kind: 'invalid' }
      pageText = third
    }
  }
  const page = pageText === undefined ? 1 : Number(pageText)
  if (page < 1 || (pageText !== undefined && pageText.startsWith('0'))) return { kind: 'invalid' }
  return { kind: 'category', path: { category, country, page }, canonical: pageText !== '1' }
}

/** The splat for `<Link to="/reiseuebersicht/$/" params={{ _splat }}>` (the route adds the trailing slash). */
export function categorySplat({ category, country, page }: CategoryPath): string {
  return [category, ...(country ? [country] : []), ...(page > 1 ? [String(page)] : [])].join('/')
}

export function categoryPath(path: CategoryPath): string {
  return `/reiseuebersicht/${categorySplat(path)}/`
}

/** The category overview's query: the same sort keys and defaults as the search results. */
export const categorySearchSchema = z.lazy(() => z.object(sortParams()))
export type CategorySearch = z.infer<typeof categorySearchSchema>

export const CATEGORY_SEARCH_DEFAULTS: CategorySearch = {
  sortBy: SEARCH_PARAMS_DEFAULTS.sortBy,
  sortDirection: SEARCH_PARAMS_DEFAULTS.sortDirection,
}

export type SortOption = { sortBy: SortBy; label: string }

export const SORT_OPTIONS: readonly SortOption[] = [
  { sortBy: 'date', label: 'Reisedatum' },
  { sortBy: 'price', label: 'Preis' },
  { sortBy: 'duration', label: 'Reisedauer' },
  { sortBy: 'name', label: 'Name der Reise' },
]

export const SORT_DIRECTION_OPTIONS: readonly { sortDirection: SortDirection; label: string }[] = [
  { sortDirection: 'asc', label: 'aufsteigend' },
  { sortDirection: 'desc', label: 'absteigend' },
]

/** Only what differs from the defaults goes into a link, so the plain URL stays the canonical one. */
export function sortSearch(search: CategorySearch): Partial<CategorySearch> {
  const out: Partial<CategorySearch> = {}
  if (search.sortBy !== CATEGORY_SEARCH_DEFAULTS.sortBy) out.sortBy = search.sortBy
  if (search.sortDirection !== CATEGORY_SEARCH_DEFAULTS.sortDirection) out.sortDirection = search.sortDirection
  return out
}
