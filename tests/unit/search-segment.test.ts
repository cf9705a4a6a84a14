// The search segment codec (spec 2, DESIGN 5): vectors, edge cases and the codec's laws.
import fc from 'fast-check'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { germanDateToUnix } from '~/lib/search/dates'
import {
  DEFAULT_PRICE_RANGE,
  EMPTY_SEARCH,
  MAX_TEXT_LENGTH,
  type Search,
  type SearchForm,
  formFromSearch,
  normalizeSearch,
  normalizeText,
  parseSegment,
  searchFromForm,
  searchSchema,
  stringifySegment,
} from '~/lib/search/segment'

const JAN_1_2027 = 1798758000
const JAN_31_2027 = 1801350000

const search = (fields: Partial<Search>): Search => ({ ...EMPTY_SEARCH, price: { ...DEFAULT_PRICE_RANGE }, ...fields })

describe('DESIGN 5 vectors', () => {
  const vectors: [string, Search][] = [
    ['gardasee--------', search({ text: 'gardasee' })],
    ['lago-di-garda--------', search({ text: 'lago di garda' })],
    ['--------', EMPTY_SEARCH],
    [
      '-3,7-12-45-1798758000-1801350000-5,8-0-100,2000',
      {
        text: '',
        categories: [3, 7],
        countries: [12],
        regions: [45],
        start: JAN_1_2027,
        end: JAN_31_2027,
        duration: { min: 5, max: 8 },
        bookable: 0,
        price: { min: 100, max: 2000 },
      },
    ],
    ['ostsee-3-----1--', search({ text: 'ostsee', categories: [3], duration: { min: 1, max: 1 } })],
  ]

  it.each(vectors)('parses %j', (segment, expected) => {
    expect(parseSegment(segment)).toEqual(expected)
  })

  it.each(vectors)('%j is already canonical', (segment, parsed) => {
    expect(stringifySegment(parsed)).toBe(segment)
  })
})

