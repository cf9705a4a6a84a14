// Text in typed search params (?q=, ?plz=) that stays readable in the address bar.
//
// The router JSON-reads query values, so '?plz=33602' arrives as the number 33602, and a string
// '33602' would be written back quoted ('?plz=%2233602%22'). Reading accepts both; writing hands
// the router a number exactly when the number prints back as the same text.
import { z } from 'zod'

/** A text search param of at most `max` characters; numbers become text, anything else undefined. */
export function textParam(max: number) {
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v).slice(0, max))
    .optional()
    .catch(undefined)
}

/** The value to put into `search` so that the URL shows the plain text. */
export function plainSearchValue(text: string): string | number {
  if (/^(0|[1-9][0-9]{0,14})$/.test(text)) return Number(text)
  return text
}

/** A page number search param (?page=2); anything unreadable is page 1. */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1)
