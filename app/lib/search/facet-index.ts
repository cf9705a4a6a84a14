// Facet counts from the few columns they need, kept in memory column by column: the trips a search
// can find (published, with a date from the index's day on) with their duration, statuses and
// category, country and region ids, and, for date filters, their upcoming dates. One pass over
// them answers a search's total and all three facet lists, each list ignoring its own filter,
// under the rules the SQL of services/search/filters.server.ts applies. The server loads the
// columns once per catalogue version and day (services/search/facet-index.server.ts) as flat
// lists of integers, which readIntegers reads without making a string per number.

/** The ids of each trip: those of trip i are ids[values[k]] for k from start[i] to start[i + 1] - 1. */
export type IdLists = {
  start: Int32Array
  /** Positions in ids (few distinct ids, so a small array counts them). */
  values: Uint16Array | Int32Array
  ids: number[]
}

/** The upcoming dates of each trip, as epoch days: those of trip i are from start[i] to start[i + 1] - 1. */
export type DateColumns = {
  start: Int32Array
  from: Int32Array
  till: Int32Array
  /** Millionths of a euro, as the database stores them (exact: every one is a safe integer). */
  price: Float64Array
  bookable: Uint8Array
}

export type FacetIndex = {
  /** Trip ids in ascending order; trip i is the i-th. */
  ids: Int32Array
  durations: Int32Array
  /** Bit n set: the trip has an upcoming date of status n. */
  statuses: Uint8Array
  /** The sort keys of the trip's own upcoming dates: first day (epoch day), lowest price (-1: none). */
  nextDates: Int32Array
  minPrices: Float64Array
  /** Place in the order by folded title, then id (the database's collation decides): the ties of every sort. */
  nameRanks: Int32Array
  /** False when a lowest price is too large to compare exactly as a number. */
  exactPrices: boolean
  categories: IdLists
  countries: IdLists
  regions: IdLists
}

/** Date conditions: a date matches when it satisfies every one that is set (all in epoch days). */
export type DateQuery = {
  /** The first day of an upcoming date (today). */
  from: number
  /** A date overlapping [start, end]: beginning on or before end and ending on or after start. */
  start: number | null
  end: number | null
  /** Both ends included, in millionths. */
  price: { min: number; max: number } | null
  /** Merged, ascending, disjoint ranges [first, day after last): the date overlaps one of them. */
  holidays: readonly (readonly [number, number])[] | null
}

export type FacetQuery = {
  categories: readonly number[]
  countries: readonly number[]
  regions: readonly number[]
  /** Days, both ends included. */
  duration: { min: number; max: number } | null
  bookable: number | null
  /** The trips the words match; null when there are no words. */
  hits: readonly number[] | null
  /** null: no condition on single dates, the trip's own statuses answer (a status filter included). */
  dates: DateQuery | null
}

export type FacetCounts = {
  total: number
  /** Per category id: trips matching everything but the category filter. */
  categories: Map<number, number>
  /** Per country id: trips matching everything but the country filter. */
  countries: Map<number, number>
  /** Per status 0–5: trips matching everything but the status filter with a matching date of that status. */
  statuses: Map<number, number>
}

/** The statuses the facet list counts (as the booking statuses go: 0–5). */
const STATUS_BITS = 6

/**
 * The non-negative or negative integers of a text, in order, whatever separates them (commas,
 * spaces): a reader that gives the next one each call, and NaN past the end.
 */
export function readIntegers(text: string): () => number {
  let at = 0
  return () => {
    let c = text.charCodeAt(at)
    // Skip separators (anything but digits and a minus sign).
    while (at < text.length && c !== 45 && (c < 48 || c > 57)) c = text.charCodeAt(++at)
    if (at >= text.length) return Number.NaN
    let sign = 1
    if (c === 45) {
      sign = -1
      c = text.charCodeAt(++at)
    }
    let n = 0
    while (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48)
      c = text.charCodeAt(++at)
    }
    return sign * n
  }
}

