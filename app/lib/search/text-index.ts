// The trips' full-text documents held in memory as an inverted index: every word (a lexeme, as
// PostgreSQL's German text search wrote it into trip_search_documents) with the trips it occurs
// in, as search engines keep their posting lists. The database's full text index finds the
// documents of a common word quickly, but then visits each of them for its trip id: 'stadt' at
// 100,000 trips reads 27,000 rows, most of the table, 150-200 ms the first time. Here a query is
// answered from the lists in under a millisecond. Answers the queries the search builds (words
// and prefixes joined by & and |); anything else (<->, !, weights) is left to the database. Its
// words are also the catalogue's vocabulary, which a mistyped word is corrected against.
import leven from 'leven'

/**
 * A word's trips by position (the i-th document read is position i): ascending positions, or one
 * bit per position once that is smaller (never more than a bitmap's bytes).
 */
type Posting = Int32Array | { bits: Uint32Array }

export type TextIndex = {
  /** Every word of every document, sorted (UTF-16 code units: a prefix's words are adjacent). */
  words: string[]
  postings: Posting[]
  /** The trip id at each position, ascending: ids may be as sparse as they like. */
  ids: Int32Array
}

/** The query as to_tsquery prints it, read: words (whole or as prefix) joined by & and |. */
export type LexemeQuery = { word: string; prefix: boolean } | { and: LexemeQuery[] } | { or: LexemeQuery[] }

const bitWords = (size: number) => Math.ceil(size / 32)

/**
 * Collects at most `capacity` documents in ascending trip id order and gives the index. A word's
 * list becomes a bitmap as soon as it would be larger than one, so that common words cost 1 bit
 * per trip.
 */
export function textIndexBuilder(capacity: number): { add: (tripId: number, words: readonly string[]) => void; finish: () => TextIndex } {
  const slots = new Map<string, number>()
  const lists: Int32Array[] = []
  const sizes: number[] = []
  const bitmaps: (Uint32Array | null)[] = []
  const ids = new Int32Array(capacity)
  let count = 0
  const denseAt = Math.max(16, bitWords(capacity))
  const add = (tripId: number, words: readonly string[]) => {
    if (count >= capacity) throw new RangeError(`more than ${capacity} documents`)
    if (!Number.isInteger(tripId) || tripId < 0 || (count > 0 && tripId <= (ids[count - 1] ?? 0))) throw new RangeError(`trip id ${tripId} out of order`)
    const position = count++
    ids[position] = tripId
    for (const word of words) {
      let slot = slots.get(word)
      if (slot === undefined) {
        slot = lists.length
        slots.set(word, slot)
        lists.push(new Int32Array(4))
        sizes.push(0)
        bitmaps.push(null)
      }
      const bitmap = bitmaps[slot]
      if (bitmap) {
        bitmap[position >>> 5] = (bitmap[position >>> 5] ?? 0) | (1 << (position & 31))
        continue
      }
      const size = sizes[slot] ?? 0
      let list = lists[slot] ?? new Int32Array(4)
      if (size >= denseAt) {
        const bits = new Uint32Array(bitWords(capacity))
        for (const at of list.subarray(0, size)) bits[at >>> 5] = (bits[at >>> 5] ?? 0) | (1 << (at & 31))
        bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31))
        bitmaps[slot] = bits
        lists[slot] = new Int32Array(0)
        continue
      }
      if (size === list.length) {
        const grown = new Int32Array(Math.min(size * 2, denseAt))
        grown.set(list)
        list = grown
        lists[slot] = list
      }
      list[size] = position
      sizes[slot] = size + 1
    }
  }
  const finish = (): TextIndex => {
    const words = [...slots.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const postings = words.map((word): Posting => {
      const slot = slots.get(word) ?? 0
      const bits = bitmaps[slot]
      return bits ? { bits } : (lists[slot] ?? new Int32Array(0)).slice(0, sizes[slot] ?? 0)
    })
    return { words, postings, ids: ids.slice(0, count) }
  }
  return { add, finish }
}

/** Bytes the index's lists take (for the log). */
export function textIndexBytes(index: TextIndex): number {
  return index.postings.reduce((sum, p) => sum + (p instanceof Int32Array ? p.byteLength : p.bits.byteLength), 0)
}

/**
 * Reads to_tsquery's output ("'wien':* & ( 'stadt':* | 'stadtreis' )"): & binds closer than |.
 * Null for what the index does not answer: phrases (<->), negation, weights, an empty query.
 */
