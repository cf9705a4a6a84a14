// The search form's fields as the inputs hold them (text, German number and date strings) and
// the way to and from a Search. The same field names are the query of the plain GET form that
// works before the scripts have loaded (/reiseuebersicht/search/?text=…&categories=3…).
import * as z from 'zod/mini'
import { parseBookable } from '../bookable'
import { formatNumber } from '../format'
import { parseLocaleNumber } from '../masks'
import { germanDateToUnix } from './dates'
import { DEFAULT_PRICE_RANGE, formFromSearch, searchFormSchema, searchFromForm } from './segment'
import type { Search } from './segment'
import { sortParams } from './sort'
import type { SortBy, SortDirection } from './sort'

/** The longest trip the catalogue allows (trips.duration_days is 1–366): an open "bis" field. */
export const MAX_TRIP_DAYS = 366

export const searchFormValuesSchema = z.extend(
  z.pick(searchFormSchema, { text: true, categories: true, countries: true, regions: true, startDate: true, endDate: true }),
  {
    /** Whole days, as typed. */
    durationMin: z.string(),
    durationMax: z.string(),
    /** '' for every status, else '0'–'5'. */
    bookable: z.string(),
    /** Whole euros in German notation ('1.500'). */
    priceMin: z.string(),
    priceMax: z.string(),
    ferien: z.boolean(),
  },
)
export type SearchFormValues = z.infer<typeof searchFormValuesSchema>

/** A whole, non-negative number from a German number field; '' and anything else are null. */
export function readWholeNumber(text: string): number | null {
  if (text.trim() === '') return null
  const n = parseLocaleNumber(text)
  return n === null || n < 0 ? null : Math.floor(n)
}

function rangeFrom(minText: string, maxText: string, lowest: number, highest: number): { min: number; max: number } | null {
  const min = readWholeNumber(minText)
  const max = readWholeNumber(maxText)
  if (min === null && max === null) return null
  return { min: min ?? lowest, max: max ?? highest }
}

/** The search the fields describe (spec 2 and 5 rules through searchFromForm). */
export function searchFromFormValues(values: SearchFormValues): Search {
  return searchFromForm({
    text: values.text,
    categories: values.categories,
    countries: values.countries,
    regions: values.regions,
    startDate: values.startDate,
    endDate: values.endDate,
    duration: rangeFrom(values.durationMin, values.durationMax, 1, MAX_TRIP_DAYS),
    bookable: parseBookable(values.bookable),
    price: rangeFrom(values.priceMin, values.priceMax, DEFAULT_PRICE_RANGE.min, DEFAULT_PRICE_RANGE.max),
  })
}

/** The fields filled in from a search; open ends of the ranges stay empty. */
export function formValuesFromSearch(search: Search, ferien: boolean): SearchFormValues {
  const form = formFromSearch(search)
  const duration = search.duration
  const price = search.price
  return {
    text: form.text,
    categories: form.categories,
    countries: form.countries,
    regions: form.regions,
    startDate: form.startDate,
    endDate: form.endDate,
    durationMin: duration === null || duration.min === 1 ? '' : String(duration.min),
    durationMax: duration === null || duration.max === MAX_TRIP_DAYS ? '' : String(duration.max),
    bookable: search.bookable === null ? '' : String(search.bookable),
    priceMin: price.min === DEFAULT_PRICE_RANGE.min ? '' : formatNumber(price.min, 0),
    priceMax: price.max === DEFAULT_PRICE_RANGE.max ? '' : formatNumber(price.max, 0),
    ferien,
  }
}

export type DateFieldState = 'empty' | 'valid' | 'invalid'

/** Whether a date field is empty, a real dd.mm.yyyy day, or something else (still typing). */
export function dateFieldState(text: string): DateFieldState {
  if (text.trim() === '') return 'empty'
  return germanDateToUnix(text) === null ? 'invalid' : 'valid'
}

/**
 * The search to apply while the user edits: like searchFromFormValues, but a date field that is
 * neither empty nor a complete date keeps the date of the current search, so that typing
 * '12.0' does not drop the date filter for a moment.
 */
export function searchWhileEditing(values: SearchFormValues, current: Search): Search {
  const next = searchFromFormValues(values)
  const start = dateFieldState(values.startDate) === 'invalid' ? current.start : next.start
  const end = dateFieldState(values.endDate) === 'invalid' ? current.end : next.end
  if (start === next.start && end === next.end) return next
  // Keep the pair ordered as the codec does: a kept date may now lie after the typed one.
  return start !== null && end !== null && start > end ? { ...next, start: end, end: start } : { ...next, start, end }
}

// The GET form sends every field as text, lists as repeated keys (formQuery); the form's
// own fields hold text and lists of numbers. Whatever cannot be read is left empty, never refused.
const textField = z.catch(z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String))), undefined)
const idsField = z.catch(
  z.optional(
    z.pipe(
      z.union([z.array(z.union([z.number(), z.string()])), z.number(), z.string()]),
      z.transform((v) => (Array.isArray(v) ? v : [v]).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0)),
    ),
  ),
  undefined,
)

export const searchFormQuerySchema = z.object({
  text: textField,
  /** The header's quick search names its field q. */
  q: textField,
  categories: idsField,
  countries: idsField,
  regions: idsField,
  startDate: textField,
  endDate: textField,
  durationMin: textField,
  durationMax: textField,
  bookable: textField,
  priceMin: textField,
  priceMax: textField,
  ferien: z.catch(
    z.optional(
      z.pipe(
        z.union([z.boolean(), z.string(), z.number()]),
        z.transform((v) => v === true || v === 'true' || v === 'on' || v === 1 || v === '1'),
      ),
    ),
    undefined,
  ),
})
export type SearchFormQuery = z.infer<typeof searchFormQuerySchema>

export function formValuesFromQuery(query: SearchFormQuery): SearchFormValues {
  return {
    text: query.text ?? query.q ?? '',
    categories: query.categories ?? [],
    countries: query.countries ?? [],
    regions: query.regions ?? [],
    startDate: query.startDate ?? '',
    endDate: query.endDate ?? '',
    durationMin: query.durationMin ?? '',
    durationMax: query.durationMax ?? '',
    bookable: query.bookable ?? '',
    priceMin: query.priceMin ?? '',
    priceMax: query.priceMax ?? '',
    ferien: query.ferien ?? false,
  }
}

/**
 * A form's fields as a plain GET form sends them: every value text, a repeated key a list. Read
 * from the URL so, not through the router's search parser, which reads '1.500' as the number 1.5.
 */
export function formQuery(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key)
    query[key] = all.length === 1 ? (all[0] ?? '') : all
  }
  return query
}

const searchFormTargetSchema = z.extend(searchFormQuerySchema, sortParams())

/** Where a search form sent as a plain GET query leads: the search and its own URL's query. */
export function searchFormTarget(query: unknown): { search: Search; params: { sortBy: SortBy; sortDirection: SortDirection; ferien: boolean } } {
  const parsed = searchFormTargetSchema.parse(query)
  const values = formValuesFromQuery(parsed)
  return { search: searchFromFormValues(values), params: { sortBy: parsed.sortBy, sortDirection: parsed.sortDirection, ferien: values.ferien } }
}