/** Collects id lists trip by trip, mapping each id to a small position. */
function idListBuilder(trips: number) {
  const start = new Int32Array(trips + 1)
  const values: number[] = []
  const positions = new Map<number, number>()
  const ids: number[] = []
  return {
    add(trip: number, id: number) {
      let position = positions.get(id)
      if (position === undefined) {
        position = ids.length
        positions.set(id, position)
        ids.push(id)
      }
      values.push(position)
      start[trip + 1] = values.length
    },
    close(trip: number) {
      start[trip + 1] = values.length
    },
    done(): IdLists {
      return { start, values: ids.length <= 0xffff ? Uint16Array.from(values) : Int32Array.from(values), ids }
    },
  }
}

/**
 * The trips from their integers: for each, id, duration, statuses, first day, lowest price (-1:
 * none), place in the name order, then the number of its categories and their ids, likewise
 * countries and regions. Ids must come in ascending order.
 */
export function readTrips(count: number, next: () => number): FacetIndex {
  const ids = new Int32Array(count)
  const durations = new Int32Array(count)
  const statuses = new Uint8Array(count)
  const nextDates = new Int32Array(count)
  const minPrices = new Float64Array(count)
  const nameRanks = new Int32Array(count)
  let exactPrices = true
  const lists = [idListBuilder(count), idListBuilder(count), idListBuilder(count)] as const
  for (let i = 0; i < count; i++) {
    ids[i] = next()
    if (i > 0 && (ids[i] ?? 0) <= (ids[i - 1] ?? 0)) throw new Error('readTrips: ids out of order')
    durations[i] = next()
    statuses[i] = next()
    nextDates[i] = next()
    const price = next()
    if (!Number.isSafeInteger(price)) exactPrices = false
    minPrices[i] = price
    nameRanks[i] = next()
    for (const list of lists) {
      const n = next()
      for (let k = 0; k < n; k++) list.add(i, next())
      list.close(i)
    }
  }
  if (!Number.isNaN(next())) throw new Error('readTrips: more integers than trips')
  const [categories, countries, regions] = lists.map((list) => list.done())
  if (!categories || !countries || !regions) throw new Error('readTrips: lists missing')
  return { ids, durations, statuses, nextDates, minPrices, nameRanks, exactPrices, categories, countries, regions }
}

/** Position of a trip id in the index, or -1. */
export function tripPosition(index: Pick<FacetIndex, 'ids'>, id: number): number {
  let low = 0
  let high = index.ids.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const found = index.ids[middle] ?? 0
    if (found === id) return middle
    if (found < id) low = middle + 1
    else high = middle - 1
  }
  return -1
}

/**
 * The dates from their integers, in any order: for each, trip id, first and last day (epoch days),
 * price in millionths and status. Dates of trips not in the index are left out. Null when a price
 * is too large to compare exactly as a number.
 */
export function readDates(index: Pick<FacetIndex, 'ids'>, count: number, next: () => number): DateColumns | null {
  const trips = index.ids.length
  // As read, then grouped by trip (a counting sort on the trip's position).
  const position = new Int32Array(count)
  const read = { from: new Int32Array(count), till: new Int32Array(count), price: new Float64Array(count), bookable: new Uint8Array(count) }
  const start = new Int32Array(trips + 1)
  for (let k = 0; k < count; k++) {
    const trip = tripPosition(index, next())
    read.from[k] = next()
    read.till[k] = next()
    const price = next()
    const status = next()
    if (Number.isNaN(status)) throw new Error('readDates: fewer integers than dates')
    if (!Number.isSafeInteger(price)) return null
    read.price[k] = price
    read.bookable[k] = status
    position[k] = trip
    if (trip >= 0) start[trip + 1] = (start[trip + 1] ?? 0) + 1
  }
  if (!Number.isNaN(next())) throw new Error('readDates: more integers than dates')
  for (let i = 0; i < trips; i++) start[i + 1] = (start[i + 1] ?? 0) + (start[i] ?? 0)
  const kept = start[trips] ?? 0
  const dates: DateColumns = { start, from: new Int32Array(kept), till: new Int32Array(kept), price: new Float64Array(kept), bookable: new Uint8Array(kept) }
  const filled = start.slice(0, trips)
  for (let k = 0; k < count; k++) {
    const trip = position[k] ?? -1
    if (trip < 0) continue
    const at = filled[trip] ?? 0
    filled[trip] = at + 1
    dates.from[at] = read.from[k] ?? 0
    dates.till[at] = read.till[k] ?? 0
    dates.price[at] = read.price[k] ?? 0
    dates.bookable[at] = read.bookable[k] ?? 0
  }
  return dates
}

