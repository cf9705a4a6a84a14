import { describe, expect, it } from 'vitest'
import { cleanInput, withoutControlCharacters } from '~/lib/control-characters'

describe('control characters at the boundary (issue 42, finding 5)', () => {
  it('drops NUL, BEL, ESC, DEL and the other C0 controls, keeps tab, line feed and carriage return', () => {
    expect(withoutControlCharacters('\u0000x')).toBe('x')
    expect(withoutControlCharacters('a\u0007b\u001bc\u007fd\u000be\u000cf')).toBe('abcdef')
    expect(withoutControlCharacters('Zeile 1\r\nZeile 2\tEnde')).toBe('Zeile 1\r\nZeile 2\tEnde')
    expect(withoutControlCharacters('Müller-Lüdenscheidt ß €')).toBe('Müller-Lüdenscheidt ß €')
  })

  it('cleans every string of parsed input, in arrays and plain objects, keys too, and leaves other values alone', () => {
    const date = new Date(0)
    expect(cleanInput({ q: '\u0000x', seite: 2, liste: ['a\u0000', { 'k\u0000': 'v\u0001' }], am: date, leer: null })).toEqual({
      q: 'x',
      seite: 2,
      liste: ['a', { k: 'v' }],
      am: date,
      leer: null,
    })
    expect(cleanInput('\u0000')).toBe('')
    expect(cleanInput(undefined)).toBeUndefined()
  })
})