describe('parseSegment', () => {
  it('reads a segment with fewer than eight dashes as text alone', () => {
    expect(parseSegment('gardasee')).toEqual(search({ text: 'gardasee' }))
    expect(parseSegment('lago-di-garda')).toEqual(search({ text: 'lago di garda' }))
    expect(parseSegment('ostsee-3')).toEqual(search({ text: 'ostsee 3' }))
    expect(parseSegment('-------')).toEqual(EMPTY_SEARCH)
    expect(parseSegment('')).toEqual(EMPTY_SEARCH)
  })

  it('gives every dash before the last eight to the text', () => {
    expect(parseSegment('a-b-c--------')).toEqual(search({ text: 'a b c' }))
    expect(parseSegment('---a---b-----------')).toEqual(search({ text: 'a b' }))
    expect(parseSegment('---------')).toEqual(EMPTY_SEARCH)
  })

  it('writes the text in one canonical way', () => {
    expect(parseSegment('Gardasee-SÜDTIROL--------').text).toBe('gardasee südtirol')
    expect(parseSegment('  lago \t di   garda --------').text).toBe('lago di garda')
    // 'a' followed by a combining diaeresis is the same word as the precomposed 'ä'.
    expect(parseSegment('a\u0308gypten--------').text).toBe('\u00e4gypten')
    expect(parseSegment('a/b?c#d%e\\f--------').text).toBe('a b c d e f')
    expect(parseSegment('zero\u200bwidth\u00adsoft--------').text).toBe('zero width soft')
    expect(parseSegment('lone\ud800surrogate--------').text).toBe('lone surrogate')
    expect(parseSegment('emoji-😀--------').text).toBe('emoji 😀')
    expect(parseSegment('st.-moritz-&-co.--------').text).toBe('st. moritz & co.')
  })

  it('cuts the text at MAX_TEXT_LENGTH code points', () => {
    const long = parseSegment(`${'ä'.repeat(MAX_TEXT_LENGTH + 20)}--------`).text
    expect(Array.from(long)).toHaveLength(MAX_TEXT_LENGTH)
    // A cut that ends in a blank leaves no trailing blank.
    expect(parseSegment(`${'a'.repeat(MAX_TEXT_LENGTH - 1)}-b--------`).text).toBe('a'.repeat(MAX_TEXT_LENGTH - 1))
  })

  it('keeps only positive integer ids, once each, ascending', () => {
    const parsed = parseSegment('-7,3,x,3,0,07,,2, 9 ,1.5,+4,1e3-12,12-9007199254740993,5-----')
    expect(parsed.categories).toEqual([2, 3, 7, 9])
    expect(parsed.countries).toEqual([12])
    expect(parsed.regions).toEqual([5])
  })

  it('snaps a date to the midnight of its Berlin day and drops what is not one', () => {
    expect(parseSegment(`----${JAN_1_2027 + 4000}----`).start).toBe(JAN_1_2027)
    expect(parseSegment(`----${JAN_1_2027}.5----`).start).toBeNull()
    expect(parseSegment('----99999999999999----').start).toBeNull()
    expect(parseSegment('----abc-x---').start).toBeNull()
    // Before the first Berlin midnight at or after 1970-01-01T00:00Z there is no day.
    expect(parseSegment('----0----').start).toBeNull()
  })

  it('swaps a start after the end', () => {
    const parsed = parseSegment(`----${JAN_31_2027}-${JAN_1_2027}---`)
    expect([parsed.start, parsed.end]).toEqual([JAN_1_2027, JAN_31_2027])
  })

  it('reads the duration as min,max or one number, ordered, at least one day', () => {
    const duration = (slot: string) => parseSegment(`------${slot}--`).duration
    expect(duration('5,8')).toEqual({ min: 5, max: 8 })
    expect(duration('8,5')).toEqual({ min: 5, max: 8 })
    expect(duration('3')).toEqual({ min: 3, max: 3 })
    expect(duration('3,3')).toEqual({ min: 3, max: 3 })
    expect(duration(' 4 ')).toEqual({ min: 4, max: 4 })
    for (const slot of ['', '0', '0,5', '5,', ',8', '1,2,3', 'x', '2.5']) expect(duration(slot)).toBeNull()
  })

  it('writes a duration of exactly n days as n', () => {
    expect(stringifySegment(search({ duration: { min: 3, max: 3 } }))).toBe('------3--')
  })

  it('reads bookable as a status 0 to 5 or nothing', () => {
    const bookable = (slot: string) => parseSegment(`-------${slot}-`).bookable
    expect(bookable('0')).toBe(0)
    expect(bookable('5')).toBe(5)
    expect(bookable('05')).toBe(5)
    for (const slot of ['', '6', '10', 'x', '1,2', '1.0']) expect(bookable(slot)).toBeNull()
  })

  it('reads the price as min,max in euros, ordered and clamped, else the default', () => {
    const price = (slot: string) => parseSegment(`--------${slot}`).price
    expect(price('100,2000')).toEqual({ min: 100, max: 2000 })
    expect(price('2000,100')).toEqual({ min: 100, max: 2000 })
    expect(price('0,0')).toEqual({ min: 0, max: 0 })
    expect(price('100,999999999999999')).toEqual({ min: 100, max: DEFAULT_PRICE_RANGE.max })
    expect(price(`100,${'9'.repeat(400)}`)).toEqual({ min: 100, max: DEFAULT_PRICE_RANGE.max })
    for (const slot of ['', '100', '100,', ',100', '1,2,3', '99.5,200', 'a,b']) {
      expect(price(slot)).toEqual(DEFAULT_PRICE_RANGE)
    }
  })

  it('leaves the price slot empty for the default range however it was written', () => {
    expect(stringifySegment(parseSegment('--------0,500000000000'))).toBe('--------')
    expect(stringifySegment(parseSegment('--------0,900000000000'))).toBe('--------')
  })

  it('decodes a segment that arrives percent-encoded once more', () => {
    expect(parseSegment('%C3%A4gypten--------').text).toBe('ägypten')
    expect(parseSegment('ostsee-3%2C7-------').categories).toEqual([3, 7])
    // Malformed escapes are read as they stand, without throwing.
    expect(parseSegment('%E0%A4%A--------').text).toBe('e0 a4 a')
  })
})

