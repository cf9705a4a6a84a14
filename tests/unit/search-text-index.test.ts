import { describe, expect, it } from 'vitest'
import { matchingTrips, parseLexemeQuery, textIndexBuilder, textIndexBytes, tsqueryLiteral, typoBudget, withNearWords } from '~/lib/search/text-index'
import type { LexemeQuery } from '~/lib/search/text-index'

describe('parseLexemeQuery', () => {
  it('reads words, prefixes, & before | and parentheses as to_tsquery prints them', () => {
    expect(parseLexemeQuery("'wien':*")).toEqual({ word: 'wien', prefix: true })
    expect(parseLexemeQuery("'wien':* & ( 'stadtereis':* | 'stadt' )")).toEqual({
      and: [{ word: 'wien', prefix: true }, { or: [{ word: 'stadtereis', prefix: true }, { word: 'stadt', prefix: false }] }],
    })
    expect(parseLexemeQuery("'rom' & 'reis':* | 'x'")).toEqual({
      or: [{ and: [{ word: 'rom', prefix: false }, { word: 'reis', prefix: true }] }, { word: 'x', prefix: false }],
    })
    expect(parseLexemeQuery("'o''neil' & 'a\\\\b'")).toEqual({ and: [{ word: "o'neil", prefix: false }, { word: 'a\\b', prefix: false }] })
  })

  it('leaves to the database what it does not answer', () => {
    for (const text of ['', "'o' <-> 'neil'", "!'wien'", "'wien':*A", "'wien':A", "'wien' &", "( 'wien'", "'wien' )", "'offen"]) {
      expect(parseLexemeQuery(text), text).toBeNull()
    }
  })
})

/** Documents of random words over ids with gaps; every query is checked against a plain scan. */
function corpus(trips: number, vocabulary: readonly string[], seed: number): Map<number, string[]> {
  let state = seed
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  const documents = new Map<number, string[]>()
  for (let i = 0; i < trips; i++) {
    const id = 1 + i * 3 + Math.floor(random() * 3)
    // Word i is in about 1 in (i + 1) documents: some in nearly all, most in few.
    documents.set(
      id,
      vocabulary.filter((_, w) => random() < 1 / (w + 1)),
    )
  }
  return documents
}

function scan(documents: Map<number, string[]>, query: LexemeQuery): number[] {
  const matches = (words: string[], q: LexemeQuery): boolean =>
    'word' in q ? words.some((w) => (q.prefix ? w.startsWith(q.word) : w === q.word)) : 'and' in q ? q.and.every((p) => matches(words, p)) : q.or.some((p) => matches(words, p))
  return [...documents].filter(([, words]) => matches(words, query)).map(([id]) => id)
}

describe('matchingTrips', () => {
  const vocabulary = ['reis', 'stadt', 'stadtereis', 'wien', 'wiener', 'gardase', 'ostse', 'ostsee', 'rom', 'romant', 'ab', 'z']
  const documents = corpus(3_000, vocabulary, 7)
  // A rare word, in every 500th document: its list stays a list.
  for (const [i, words] of [...documents.values()].entries()) if (i % 500 === 0) words.push('selten')
  const builder = textIndexBuilder(documents.size)
  for (const [id, words] of documents) builder.add(id, words)
  const index = builder.finish()

  it('finds what a scan of the documents finds, with lists and bitmaps alike', () => {
    const queries: LexemeQuery[] = [
      { word: 'reis', prefix: false },
      { word: 'reis', prefix: true },
      { word: 'stadt', prefix: true },
      { word: 'wien', prefix: true },
      { word: 'wien', prefix: false },
      { word: 'ost', prefix: true },
      { word: 'rom', prefix: false },
      { word: 'z', prefix: false },
      { word: 'nirgends', prefix: true },
      { word: 'selten', prefix: false },
      { or: [{ word: 'selten', prefix: false }, { word: 'z', prefix: false }] },
      { and: [{ word: 'reis', prefix: false }, { or: [{ word: 'wien', prefix: true }, { word: 'gardase', prefix: false }] }] },
      { or: [{ and: [{ word: 'stadt', prefix: false }, { word: 'rom', prefix: true }] }, { word: 'ab', prefix: false }] },
    ]
    for (const query of queries) expect(matchingTrips(index, query), JSON.stringify(query)).toEqual(scan(documents, query))
    // Common words are bitmaps, rare ones lists: both kinds were asked.
    const kinds = new Set(index.postings.map((p) => (p instanceof Int32Array ? 'list' : 'bits')))
    expect(kinds).toEqual(new Set(['list', 'bits']))
    for (const posting of index.postings) expect(posting instanceof Int32Array ? posting.byteLength : posting.bits.byteLength).toBeLessThanOrEqual(Math.ceil(documents.size / 32) * 4)
    expect(textIndexBytes(index)).toBeGreaterThan(0)
  })

  it('takes as many documents as it was made for, in ascending id order, however sparse the ids', () => {
    const small = textIndexBuilder(3)
    small.add(7, ['a'])
    expect(() => small.add(7, ['a'])).toThrow(RangeError)
    small.add(2_000_000_031, ['a'])
    small.add(2_000_000_063, ['a', 'b'])
    expect(() => small.add(2_000_000_064, ['a'])).toThrow(RangeError)
    const built = small.finish()
    expect(matchingTrips(built, { word: 'a', prefix: false })).toEqual([7, 2_000_000_031, 2_000_000_063])
    expect(matchingTrips(built, { and: [{ word: 'a', prefix: false }, { word: 'b', prefix: false }] })).toEqual([2_000_000_063])
    expect(textIndexBytes(built)).toBeLessThan(64)
  })
})