export function parseLexemeQuery(text: string): LexemeQuery | null {
  const tokens: (string | { word: string; prefix: boolean })[] = []
  let at = 0
  while (at < text.length) {
    const c = text[at] ?? ''
    if (c === ' ') {
      at++
    } else if (c === '(' || c === ')' || c === '&' || c === '|') {
      tokens.push(c)
      at++
    } else if (c === "'") {
      let word = ''
      at++
      for (;;) {
        const d = text[at]
        if (d === undefined) return null
        if (d === "'" && text[at + 1] === "'") {
          word += "'"
          at += 2
        } else if (d === "'") {
          at++
          break
        } else if (d === '\\') {
          word += text[at + 1] ?? ''
          at += 2
        } else {
          word += d
          at++
        }
      }
      let prefix = false
      if (text[at] === ':') {
        if (text[at + 1] !== '*') return null
        prefix = true
        at += 2
        // Weights after the star (':*A') restrict where the word may stand: not answered here.
        if (at < text.length && text[at] !== ' ' && text[at] !== ')') return null
      }
      tokens.push({ word, prefix })
    } else {
      return null
    }
  }
  let next = 0
  /** Operands joined by the operator: one alone, or several as { and } or { or }. */
  const sequence = (operator: '&' | '|', item: () => LexemeQuery | null): LexemeQuery | null => {
    const parts: LexemeQuery[] = []
    for (;;) {
      const part = item()
      if (part === null) return null
      parts.push(part)
      if (tokens[next] !== operator) break
      next++
    }
    if (parts.length === 1) return parts[0] ?? null
    return operator === '&' ? { and: parts } : { or: parts }
  }
  const or = (): LexemeQuery | null => sequence('|', and)
  const and = (): LexemeQuery | null => sequence('&', operand)
  const operand = (): LexemeQuery | null => {
    const token = tokens[next++]
    if (token === '(') {
      const inner = or()
      return inner !== null && tokens[next++] === ')' ? inner : null
    }
    return typeof token === 'object' ? token : null
  }
  const query = or()
  return query !== null && next === tokens.length ? query : null
}

/** The first position in the sorted words not before `word`. */
function lowerBound(words: readonly string[], word: string): number {
  let lo = 0
  let hi = words.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((words[mid] ?? '') < word) lo = mid + 1
    else hi = mid
  }
  return lo
}

function orInto(bits: Uint32Array, posting: Posting): void {
  if (posting instanceof Int32Array) {
    for (const at of posting) bits[at >>> 5] = (bits[at >>> 5] ?? 0) | (1 << (at & 31))
  } else {
    for (let i = 0; i < bits.length; i++) bits[i] = (bits[i] ?? 0) | (posting.bits[i] ?? 0)
  }
}

/** The trips of a query as one bit per position. */
function tripBits(index: TextIndex, query: LexemeQuery): Uint32Array {
  if ('word' in query) {
    const bits = new Uint32Array(bitWords(index.ids.length))
    const { words, postings } = index
    for (let i = lowerBound(words, query.word); i < words.length; i++) {
      const word = words[i] ?? ''
      if (query.prefix ? !word.startsWith(query.word) : word !== query.word) break
      const posting = postings[i]
      if (posting) orInto(bits, posting)
    }
    return bits
  }
  const [first, ...rest] = 'and' in query ? query.and : query.or
  const bits = first ? tripBits(index, first) : new Uint32Array(bitWords(index.ids.length))
  for (const part of rest) {
    const other = tripBits(index, part)
    for (let i = 0; i < bits.length; i++) bits[i] = 'and' in query ? (bits[i] ?? 0) & (other[i] ?? 0) : (bits[i] ?? 0) | (other[i] ?? 0)
  }
  return bits
}

/** The ids of the trips whose document matches the query, ascending (as document @@ query would find them). */
export function matchingTrips(index: TextIndex, query: LexemeQuery): number[] {
  const bits = tripBits(index, query)
  const ids: number[] = []
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i] ?? 0
    while (word !== 0) {
      const low = word & -word
      ids.push(index.ids[i * 32 + 31 - Math.clz32(low)] ?? 0)
      word ^= low
    }
  }
  return ids
}

/**
 * Edits a word may be away from a catalogue word and still mean it: none below four letters
 * (those only match whole anyway), one from four, two from eight, as search engines count typos.
 */
export function typoBudget(word: string): number {
  const letters = Array.from(word).length
  return letters >= 8 ? 2 : letters >= 4 ? 1 : 0
}

/**
 * The catalogue's words within the budget of a query word, other than those it matches itself. A
 * prefix counts as near a word that begins with a string within the budget ('dresdn' and
 * 'dresdner', 'almand' and 'almwander').
 */
function nearWords(words: readonly string[], leaf: { word: string; prefix: boolean }): string[] {
  const budget = typoBudget(leaf.word)
  if (budget === 0) return []
  const within = (word: string) => leven(leaf.word, word, { maxDistance: budget + 1 }) <= budget
  const length = leaf.word.length
  return words.filter((word) => {
    if (leaf.prefix ? word.startsWith(leaf.word) : word === leaf.word) return false
    if (!leaf.prefix) return within(word)
    for (let end = length - budget; end <= Math.min(word.length, length + budget); end++) {
      if (within(word.slice(0, end))) return true
    }
    return false
  })
}

/**
 * The query with each word also as the catalogue's words a typo away ('amsterdan' -> 'amsterdam',
 * 'gardass' -> 'gardase'), or null when no word has such a neighbour.
 */
export function withNearWords(words: readonly string[], query: LexemeQuery): LexemeQuery | null {
  let corrected = false
  const visit = (part: LexemeQuery): LexemeQuery => {
    if ('and' in part) return { and: part.and.map(visit) }
    if ('or' in part) return { or: part.or.map(visit) }
    const near = nearWords(words, part)
    if (near.length === 0) return part
    corrected = true
    return { or: [part, ...near.map((word) => ({ word, prefix: false }))] }
  }
  const result = visit(query)
  return corrected ? result : null
}

/** The query in PostgreSQL's tsquery syntax, its words taken as they are (no stemming again). */
export function tsqueryLiteral(query: LexemeQuery): string {
  if ('word' in query) return `'${query.word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${query.prefix ? ':*' : ''}`
  const parts = 'and' in query ? query.and : query.or
  return `( ${parts.map(tsqueryLiteral).join('and' in query ? ' & ' : ' | ')} )`
}
