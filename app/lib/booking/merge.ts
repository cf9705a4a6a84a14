// Merging a booking draft that changed on the server (another tab, a save that reached the server
// late) with what the customer typed since (issue 23): a three-way merge against the draft both
// started from. What the customer changed since stays; what only the server changed is taken;
// the fields the server computes (names shown, prices) are always the server's.
import type { BookingDraft } from './draft'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Fields the server computes: never the customer's change, always taken from the server. */
const SERVER_FIELDS = new Set(['showName', 'price_per_person', 'gesamtpreis', 'telefon'])

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function same(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function merge(base: Json | undefined, mine: Json, theirs: Json): Json {
  if (base !== undefined && same(base, mine)) return theirs
  if (base !== undefined && same(base, theirs)) return mine
  if (isObject(mine) && isObject(theirs)) {
    const out: { [key: string]: Json } = {}
    const baseObject = base !== undefined && isObject(base) ? base : undefined
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      if (SERVER_FIELDS.has(key) && key in theirs) out[key] = theirs[key] ?? null
      else if (!(key in mine)) out[key] = theirs[key] ?? null
      else if (!(key in theirs)) out[key] = mine[key] ?? null
      else out[key] = merge(baseObject?.[key], mine[key] ?? null, theirs[key] ?? null)
    }
    return out
  }
  // Lists of the same length (rooms, travellers) merge item by item; a list whose length the
  // customer changed (rooms chosen anew, a voucher added) is taken as the customer has it.
  if (Array.isArray(mine) && Array.isArray(theirs) && mine.length === theirs.length) {
    const baseList = Array.isArray(base) && base.length === mine.length ? base : undefined
    return mine.map((item, i) => merge(baseList?.[i], item, theirs[i] ?? null))
  }
  // Both changed the same value differently: the customer's latest entry wins.
  return mine
}

/**
 * The draft to show and save after the server answered with a newer one: `base` is the draft the
 * customer's entries were made on (the last one the server confirmed to this page), `mine` the
 * form's values now, `theirs` the server's current draft.
 */
export function mergeDraft(base: BookingDraft, mine: BookingDraft, theirs: BookingDraft): BookingDraft {
  return merge(toJson(base), toJson(mine), toJson(theirs)) as BookingDraft
}

/** Whether two drafts hold the same entries of the customer (the server's computed fields aside). */
export function sameEntries(a: BookingDraft, b: BookingDraft): boolean {
  return JSON.stringify(a, withoutServerFields) === JSON.stringify(b, withoutServerFields)
}

function withoutServerFields(key: string, value: unknown): unknown {
  return SERVER_FIELDS.has(key) ? undefined : value
}

function toJson(draft: BookingDraft): Json {
  return JSON.parse(JSON.stringify(draft)) as Json
}