export type SortKey = 'date' | 'price' | 'duration' | 'name'

/** Which trips an ordered list holds: those a text matches, or those with the one id in a list. */
export type Base = { hits: readonly number[] } | { list: 'categories' | 'countries' | 'regions'; id: number }

/**
 * The ids of the base's trips in ascending sort order: by first day, lowest price (none last) or
 * duration, ties by folded title, then id; by name, folded title, then id (the order the
 * database sorts them in). Null when prices are not exact as numbers and price is the order;
 * 'too many', unsorted, when the base has more than max trips (a list too long to keep).
 */
export function baseInSortOrder(index: FacetIndex, base: Base, sortBy: SortKey, max = Number.POSITIVE_INFINITY): number[] | 'too many' | null {
  if (sortBy === 'price' && !index.exactPrices) return null
  const member = new Uint8Array(index.ids.length)
  let count = 0
  const add = (trip: number) => {
    if (member[trip] === 0) count++
    member[trip] = 1
  }
  if ('hits' in base) forEachCandidate(index, base.hits, add)
  else {
    const list = index[base.list]
    const chosen = maskOf(list, [base.id])
    if (chosen !== null) for (let trip = 0; trip < index.ids.length; trip++) if (hasAny(list, trip, chosen)) add(trip)
  }
  if (count > max) return 'too many'
  const ids: number[] = []
  for (const trip of sortOrder(index, sortBy)) if (member[trip] === 1) ids.push(index.ids[trip] ?? 0)
  return ids
}

/** Every trip of an index in each order, sorted once (see sortOrder). */
const sortOrders = new WeakMap<FacetIndex, Map<SortKey, Int32Array>>()

/**
 * The positions of all the index's trips in ascending sort order (baseInSortOrder's), sorted once
 * per index and order: a base's list is then read off it (at 100,000 trips under a millisecond,
 * where sorting a category's 17,000 trips took 30-40 ms the first time).
 */
export function sortOrder(index: FacetIndex, sortBy: SortKey): Int32Array {
  return once(sortOrders, index, sortBy, () => {
    const ranks = index.nameRanks
    const keys = sortBy === 'date' ? index.nextDates : sortBy === 'duration' ? index.durations : sortBy === 'price' ? index.minPrices : null
    const key = (trip: number) => {
      const value = keys?.[trip] ?? 0
      return keys === index.minPrices && value < 0 ? Number.POSITIVE_INFINITY : value
    }
    return Int32Array.from(index.ids.keys()).sort((a, b) => key(a) - key(b) || (ranks[a] ?? 0) - (ranks[b] ?? 0))
  })
}

/** What is made once per object and key (an index's or its dates' orders). */
function once<O extends object, K, V>(store: WeakMap<O, Map<K, V>>, owner: O, key: K, make: () => V): V {
  let made = store.get(owner)
  if (!made) {
    made = new Map()
    store.set(owner, made)
  }
  const known = made.get(key)
  if (known !== undefined) return known
  const value = make()
  made.set(key, value)
  return value
}

/** Per dates of an index: its trips by their last day or highest price, with those bounds (see latestOrder). */
const latestOrders = new WeakMap<DateColumns, Map<'date' | 'price', readonly [Int32Array, Float64Array]>>()

/**
 * The positions of all the index's trips by the first day of their last upcoming date, or their
 * highest price, descending (-1 for a trip without dates), with those keys per position: they
 * bound the key of any matching date from above. Computed once per dates and order.
 */
