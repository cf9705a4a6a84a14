import { describe, expect, it } from 'vitest'
import { MAX_QUERY_WORDS, foldDigraphs, queryWords, textQueryFromFolded } from '~/lib/search/text-query'

describe('queryWords', () => {
  it('splits the text into words with their ae/oe/ue spellings', () => {
    expect(queryWords('Staedte München')).toEqual([['staedte', 'stadte'], ['münchen']])
    expect(foldDigraphs('muenchen')).toBe('munchen')
  })

  it('reads hyphens as spaces, drops repeated words and stops after a few', () => {
    expect(queryWords('lago-di-garda')).toEqual([['lago'], ['di'], ['garda']])
    expect(queryWords('wien wien WIEN')).toEqual([['wien']])
    const many = Array.from({ length: 20 }, (_, i) => `wort${i}`).join(' ')
    expect(queryWords(many)).toHaveLength(MAX_QUERY_WORDS)
  })

  it('has nothing to ask for text without letters or digits', () => {
    expect(queryWords("'&|!()")).toBeNull()
    expect(queryWords('   ')).toBeNull()
  })
})

describe('textQueryFromFolded', () => {
  it('ANDs the words, ORs the spellings, long words as prefixes', () => {
    expect(textQueryFromFolded([['gardasee'], ['rom']])).toEqual({ tsquery: "'gardasee':* & 'rom'" })
    const q = textQueryFromFolded([['staedte', 'stadte'], ['munchen']])
    expect(q?.tsquery).toBe("('staedte':* | 'stadte':*) & 'munchen':*")
  })

  it('splits again what folding turned into punctuation, so quotes never reach the query', () => {
    // unaccent turns the modifier letter apostrophe (a letter) into "'".
    const q = textQueryFromFolded([["strasse'x"], ["'&|!"]])
    expect(q?.tsquery).toBe("('strasse':* & 'x')")
    expect(textQueryFromFolded([["'"], ['!']])).toBeNull()
  })
})