describe('stringifySegment', () => {
  it('joins the text with dashes', () => {
    expect(stringifySegment(search({ text: 'lago di garda', bookable: 3 }))).toBe('lago-di-garda-------3-')
  })

  it('normalises what it is given, so any search-like value gives a canonical segment', () => {
    expect(
      stringifySegment({
        text: '  Lago-di  Garda ',
        categories: [7, 3, 3, -1, 2.5],
        start: JAN_31_2027 + 100,
        end: JAN_1_2027,
        duration: { min: 8, max: 5 },
        bookable: 9,
        price: { min: 2000, max: 100 },
      }),
    ).toBe(`lago-di-garda-3,7---${JAN_1_2027}-${JAN_31_2027}-5,8--100,2000`)
    expect(stringifySegment({})).toBe('--------')
  })
})

describe('searchSchema admits only canonical searches', () => {
  it('infers the Search type', () => {
    expectTypeOf<Search>().toEqualTypeOf<{
      text: string
      categories: number[]
      countries: number[]
      regions: number[]
      start: number | null
      end: number | null
      duration: { min: number; max: number } | null
      bookable: 0 | 1 | 2 | 3 | 4 | 5 | null
      price: { min: number; max: number }
    }>()
  })

  it('accepts the empty search and the vectors', () => {
    expect(searchSchema.safeParse(EMPTY_SEARCH).success).toBe(true)
    expect(searchSchema.safeParse(parseSegment('-3,7-12-45-1798758000-1801350000-5,8-0-100,2000')).success).toBe(true)
  })

  it.each<[string, Record<string, unknown>]>([
    ['a dash in the text', { text: 'lago-di' }],
    ['upper case', { text: 'Gardasee' }],
    ['a double blank', { text: 'lago  di' }],
    ['a leading blank', { text: ' lago' }],
    ['unsorted ids', { categories: [7, 3] }],
    ['repeated ids', { countries: [3, 3] }],
    ['id 0', { regions: [0] }],
    ['a time that is not midnight', { start: JAN_1_2027 + 1 }],
    ['start after end', { start: JAN_31_2027, end: JAN_1_2027 }],
    ['a reversed duration', { duration: { min: 8, max: 5 } }],
    ['a zero duration', { duration: { min: 0, max: 0 } }],
    ['status 6', { bookable: 6 }],
    ['a price above the default maximum', { price: { min: 0, max: DEFAULT_PRICE_RANGE.max + 1 } }],
    ['a reversed price', { price: { min: 2000, max: 100 } }],
    ['cents', { price: { min: 99.5, max: 200 } }],
  ])('refuses %s', (_, fields) => {
    expect(searchSchema.safeParse({ ...EMPTY_SEARCH, ...fields }).success).toBe(false)
  })
})

describe('searchFromForm', () => {
  const form = (fields: Partial<SearchForm>): SearchForm => ({
    text: '',
    categories: [],
    countries: [],
    regions: [],
    startDate: '',
    endDate: '',
    ...fields,
  })

  it('converts dd.mm.yyyy dates to unix seconds', () => {
    const s = searchFromForm(form({ text: 'Gardasee', categories: [7, 3], startDate: '01.01.2027', endDate: '31.01.2027' }))
    expect(s).toEqual(search({ text: 'gardasee', categories: [3, 7], start: JAN_1_2027, end: JAN_31_2027 }))
  })

  it('leaves the slot of an invalid date empty', () => {
    const s = searchFromForm(form({ startDate: '31.02.2027', endDate: '31.01.2027' }))
    expect([s.start, s.end]).toEqual([null, JAN_31_2027])
    expect(searchFromForm(form({ startDate: '1.1.27' })).start).toBeNull()
  })

  it('makes a missing price range the default one', () => {
    expect(searchFromForm(form({})).price).toEqual(DEFAULT_PRICE_RANGE)
    expect(searchFromForm(form({ price: null })).price).toEqual(DEFAULT_PRICE_RANGE)
    expect(searchFromForm(form({ price: { min: 100, max: 2000 } })).price).toEqual({ min: 100, max: 2000 })
  })

  it('reads bookable as an integer or null', () => {
    const bookable = (value: SearchForm['bookable']) => searchFromForm(form({ bookable: value })).bookable
    expect(bookable('3')).toBe(3)
    expect(bookable(' 0 ')).toBe(0)
    expect(bookable(4)).toBe(4)
    for (const value of ['', '3.7', '-1', 'abc', '9', 9, 3.7, null, undefined]) expect(bookable(value)).toBeNull()
  })
})