export function latestOrder(index: FacetIndex, dates: DateColumns, sortBy: 'date' | 'price'): readonly [Int32Array, Float64Array] {
  return once(latestOrders, dates, sortBy, () => {
    const column = sortBy === 'date' ? dates.from : dates.price
    const latest = new Float64Array(index.ids.length).fill(-1)
    for (let trip = 0; trip < index.ids.length; trip++) {
      for (let k = dates.start[trip] ?? 0, end = dates.start[trip + 1] ?? 0; k < end; k++) latest[trip] = Math.max(latest[trip] ?? -1, column[k] ?? 0)
    }
    const order = Int32Array.from(index.ids.keys()).sort((a, b) => (latest[b] ?? 0) - (latest[a] ?? 0))
    return [order, latest] as const
  })
}

/** Per dates: all of them in day order (see datesByDay). */
const dayOrders = new WeakMap<DateColumns, DayOrder>()

type DayOrder = {
  /** Every date's position, by first day. */
  order: Int32Array
  /** The trip position of each date. */
  tripOf: Int32Array
  /** The longest date's last day minus its first. */
  longest: number
}

/** The dates by first day (a counting sort over the days), computed once per dates. */
export function datesByDay(dates: DateColumns): DayOrder {
  const known = dayOrders.get(dates)
  if (known) return known
  const count = dates.from.length
  const tripOf = new Int32Array(count)
  for (let trip = 0; trip + 1 < dates.start.length; trip++) tripOf.fill(trip, dates.start[trip] ?? 0, dates.start[trip + 1] ?? 0)
  let first = Number.POSITIVE_INFINITY
  let last = Number.NEGATIVE_INFINITY
  let longest = 0
  for (let k = 0; k < count; k++) {
    const day = dates.from[k] ?? 0
    first = Math.min(first, day)
    last = Math.max(last, day)
    longest = Math.max(longest, (dates.till[k] ?? 0) - day)
  }
  // Where each day's dates begin in the order, then the dates placed there one by one.
  const next = new Int32Array(count === 0 ? 1 : last - first + 2)
  for (let k = 0; k < count; k++) {
    const after = (dates.from[k] ?? 0) - first + 1
    next[after] = (next[after] ?? 0) + 1
  }
  for (let d = 1; d < next.length; d++) next[d] = (next[d] ?? 0) + (next[d - 1] ?? 0)
  const order = new Int32Array(count)
  for (let k = 0; k < count; k++) {
    const d = (dates.from[k] ?? 0) - first
    order[next[d] ?? 0] = k
    next[d] = (next[d] ?? 0) + 1
  }
  const made = { order, tripOf, longest }
  dayOrders.set(dates, made)
  return made
}

/** The first place in the day order whose date begins on or after the day. */
function firstOnOrAfter(order: Int32Array, from: Int32Array, day: number): number {
  let low = 0
  let high = order.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((from[order[middle] ?? 0] ?? 0) < day) low = middle + 1
    else high = middle
  }
  return low
}

/** The trip has one of the chosen ids (chosen: a mask over the list's positions). */
function hasAny(list: IdLists, trip: number, chosen: Uint8Array): boolean {
  for (let k = list.start[trip] ?? 0, end = list.start[trip + 1] ?? 0; k < end; k++) if (chosen[list.values[k] ?? 0]) return true
  return false
}

function maskOf(list: IdLists, chosen: readonly number[]): Uint8Array | null {
  if (chosen.length === 0) return null
  const wanted = new Set(chosen)
  return Uint8Array.from(list.ids, (id) => (wanted.has(id) ? 1 : 0))
}

function addAll(list: IdLists, trip: number, counts: Int32Array): void {
  for (let k = list.start[trip] ?? 0, end = list.start[trip + 1] ?? 0; k < end; k++) {
    const position = list.values[k] ?? 0
    counts[position] = (counts[position] ?? 0) + 1
  }
}

/** The first range whose end lies after the day, or ranges.length. */
function firstEndingAfter(ranges: readonly (readonly [number, number])[], day: number): number {
  let low = 0
  let high = ranges.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((ranges[middle]?.[1] ?? 0) > day) high = middle
    else low = middle + 1
  }
  return low
}

