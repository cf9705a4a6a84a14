// The search segment of /reiseuebersicht/search/{segment}/ (spec 2, DESIGN 5):
// {text}-{categories}-{countries}-{regions}-{start}-{end}-{duration}-{bookable}-{priceRange}
import * as z from 'zod/mini'
import { bookableSchema } from '../bookable'
import type { BookableStatus } from '../bookable'
import { berlinDayStart, germanDateToUnix, unixToGermanDate } from './dates'

/** Spec 5 and 9: the price range a search has when nobody narrowed it, in euros. */
export const DEFAULT_PRICE_RANGE = { min: 0, max: 500_000_000_000 } as const

/** Longer texts are cut: nobody types more, and the search query should stay cheap. */
export const MAX_TEXT_LENGTH = 100

const SLOT_COUNT = 9

// Replaced by a space in the text: lone surrogates cannot be percent-encoded at all, '/', '\',
// '?', '#' and '%' are read by browsers, proxies and routers before the param reaches us, and
// control or format characters (zero-width spaces, soft hyphens) would make two URLs that look
// the same differ.
const UNSAFE_IN_TEXT = /[\p{Cc}\p{Cf}\p{Cs}\\/?#%]/gu

/**
 * The canonical search text: hyphens are spaces (spec 2), unsafe characters become spaces,
 * lower case (search ignores case, so one URL per search), Unicode NFC ('a' + combining diaeresis
 * and a precomposed 'ä' are the same search), single spaces, no blanks at either end, at most
 * MAX_TEXT_LENGTH code points.
 */
export function normalizeText(raw: string): string {
  const text = raw
    .replaceAll('-', ' ')
    .replace(UNSAFE_IN_TEXT, ' ')
    .toLowerCase()
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .trim()
  const codePoints = Array.from(text)
  return codePoints.length <= MAX_TEXT_LENGTH ? text : codePoints.slice(0, MAX_TEXT_LENGTH).join('').trimEnd()
}

const isStrictlyAscending = (ids: readonly number[]) =>
  ids.every((id, i) => {
    const previous = ids[i - 1]
    return previous === undefined || previous < id
  })

const idListSchema = z.array(z.int().check(z.positive())).check(z.refine(isStrictlyAscending, 'ids must be unique and ascending'))

const daySchema = z.int().check(
  z.nonnegative(),
  z.refine((sec) => berlinDayStart(sec) === sec, 'a day is the unix second of its midnight in Berlin'),
)

const durationSchema = z
  .object({ min: z.int().check(z.positive()), max: z.int().check(z.positive()) })
  .check(z.refine((d) => d.min <= d.max, 'min must not exceed max'))

const priceBound = z.int().check(z.gte(DEFAULT_PRICE_RANGE.min), z.lte(DEFAULT_PRICE_RANGE.max))
const priceSchema = z.object({ min: priceBound, max: priceBound }).check(z.refine((p) => p.min <= p.max, 'min must not exceed max'))

/**
 * A valid search is a canonical one: every value has exactly one spelling in the segment, so
 * parseSegment(stringifySegment(s)) gives s back for every s this schema admits.
 */
export const searchSchema = z
  .object({
    text: z.string().check(z.refine((t) => t === normalizeText(t), 'text must be canonical (see normalizeText)')),
    categories: idListSchema,
    countries: idListSchema,
    regions: idListSchema,
    /** Unix seconds of Berlin midnight of the first travel day. */
    start: z.nullable(daySchema),
    /** Unix seconds of Berlin midnight of the last travel day (the day itself is included). */
    end: z.nullable(daySchema),
    /** Trip length in days, both ends included; min === max means exactly that many days. */
    duration: z.nullable(durationSchema),
    bookable: z.nullable(bookableSchema),
    /** Whole euros. */
    price: priceSchema,
  })
  .check(z.refine((s) => s.start === null || s.end === null || s.start <= s.end, 'start must not be after end'))

export type Search = z.infer<typeof searchSchema>

/** The search that matches every trip. Treat as immutable; parseSegment never returns this object. */
export const EMPTY_SEARCH: Search = {
  text: '',
  categories: [],
  countries: [],
  regions: [],
  start: null,
  end: null,
  duration: null,
  bookable: null,
  price: { ...DEFAULT_PRICE_RANGE },
}

const looseRangeSchema = z.object({ min: z.number(), max: z.number() })

/** Anything shaped like a search, canonical or not: what normalizeSearch accepts. */
export const searchInputSchema = z.object({
  text: z.optional(z.string()),
  categories: z.optional(z.readonly(z.array(z.number()))),
  countries: z.optional(z.readonly(z.array(z.number()))),
  regions: z.optional(z.readonly(z.array(z.number()))),
  start: z.optional(z.nullable(z.number())),
  end: z.optional(z.nullable(z.number())),
  duration: z.optional(z.nullable(looseRangeSchema)),
  bookable: z.optional(z.nullable(z.number())),
  price: z.optional(z.nullable(looseRangeSchema)),
})

export type SearchInput = z.input<typeof searchInputSchema>

function normalizeIds(ids: readonly number[] | undefined): number[] {
  const valid = (ids ?? []).filter((id) => Number.isSafeInteger(id) && id > 0)
  return [...new Set(valid)].sort((a, b) => a - b)
}

// Any instant in a day stands for that day; before 1970 (negative seconds) there are no trips.
function normalizeDay(sec: number | null | undefined): number | null {
  if (sec === null || sec === undefined || !Number.isFinite(sec) || sec < 0) return null
  const dayStart = berlinDayStart(sec)
  return dayStart === null || dayStart < 0 ? null : dayStart
}

function ordered(a: number, b: number): { min: number; max: number } {
  return a <= b ? { min: a, max: b } : { min: b, max: a }
}

function normalizeDuration(d: { min: number; max: number } | null | undefined): Search['duration'] {
  if (d === null || d === undefined) return null
  const isDays = (n: number) => Number.isSafeInteger(n) && n >= 1
  return isDays(d.min) && isDays(d.max) ? ordered(d.min, d.max) : null
}

function normalizeBookable(b: number | null | undefined): BookableStatus | null {
  const parsed = bookableSchema.safeParse(b)
  return parsed.success ? parsed.data : null
}

// Infinity is read as "no upper limit" and clamped like any amount above the default maximum.
function normalizePrice(p: { min: number; max: number } | null | undefined): Search['price'] {
  const isAmount = (n: number) => n >= 0 && (Number.isInteger(n) || n === Infinity)
  if (p === null || p === undefined || !isAmount(p.min) || !isAmount(p.max)) return { ...DEFAULT_PRICE_RANGE }
  const clamp = (n: number) => Math.min(n, DEFAULT_PRICE_RANGE.max)
  return ordered(clamp(p.min), clamp(p.max))
}

/**
 * The canonical search closest to any input: text as normalizeText, ids positive, unique and
 * ascending, days snapped to their Berlin midnight, reversed ranges swapped, prices clamped to
 * the default range; whatever cannot be read is dropped to empty or default, never guessed.
 */
export function normalizeSearch(input: SearchInput): Search {
  const start = normalizeDay(input.start)
  const end = normalizeDay(input.end)
  const swapDays = start !== null && end !== null && start > end
  return {
    text: normalizeText(input.text ?? ''),
    categories: normalizeIds(input.categories),
    countries: normalizeIds(input.countries),
    regions: normalizeIds(input.regions),
    start: swapDays ? end : start,
    end: swapDays ? start : end,
    duration: normalizeDuration(input.duration),
    bookable: normalizeBookable(input.bookable),
    price: normalizePrice(input.price),
  }
}

const DIGITS = /^\d+$/

// ASCII digits only: '+3', '3.5', '1e3' and '٣' are not ids or seconds.
function readNumber(token: string): number | null {
  const t = token.trim()
  return DIGITS.test(t) ? Number(t) : null
}

function readIdList(slot: string): number[] {
  return slot.split(',').flatMap((token) => {
    const n = readNumber(token)
    return n === null ? [] : [n]
  })
}

function readPair(slot: string): { min: number; max: number } | null {
  const tokens = slot.split(',')
  if (tokens.length !== 2) return null
  const [min, max] = tokens.map(readNumber)
  return min === null || min === undefined || max === null || max === undefined ? null : { min, max }
}

function readDuration(slot: string): { min: number; max: number } | null {
  if (!slot.includes(',')) {
    const days = readNumber(slot)
    return days === null ? null : { min: days, max: days }
  }
  return readPair(slot)
}

// The router hands over a decoded param, but links that went through a mail client or an old
// site can arrive encoded twice. A canonical segment never contains '%', so this cannot undo a
// real character of the search.
function decodeOnce(segment: string): string {
  if (!/%[0-9a-f]{2}/i.test(segment)) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Reads any string as a search; never throws. The last eight dashes separate the nine slots and
 * everything before them is the text. A segment with fewer than eight dashes is read as text
 * alone ('lago-di-garda' searches "lago di garda"): such a segment was typed by hand, not made
 * by stringifySegment, and guessing which slots were left out would drop the words typed.
 */
export function parseSegment(segment: string): Search {
  const decoded = decodeOnce(segment)
  const parts = decoded.split('-')
  if (parts.length < SLOT_COUNT) return normalizeSearch({ text: decoded })
  const textParts = parts.slice(0, parts.length - (SLOT_COUNT - 1))
  const [categories = '', countries = '', regions = '', start = '', end = '', duration = '', bookable = '', price = ''] =
    parts.slice(parts.length - (SLOT_COUNT - 1))
  return normalizeSearch({
    text: textParts.join(' '),
    categories: readIdList(categories),
    countries: readIdList(countries),
    regions: readIdList(regions),
    start: readNumber(start),
    end: readNumber(end),
    duration: readDuration(duration),
    bookable: readNumber(bookable),
    price: readPair(price),
  })
}

/** The price range of a search that leaves prices alone (its slot stays empty). */
export function isDefaultPrice(p: Search['price']): boolean {
  return p.min === DEFAULT_PRICE_RANGE.min && p.max === DEFAULT_PRICE_RANGE.max
}

/** The canonical segment of a search; the input is normalised first, so any search-like value is safe. */
export function stringifySegment(search: SearchInput): string {
  const s = normalizeSearch(search)
  const slots = [
    s.text.replaceAll(' ', '-'),
    s.categories.join(','),
    s.countries.join(','),
    s.regions.join(','),
    s.start === null ? '' : String(s.start),
    s.end === null ? '' : String(s.end),
    s.duration === null ? '' : s.duration.min === s.duration.max ? String(s.duration.min) : `${s.duration.min},${s.duration.max}`,
    s.bookable === null ? '' : String(s.bookable),
    isDefaultPrice(s.price) ? '' : `${s.price.min},${s.price.max}`,
  ]
  return slots.join('-')
}

const rangeSchema = z.object({ min: z.number(), max: z.number() })

/** The values of the search form, as its fields hold them. */
export const searchFormSchema = z.object({
  text: z.string(),
  categories: z.array(z.number()),
  countries: z.array(z.number()),
  regions: z.array(z.number()),
  /** dd.mm.yyyy as typed; anything else leaves the start empty. */
  startDate: z.string(),
  endDate: z.string(),
  duration: z.optional(z.nullable(rangeSchema)),
  /** From a select, so possibly a string; spec 5: read as an integer or null. */
  bookable: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  /** Spec 5: a missing price range is the default range. */
  price: z.optional(z.nullable(rangeSchema)),
})

export type SearchForm = z.infer<typeof searchFormSchema>

// '3', ' 3 ' and 3 are status 3; '3.7', '-1', '' and 9 are no status.
function readBookable(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return value
  if (typeof value === 'string') return readNumber(value)
  return null
}

/** The search the form describes, by the setting rules of spec 2 and 5. */
export function searchFromForm(form: SearchForm): Search {
  return normalizeSearch({
    text: form.text,
    categories: form.categories,
    countries: form.countries,
    regions: form.regions,
    start: germanDateToUnix(form.startDate),
    end: germanDateToUnix(form.endDate),
    duration: form.duration,
    bookable: readBookable(form.bookable),
    price: form.price,
  })
}

/** The form filled in from a search, e.g. the one in the URL of the results page. */
export function formFromSearch(search: Search): SearchForm {
  return {
    text: search.text,
    categories: [...search.categories],
    countries: [...search.countries],
    regions: [...search.regions],
    startDate: search.start === null ? '' : unixToGermanDate(search.start),
    endDate: search.end === null ? '' : unixToGermanDate(search.end),
    duration: search.duration === null ? null : { ...search.duration },
    bookable: search.bookable,
    price: { ...search.price },
  }
}
