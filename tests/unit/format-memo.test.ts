import { afterEach, describe, expect, it } from 'vitest'
import { blogEntryPath } from '~/lib/blog-path'
import { formatDate, formatDuration, formatPrice } from '~/lib/format'
import { adoptFormatsFromPage, formatsForThePage, recordFormatsWith } from '~/lib/format-memo'
import type { FormattedTexts } from '~/lib/format-memo'

afterEach(() => {
  recordFormatsWith(() => undefined)
  adoptFormatsFromPage([])
})

describe('formatted texts: recorded by the server for its request, taken by the browser with the page', () => {
  it('outside a request texts are formatted and nothing is kept', () => {
    expect(formatPrice(1_299_000_000)).toBe('1.299,00\u00a0€')
    expect(formatDate('2027-03-05')).toBe('05.03.2027')
  })

  it('records every text a request formats, under what was formatted', () => {
    const record: FormattedTexts = new Map()
    recordFormatsWith(() => record)
    expect(formatPrice(1_299_000_000)).toBe('1.299,00\u00a0€')
    expect(formatDuration(5)).toBe('5 Tage')
    expect(formatDate('2027-03-05')).toBe('05.03.2027')
    expect(formatDate(new Date('2027-03-04T23:30:00Z'))).toBe('05.03.2027')
    expect(blogEntryPath({ slug: 'herbst', date_show: '2026-05-31T22:30:00Z' })).toBe('/blog/detail/2026/06/herbst/')
    expect(Object.fromEntries(record)).toEqual({
      '€2:1299': '1.299,00\u00a0€',
      '#:5': '5',
      'plural:5': 'other',
      'day:2027-03-05': '05.03.2027',
      [`instant:${Date.parse('2027-03-04T23:30:00Z')}`]: '05.03.2027',
      [`year-month:${Date.parse('2026-05-31T22:30:00Z')}`]: '2026/06',
    })
  })

  it('a request formats each text once: the second time it is read from the record', () => {
    const record: FormattedTexts = new Map([['€2:1299', 'recorded']])
    recordFormatsWith(() => record)
    expect(formatPrice(1_299_000_000)).toBe('recorded')
    expect(formatPrice(1_300_000_000)).toBe('1.300,00\u00a0€')
  })

  it('the browser shows the texts the page brought, and formats only those it did not', () => {
    const record: FormattedTexts = new Map()
    recordFormatsWith(() => record)
    formatPrice(59_000_000)
    formatDate('2027-03-05')
    recordFormatsWith(() => undefined)
    // What travels with the page, changed here to show that the browser takes it as it is.
    const page = formatsForThePage(record).map((text) => (text === '59,00\u00a0€' ? 'from the page' : text))
    expect(page).toEqual(['€2:59', 'from the page', 'day:2027-03-05', '05.03.2027'])
    adoptFormatsFromPage(page)
    expect(formatPrice(59_000_000)).toBe('from the page')
    expect(formatPrice(60_000_000)).toBe('60,00\u00a0€')
    expect(formatDate('2027-03-05')).toBe('05.03.2027')
  })
})