/** The statuses of the trip's dates that match (bit n: status n), 0 when none does. */
function matchingStatuses(dates: DateColumns, trip: number, q: DateQuery): number {
  let statuses = 0
  for (let k = dates.start[trip] ?? 0, end = dates.start[trip + 1] ?? 0; k < end; k++) {
    if (dateMatches(dates, k, q)) statuses |= 1 << (dates.bookable[k] ?? 0)
  }
  return statuses
}

/** Date k satisfies the date conditions (not the status). */
function dateMatches(dates: DateColumns, k: number, q: DateQuery): boolean {
  const from = dates.from[k] ?? 0
  const till = dates.till[k] ?? 0
  if (from < q.from) return false
  if (q.end !== null && from > q.end) return false
  if (q.start !== null && till < q.start) return false
  if (q.price !== null) {
    const price = dates.price[k] ?? 0
    if (price < q.price.min || price > q.price.max) return false
  }
  if (q.holidays !== null) {
    // Ranges are disjoint and ascending: only the first that ends after the date begins can
    // begin by its last day.
    const range = q.holidays[firstEndingAfter(q.holidays, from)]
    if (range === undefined || range[0] > till) return false
  }
  return true
}

function countsOf(list: IdLists, counts: Int32Array): Map<number, number> {
  const result = new Map<number, number>()
  list.ids.forEach((id, position) => {
    const n = counts[position] ?? 0
    if (n > 0) result.set(id, n)
  })
  return result
}

/** The trip is in one of the chosen regions (mask null: any) and lasts as the search asks. */
function inRegionAndDuration(index: FacetIndex, trip: number, regionMask: Uint8Array | null, duration: FacetQuery['duration']): boolean {
  if (regionMask !== null && !hasAny(index.regions, trip, regionMask)) return false
  const days = index.durations[trip] ?? 0
  return duration === null || (days >= duration.min && days <= duration.max)
}

/** Calls visit with the position of every trip a search looks at: its text hits, else all. */
function forEachCandidate(index: FacetIndex, hits: FacetQuery['hits'], visit: (trip: number) => void): void {
  if (hits === null) {
    for (let trip = 0; trip < index.ids.length; trip++) visit(trip)
    return
  }
  for (const id of hits) {
    const trip = tripPosition(index, id)
    if (trip >= 0) visit(trip)
  }
}

/** One byte per position, 1 for the text's hits; null when there are no words (every trip is a candidate). */
function hitMask(index: FacetIndex, hits: FacetQuery['hits']): Uint8Array | null {
  if (hits === null) return null
  const mask = new Uint8Array(index.ids.length)
  forEachCandidate(index, hits, (trip) => (mask[trip] = 1))
  return mask
}

/**
 * The total and the three facet lists of a search in one pass. A trip counts for a category when
 * it matches everything but the category filter, likewise for a country; for a status when it
 * matches everything but the status filter and one of its matching dates has that status.
 * `dates` is needed when q.dates is set.
 */