// Arbitraries for valid searches: each slot from its canonical values, small values often.
const wordChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzäöüßé0123456789.,\'&+()!:'.split(''))
const canonicalWords = fc
  .array(fc.string({ unit: wordChar, minLength: 1, maxLength: 12 }), { maxLength: 6 })
  .map((words) => words.join(' '))
const textArb = fc.oneof(
  canonicalWords,
  fc.string({ unit: 'binary', maxLength: 120 }).map(normalizeText),
  fc.string({ unit: 'grapheme', maxLength: 120 }).map(normalizeText),
)
const idArb = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }))
const idListArb = fc.uniqueArray(idArb, { maxLength: 6 }).map((ids) => [...ids].sort((a, b) => a - b))

const pad2 = (n: number) => String(n).padStart(2, '0')
const FIRST_DAY = Date.UTC(1970, 0, 2) / 86_400_000
const LAST_DAY = Date.UTC(9999, 11, 31) / 86_400_000
// The day comes from UTC calendar arithmetic; germanDateToUnix (tested on its own) gives its midnight.
const dayArb = fc.integer({ min: FIRST_DAY, max: LAST_DAY }).map((n) => {
  const d = new Date(n * 86_400_000)
  const sec = germanDateToUnix(`${pad2(d.getUTCDate())}.${pad2(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`)
  if (sec === null) throw new Error(`no midnight for day ${n}`)
  return sec
})
const datesArb = fc
  .tuple(fc.option(dayArb), fc.option(dayArb))
  .map(([a, b]) => (a !== null && b !== null && a > b ? [b, a] : [a, b]))

const ordered = ([a, b]: [number, number]) => (a <= b ? { min: a, max: b } : { min: b, max: a })
const daysArb = fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }))
const durationArb = fc.option(
  fc.oneof(
    daysArb.map((n) => ({ min: n, max: n })),
    fc.tuple(daysArb, daysArb).map(ordered),
  ),
)
const euroArb = fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: DEFAULT_PRICE_RANGE.max }))
const priceArb = fc.oneof(
  fc.constant({ ...DEFAULT_PRICE_RANGE }),
  fc.tuple(euroArb, euroArb).map(ordered),
  euroArb.map((min) => ({ min, max: DEFAULT_PRICE_RANGE.max })),
  euroArb.map((max) => ({ min: 0, max })),
)

const validSearchArb: fc.Arbitrary<Search> = fc
  .record({
    text: textArb,
    categories: idListArb,
    countries: idListArb,
    regions: idListArb,
    dates: datesArb,
    duration: durationArb,
    bookable: fc.option(fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const, 4 as const, 5 as const)),
    price: priceArb,
  })
  .map(({ dates: [start, end], ...rest }) => ({ ...rest, start: start ?? null, end: end ?? null }))

// Garbage in several shapes: any string, any code units, and strings made mostly of the
// characters the format is built from, with many dashes so that every slot gets filled.
const segmentAlphabet = fc.constantFrom(...'-----,,0123456789abcä '.split(''))
const slotArb = fc.string({ unit: fc.constantFrom(...'0123456789,, x'.split('')), maxLength: 14 })
const garbageArb = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: segmentAlphabet, maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...'%2dDC3A4-a0E'.split('')), maxLength: 40 }),
  fc
    .tuple(fc.string({ unit: segmentAlphabet, maxLength: 20 }), fc.array(slotArb, { minLength: 8, maxLength: 10 }))
    .map(([text, slots]) => [text, ...slots].join('-')),
  fc
    .tuple(validSearchArb, fc.nat(), fc.string({ unit: segmentAlphabet, minLength: 1, maxLength: 3 }))
    .map(([s, at, insert]) => {
      const segment = stringifySegment(s)
      const i = at % (segment.length + 1)
      return segment.slice(0, i) + insert + segment.slice(i)
    }),
)

