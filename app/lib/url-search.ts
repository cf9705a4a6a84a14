// Text in typed search params (?q=, ?plz=) that stays readable in the address bar.
//
// The router JSON-reads query values, so '?plz=33602' arrives as the number 33602, and it writes
// a string '33602' back quoted ('?plz=%2233602%22'); on the server it even redirects to that
// spelling when the validated value differs. So the param keeps the type the router read (text or
// number), the page turns it into text, and links hand the router a number exactly when the
// number prints back as the same text.
import * as z from 'zod/mini'

/** A text search param of at most `max` characters, as the router read it; anything else is undefined. */
export function textParam(max: number) {
  return z.catch(z.optional(z.union([z.string().check(z.maxLength(max)), z.number()])), undefined)
}

/** The text of a param read by textParam. */
export function paramText(value: string | number | undefined): string | undefined {
  return value === undefined ? undefined : String(value)
}

/** The value to put into `search` so that the URL shows the plain text. */
export function plainSearchValue(text: string): string | number {
  if (/^(0|[1-9][0-9]{0,14})$/.test(text)) return Number(text)
  return text
}

/** Beyond this a page number is noise (no list is that long); it falls back like garbage. */
export const MAX_PAGE = 10_000

/**
 * A page number search param (?page=2, ?seite=2); absent or unreadable (`abc`, `-1`, past
 * MAX_PAGE) means page 1, read with `?? 1`, rather than an error page.
 */
export function pageParam() {
  return z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE))), undefined)
}