export function countFacets(index: FacetIndex, q: FacetQuery, dates: DateColumns | null): FacetCounts {
  if (q.dates !== null && dates === null) throw new Error('countFacets: date filters without dates')
  const categoryMask = maskOf(index.categories, q.categories)
  const countryMask = maskOf(index.countries, q.countries)
  const regionMask = maskOf(index.regions, q.regions)
  const categoryCounts = new Int32Array(index.categories.ids.length)
  const countryCounts = new Int32Array(index.countries.ids.length)
  const statusCounts = new Int32Array(STATUS_BITS)
  const bookableBit = q.bookable === null ? 0 : 1 << q.bookable
  let total = 0
  const visit = (trip: number) => {
    if (!inRegionAndDuration(index, trip, regionMask, q.duration)) return
    let statuses = index.statuses[trip] ?? 0
    if (q.dates !== null && dates !== null) {
      statuses = matchingStatuses(dates, trip, q.dates)
      if (statuses === 0) return
    }
    const inCategories = categoryMask === null || hasAny(index.categories, trip, categoryMask)
    const inCountries = countryMask === null || hasAny(index.countries, trip, countryMask)
    const ofStatus = bookableBit === 0 || (statuses & bookableBit) !== 0
    if (inCountries && ofStatus) addAll(index.categories, trip, categoryCounts)
    if (inCategories && ofStatus) addAll(index.countries, trip, countryCounts)
    if (inCategories && inCountries) {
      for (let b = 0; b < STATUS_BITS; b++) if ((statuses & (1 << b)) !== 0) statusCounts[b] = (statusCounts[b] ?? 0) + 1
      if (ofStatus) total++
    }
  }
  forEachCandidate(index, q.hits, visit)
  const statuses = new Map<number, number>()
  statusCounts.forEach((n, status) => {
    if (n > 0) statuses.set(status, n)
  })
  return { total, categories: countsOf(index.categories, categoryCounts), countries: countsOf(index.countries, countryCounts), statuses }
}

/** Whether a trip matches the words and every filter of the search that is not about its dates. */
function tripFilter(index: FacetIndex, q: FacetQuery): (trip: number) => boolean {
  const categoryMask = maskOf(index.categories, q.categories)
  const countryMask = maskOf(index.countries, q.countries)
  const regionMask = maskOf(index.regions, q.regions)
  const hit = hitMask(index, q.hits)
  return (trip) =>
    (hit === null || hit[trip] === 1) &&
    inRegionAndDuration(index, trip, regionMask, q.duration) &&
    (categoryMask === null || hasAny(index.categories, trip, categoryMask)) &&
    (countryMask === null || hasAny(index.countries, trip, countryMask))
}

/**
 * A page of a search that looks at single dates, sorted by the first day or the lowest price of
 * each trip's matching dates (of the chosen status, if one is chosen), ties by folded title, then
 * id, the whole order reversed when descending: what the database gives for "order by key dir,
 * title_key dir, trip_id dir" over the trips with a matching date. q.dates null: every upcoming
 * date matches (`from` is then today). Ids of the page, in order.
 */
export function datedPage(
  index: FacetIndex,
  q: FacetQuery,
  dateQuery: DateQuery,
  dates: DateColumns,
  sortBy: 'date' | 'price',
  descending: boolean,
  offset: number,
  limit: number,
): number[] {
  const trips: number[] = []
  const keys = new Float64Array(index.ids.length)
  const want = offset + limit
  const passes = tripFilter(index, q)
  if (sortBy === 'date' && !descending) {
    // Ascending by day: the dates in day order, each trip taken at its first matching date, until
    // the page is full and its last day complete (a month's window with a category at 100,000
    // trips: a few hundred dates, not every trip's). No date that begins earlier than the longest
    // date before the window can reach into it.
    const { order, tripOf, longest } = datesByDay(dates)
    const first = dateQuery.start === null ? dateQuery.from : Math.max(dateQuery.from, dateQuery.start - longest)
    const decided = new Uint8Array(index.ids.length)
    let lastDay = Number.NEGATIVE_INFINITY
    for (let i = firstOnOrAfter(order, dates.from, first); i < order.length; i++) {
      const k = order[i] ?? 0
      const day = dates.from[k] ?? 0
      if ((dateQuery.end !== null && day > dateQuery.end) || (trips.length >= want && day > lastDay)) break
      const trip = tripOf[k] ?? 0
      if (decided[trip] === 1 || (q.bookable !== null && dates.bookable[k] !== q.bookable) || !dateMatches(dates, k, dateQuery)) continue
      decided[trip] = 1
      if (!passes(trip)) continue
      keys[trip] = day
      trips.push(trip)
      lastDay = day
    }
    return pageOf(index, trips, keys, false, offset, limit)
  }
  const visit = (trip: number) => {
    if (!passes(trip)) return
    const key = matchingKey(dates, trip, dateQuery, q.bookable, sortBy)
    if (Number.isNaN(key)) return
    keys[trip] = key
    trips.push(trip)
  }
  // A trip's own lowest price over all its upcoming dates bounds that of its matching dates from
  // below, its last day and highest price bound them from above. So the trips are visited in the
  // order of that bound (sortOrder ascending, latestOrder descending), and the walk stops once
  // enough of the visited come before the bound of the next: no trip after it can come before
  // them (a month's dates by highest price at 100,000 trips: 3 ms, not 25 sorting all).
  const [order, bound] = descending ? latestOrder(index, dates, sortBy) : [sortOrder(index, 'price'), index.minPrices]
  let nextCheck = want
  for (const trip of order) {
    if (trips.length >= nextCheck) {
      const next = bound[trip] ?? 0
      let before = 0
      for (const visited of trips) if (descending ? (keys[visited] ?? 0) > next : (keys[visited] ?? 0) < next) before++
      if (before >= want) break
      // Checked again once twice as many are visited: the checks cost as much as the visits.
      nextCheck = 2 * trips.length
    }
    visit(trip)
  }
  return pageOf(index, trips, keys, descending, offset, limit)
}

