// Text search params survive the router's JSON reading and stay readable in the URL.
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { pageParam, plainSearchValue, textParam } from '~/lib/url-search'

const schema = z.object({ plz: textParam(5), page: pageParam })

describe('textParam / plainSearchValue round trip through the router', () => {
  for (const text of ['33602', '01067', '0', 'Bielefeld', 'true', 'null', '1e5', '-3', 'Bad Oeynhausen']) {
    it(`'${text}'`, () => {
      const url = defaultStringifySearch({ plz: plainSearchValue(text) })
      const parsed = schema.parse(defaultParseSearch(url))
      expect(parsed.plz).toBe(text.slice(0, 5))
    })
  }

  it('numbers are written without quotes', () => {
    expect(defaultStringifySearch({ plz: plainSearchValue('33602') })).toBe('?plz=33602')
    expect(defaultStringifySearch({ plz: plainSearchValue('01067') })).toBe('?plz=01067')
  })

  it('garbage becomes undefined / page 1', () => {
    expect(schema.parse({ plz: { a: 1 }, page: 'x' })).toEqual({ plz: undefined, page: 1 })
    expect(schema.parse({ page: '3' })).toEqual({ plz: undefined, page: 3 })
    expect(schema.parse({ page: 0 }).page).toBe(1)
  })
})
