// Zustiegsstellen search: reading the query (zip prefix and/or place) and matching a boarding point.
//
// Decisions where the spec is silent:
// - One search box: digits are a zip prefix ('33' finds 33602 and 33719), words are a place
//   ('33 Bielefeld' needs both). Only the first group of digits counts.
// - Words match the city or the stop's name anywhere, ignoring case and accents, and umlauts
//   written either way: 'Münster', 'Muenster' and 'Munster' all find Münster; 'Strasse' finds
//   'Straße'.
import * as z from 'zod/mini'
import { textParam } from './url-search'

export const BOARDING_QUERY_MAX = 100

/** The `?q=` search parameter; anything unreadable becomes the empty search. */
export const boardingSearchSchema = z.lazy(() => z.object({ q: textParam(BOARDING_QUERY_MAX) }))

export type BoardingQuery = {
  /** Leading digits of the zip code, or null. */
  zipPrefix: string | null
  /** Folded place words, or null. */
  place: string | null
}

/** Lower case, umlauts as ae/oe/ue, ß as ss, other accents removed: 'Münster' → 'muenster'. */
export function foldUmlauts(text: string): string {
  return stripAccents(
    text
      .toLocaleLowerCase('de-DE')
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/ß/g, 'ss'),
  )
}

/** Lower case, every accent and umlaut dot removed, ß as ss: 'Münster' → 'munster'. */
export function foldAccents(text: string): string {
  return stripAccents(text.toLocaleLowerCase('de-DE').replace(/ß/g, 'ss'))
}

function stripAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

export function parseBoardingQuery(q: string | null | undefined): BoardingQuery {
  const text = (q ?? '').slice(0, BOARDING_QUERY_MAX)
  // A longer run of digits is kept whole: it matches no Postleitzahl, which is the honest answer.
  const zipPrefix = /[0-9]+/.exec(text)?.[0] ?? null
  const rest = text
    .replace(/[0-9]+/g, ' ')
    .replace(/[^\p{L}\p{M}\s.'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return { zipPrefix, place: rest === '' ? null : rest }
}

export type BoardingPointLike = { name: string; zip: string; city: string }

/** True when the point fits the query; the empty query fits every point. */
export function matchesBoardingPoint(point: BoardingPointLike, query: BoardingQuery): boolean {
  if (query.zipPrefix !== null && !point.zip.trim().startsWith(query.zipPrefix)) return false
  if (query.place === null) return true
  const haystack = `${point.city} ${point.name}`
  return foldUmlauts(haystack).includes(foldUmlauts(query.place)) || foldAccents(haystack).includes(foldAccents(query.place))
}

export function isEmptyQuery(query: BoardingQuery): boolean {
  return query.zipPrefix === null && query.place === null
}