/** The page of the visited trips by their keys, ties by the name order, all reversed when descending: their ids. */
function pageOf(index: FacetIndex, trips: number[], keys: Float64Array, descending: boolean, offset: number, limit: number): number[] {
  const rank = index.nameRanks
  const sign = descending ? -1 : 1
  trips.sort((a, b) => sign * ((keys[a] ?? 0) - (keys[b] ?? 0) || (rank[a] ?? 0) - (rank[b] ?? 0)))
  return trips.slice(offset, offset + limit).map((trip) => index.ids[trip] ?? 0)
}

/**
 * A page of a search in an order of the trips' own keys (baseInSortOrder's; descending reverses
 * it): the trips that match everything, from the offset on. For name and duration always; for
 * first day and lowest price only when nothing looks at single dates (else datedPage: the key is
 * then the matching dates'). Null when prices are not exact as numbers and price is the order.
 */
export function pageInOrder(
  index: FacetIndex,
  q: FacetQuery,
  dates: DateColumns | null,
  sortBy: SortKey,
  descending: boolean,
  offset: number,
  limit: number,
): number[] | null {
  if (sortBy === 'price' && !index.exactPrices) return null
  if (q.dates !== null && dates === null) throw new Error('pageInOrder: date filters without dates')
  if ((sortBy === 'date' || sortBy === 'price') && (q.dates !== null || q.bookable !== null)) throw new Error('pageInOrder: a dated order')
  const passes = tripFilter(index, q)
  const bookableBit = q.bookable === null ? 0 : 1 << q.bookable
  const matches = (trip: number): boolean => {
    if (!passes(trip)) return false
    const statuses = q.dates !== null && dates !== null ? matchingStatuses(dates, trip, q.dates) : (index.statuses[trip] ?? 0)
    return bookableBit === 0 ? statuses !== 0 : (statuses & bookableBit) !== 0
  }
  const order = sortOrder(index, sortBy)
  const ids: number[] = []
  let skipped = 0
  for (let i = 0; i < order.length && ids.length < limit; i++) {
    const trip = order[descending ? order.length - 1 - i : i] ?? 0
    if (!matches(trip)) continue
    if (skipped < offset) skipped++
    else ids.push(index.ids[trip] ?? 0)
  }
  return ids
}

/** The first day or lowest price of the trip's matching dates of the status (null: any), NaN when none matches. */
function matchingKey(dates: DateColumns, trip: number, q: DateQuery, bookable: number | null, sortBy: 'date' | 'price'): number {
  let key = Number.NaN
  for (let k = dates.start[trip] ?? 0, end = dates.start[trip + 1] ?? 0; k < end; k++) {
    if ((bookable !== null && dates.bookable[k] !== bookable) || !dateMatches(dates, k, q)) continue
    const value = (sortBy === 'date' ? dates.from[k] : dates.price[k]) ?? 0
    // NaN until the first: then any value is taken.
    if (!(value >= key)) key = value
  }
  return key
}