const RUNS = { numRuns: 2000 }

describe('properties', () => {
  it('the arbitrary makes valid searches only', () => {
    fc.assert(
      fc.property(validSearchArb, (s) => {
        expect(searchSchema.safeParse(s).success).toBe(true)
      }),
      RUNS,
    )
  })

  it('parse(stringify(x)) equals x for every valid x', () => {
    fc.assert(
      fc.property(validSearchArb, (s) => {
        expect(parseSegment(stringifySegment(s))).toEqual(s)
      }),
      RUNS,
    )
  })

  it('normalizeSearch leaves a valid search as it is', () => {
    fc.assert(
      fc.property(validSearchArb, (s) => {
        expect(normalizeSearch(s)).toEqual(s)
      }),
      RUNS,
    )
  })

  it('searchFromForm(formFromSearch(x)) equals x for every valid x', () => {
    fc.assert(
      fc.property(validSearchArb, (s) => {
        expect(searchFromForm(formFromSearch(s))).toEqual(s)
      }),
      RUNS,
    )
  })

  it('any string parses, without throwing, to a valid search', () => {
    fc.assert(
      fc.property(garbageArb, (segment) => {
        expect(searchSchema.safeParse(parseSegment(segment)).success).toBe(true)
      }),
      RUNS,
    )
  })

  it('stringify(parse(s)) is canonical for any string s', () => {
    fc.assert(
      fc.property(garbageArb, (segment) => {
        const canonical = stringifySegment(parseSegment(segment))
        expect(stringifySegment(parseSegment(canonical))).toBe(canonical)
      }),
      RUNS,
    )
  })

  it('stringify(parse(s)) is canonical for texts at the length cap made of composing characters', () => {
    // Combining marks, conjoining Hangul jamo and 'İ' (whose lower case is two code points) are
    // where lower-casing, NFC and cutting could disagree.
    const composing = fc.constantFrom(...['a', 'A', '\u0308', '\u0301', 'İ', '\u1100', '\u1161', '\u11a8', '가', ' ', '-', '\u200b'])
    fc.assert(
      fc.property(fc.string({ unit: composing, minLength: 90, maxLength: 140 }), (text) => {
        const canonical = stringifySegment(parseSegment(`${text}--------`))
        expect(stringifySegment(parseSegment(canonical))).toBe(canonical)
        expect(searchSchema.safeParse(parseSegment(canonical)).success).toBe(true)
      }),
      RUNS,
    )
  })

  it('a canonical segment survives percent-encoding', () => {
    fc.assert(
      fc.property(validSearchArb, (s) => {
        const segment = stringifySegment(s)
        expect(decodeURIComponent(encodeURIComponent(segment))).toBe(segment)
        expect(segment).not.toMatch(/[/?#%\\]/)
      }),
      RUNS,
    )
  })

  it('normalizeSearch gives a valid search for any search-like input', () => {
    const anyNumber = fc.oneof(fc.double(), fc.integer({ min: -100, max: 100 }), fc.constant(JAN_1_2027 + 1))
    const range = fc.option(fc.record({ min: anyNumber, max: anyNumber }), { nil: undefined })
    fc.assert(
      fc.property(
        fc.record(
          {
            text: fc.string({ unit: 'binary', maxLength: 150 }),
            categories: fc.array(anyNumber, { maxLength: 5 }),
            countries: fc.array(anyNumber, { maxLength: 5 }),
            regions: fc.array(anyNumber, { maxLength: 5 }),
            start: fc.option(anyNumber),
            end: fc.option(anyNumber),
            duration: range,
            bookable: fc.option(anyNumber),
            price: range,
          },
          { requiredKeys: [] },
        ),
        (input) => {
          const normalized = normalizeSearch(input)
          expect(searchSchema.safeParse(normalized).success).toBe(true)
          expect(normalizeSearch(normalized)).toEqual(normalized)
        },
      ),
      RUNS,
    )
  })
})
