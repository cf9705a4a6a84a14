// The rule every paged list and detail page shares: a page after the last one does not exist.
import { notFound } from '@tanstack/react-router'

/** The list as loaded, or a 404 when there is none or the page asked for lies after its last. */
export function pageOrNotFound<T extends { paging: { pages: number } }>(list: T | null, page: number): T {
  if (!list || page > list.paging.pages) throw notFound()
  return list
}
