import { describe, expect, it } from 'vitest'
import { MAX_QUERY_WORDS, foldDigraphs, textQuery } from '~/lib/search/text-query'

describe('textQuery', () => {
  it('ANDs the words, long ones as prefixes', () => {
    expect(textQuery('Gardasee Rom')).toEqual({ tsquery: "'gardasee':* & 'rom'", words: ['gardasee', 'rom'], phrases: ['gardasee rom'] })
  })

  it('tries ae/oe/ue as umlauts', () => {
    const q = textQuery('Staedte Muenchen')
    expect(q?.tsquery).toBe("('staedte':* | 'stadte':*) & ('muenchen':* | 'munchen':*)")
    expect(q?.phrases).toEqual(['staedte muenchen', 'stadte munchen'])
    expect(foldDigraphs('quelle')).toBe('qulle')
  })

  it('keeps umlauts and ß for the database to fold', () => {
    expect(textQuery('Städtereise Straße')?.tsquery).toBe("'städtereise':* & 'straße':*")
  })

  it('cannot be turned into tsquery syntax', () => {
    const q = textQuery("wien' | !(rom) & <-> ':* \\")
    expect(q?.tsquery).toBe("'wien':* & 'rom'")
    expect(textQuery("'&|!()")).toBeNull()
    expect(textQuery('   ')).toBeNull()
  })

  it('reads hyphens as spaces, drops repeated words and stops after a few', () => {
    expect(textQuery('lago-di-garda')?.words).toEqual(['lago', 'di', 'garda'])
    expect(textQuery('wien wien WIEN')?.words).toEqual(['wien'])
    const many = Array.from({ length: 20 }, (_, i) => `wort${i}`).join(' ')
    expect(textQuery(many)?.words).toHaveLength(MAX_QUERY_WORDS)
  })
})
