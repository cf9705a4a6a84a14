// Text search params survive the router's JSON reading and stay readable in the URL.
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { pageParam, paramText, plainSearchValue, textParam } from '~/lib/url-search'

const schema = z.object({ plz: textParam(20), page: pageParam() })

describe('textParam / plainSearchValue round trip through the router', () => {
  for (const text of ['33602', '01067', '0', 'Bielefeld', 'true', 'null', '1e5', '-3', 'Bad Oeynhausen']) {
    it(`'${text}' comes back as the same text and the URL is stable`, () => {
      const url = defaultStringifySearch({ plz: plainSearchValue(text) })
      const parsed = schema.parse(defaultParseSearch(url))
      expect(paramText(parsed.plz)).toBe(text)
      // What the server would write back after validation is the URL it was given (no redirect).
      expect(defaultStringifySearch(parsed)).toBe(url)
    })
  }

  it('numbers are written without quotes', () => {
    expect(defaultStringifySearch({ plz: plainSearchValue('33602') })).toBe('?plz=33602')
    expect(defaultStringifySearch({ plz: plainSearchValue('01067') })).toBe('?plz=01067')
  })

  it('a hand-typed ?plz=33602 keeps its spelling', () => {
    const parsed = schema.parse(defaultParseSearch('?plz=33602'))
    expect(defaultStringifySearch(parsed)).toBe('?plz=33602')
  })

  it('garbage and over-long text become undefined; no page means page 1 later', () => {
    expect(schema.parse({ plz: { a: 1 }, page: 'x' })).toEqual({ plz: undefined, page: undefined })
    expect(schema.parse({ plz: 'x'.repeat(21) }).plz).toBeUndefined()
    expect(schema.parse({ page: 3 })).toEqual({ plz: undefined, page: 3 })
    expect(schema.parse({ page: 0 }).page).toBeUndefined()
    expect(defaultStringifySearch(schema.parse({}))).toBe('')
  })
})
