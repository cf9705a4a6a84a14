// The address of a search: /reiseuebersicht/search/{segment}/ (spec 2).
import { stringifySegment } from './segment'
import type { SearchInput } from './segment'

/** Percent-encodes the segment for a path; commas stay as they are (allowed in a path, spec 2 joins lists with them). */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replaceAll('%2C', ',')
}

/** The canonical path of a search. */
export function searchPath(search: SearchInput): string {
  return `/reiseuebersicht/search/${encodeSegment(stringifySegment(search))}/`
}