describe('withNearWords', () => {
  const vocabulary = ['amsterdam', 'amsterdamer', 'dresd', 'dresdn', 'gardase', 'rom', 'romantisch', 'wien', 'wiener', 'wies']

  it('allows no typo below four letters, one from four, two from eight', () => {
    expect(['rom', 'wien', 'dresdn', 'gardass', 'gardasse', 'städtereis'].map(typoBudget)).toEqual([0, 1, 1, 1, 2, 2])
  })

  it('adds the catalogue words a typo away, whole, beside the word itself', () => {
    expect(withNearWords(vocabulary, { word: 'amsterdan', prefix: true })).toEqual({
      or: [
        { word: 'amsterdan', prefix: true },
        { word: 'amsterdam', prefix: false },
        // A prefix is also compared with as many of a word's first letters.
        { word: 'amsterdamer', prefix: false },
      ],
    })
    // 'gardasse' is two edits from 'gardase': allowed at eight letters.
    expect(withNearWords(vocabulary, { word: 'gardasse', prefix: true })).toEqual({
      or: [
        { word: 'gardasse', prefix: true },
        { word: 'gardase', prefix: false },
      ],
    })
  })

  it('corrects every word of the query in place and leaves short words and exact matches alone', () => {
    const query: LexemeQuery = { and: [{ word: 'rom', prefix: false }, { or: [{ word: 'wiem', prefix: true }, { word: 'dresdn', prefix: true }] }] }
    expect(withNearWords(vocabulary, query)).toEqual({
      and: [
        { word: 'rom', prefix: false },
        {
          or: [
            // 'wien' and 'wies' are one edit from 'wiem'; 'wiener' begins one edit from it.
            { or: [{ word: 'wiem', prefix: true }, { word: 'wien', prefix: false }, { word: 'wiener', prefix: false }, { word: 'wies', prefix: false }] },
            // 'dresdn' matches itself as it is; 'dresd' is one edit away.
            { or: [{ word: 'dresdn', prefix: true }, { word: 'dresd', prefix: false }] },
          ],
        },
      ],
    })
    // Nothing within reach: null, the search has nothing new to try.
    expect(withNearWords(vocabulary, { word: 'rim', prefix: false })).toBeNull()
    expect(withNearWords(vocabulary, { word: 'xylophon', prefix: true })).toBeNull()
  })

  it('is printed as a tsquery literal that reads back the same', () => {
    const corrected = withNearWords([...vocabulary, "o'neil", 'a\\b'], {
      and: [
        { word: 'amsterdan', prefix: true },
        { word: "o'neal", prefix: false },
        { word: 'a\\c', prefix: false },
      ],
    })
    expect(corrected).not.toBeNull()
    if (corrected === null) return
    expect(parseLexemeQuery(tsqueryLiteral(corrected))).toEqual(corrected)
    expect(tsqueryLiteral({ word: "o'neil", prefix: true })).toBe("'o''neil':*")
  })
})
