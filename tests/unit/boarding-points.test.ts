// Zustiegsstellen search: zip prefix and place, case-, accent- and umlaut-insensitive.
import { describe, expect, it } from 'vitest'
import { boardingSearchSchema, foldAccents, foldUmlauts, isEmptyQuery, matchesBoardingPoint, parseBoardingQuery } from '~/lib/boarding-points'

const muenster = { name: 'Hauptbahnhof', zip: '48143', city: 'Münster' }
const bielefeld = { name: 'ZOB Kesselbrink', zip: '33602', city: 'Bielefeld' }
const strasse = { name: 'Parkplatz Lange Straße', zip: '32756', city: 'Detmold' }

const finds = (q: string, point: typeof muenster) => matchesBoardingPoint(point, parseBoardingQuery(q))

describe('parseBoardingQuery', () => {
  it('splits digits and words', () => {
    expect(parseBoardingQuery('33602')).toEqual({ zipPrefix: '33602', place: null })
    expect(parseBoardingQuery('  33 Bielefeld ')).toEqual({ zipPrefix: '33', place: 'Bielefeld' })
    expect(parseBoardingQuery('Bad Oeynhausen')).toEqual({ zipPrefix: null, place: 'Bad Oeynhausen' })
    expect(isEmptyQuery(parseBoardingQuery('  '))).toBe(true)
    expect(isEmptyQuery(parseBoardingQuery(undefined))).toBe(true)
  })

  it('drops punctuation that cannot be part of a place', () => {
    expect(parseBoardingQuery('%_;*')).toEqual({ zipPrefix: null, place: null })
  })
})

describe('matchesBoardingPoint', () => {
  it('matches the zip by prefix', () => {
    expect(finds('33', bielefeld)).toBe(true)
    expect(finds('33602', bielefeld)).toBe(true)
    expect(finds('336021', bielefeld)).toBe(false)
    expect(finds('34', bielefeld)).toBe(false)
    expect(finds('602', bielefeld)).toBe(false)
  })

  it('matches the place whatever the case and the way umlauts are written', () => {
    for (const q of ['Münster', 'münster', 'MÜNSTER', 'Muenster', 'Munster', 'müns']) expect(finds(q, muenster)).toBe(true)
    expect(finds('Bielefeld', muenster)).toBe(false)
  })

  it('matches the stop name too, and ß as ss', () => {
    expect(finds('kesselbrink', bielefeld)).toBe(true)
    expect(finds('lange strasse', strasse)).toBe(true)
  })

  it('needs zip and place when both are given', () => {
    expect(finds('33 Bielefeld', bielefeld)).toBe(true)
    expect(finds('48 Bielefeld', bielefeld)).toBe(false)
  })

  it('the empty query matches every point', () => {
    expect(finds('', muenster)).toBe(true)
  })
})

describe('folding', () => {
  it('two ways of writing umlauts', () => {
    expect(foldUmlauts('Münster Straße Café')).toBe('muenster strasse cafe')
    expect(foldAccents('Münster Straße Café')).toBe('munster strasse cafe')
  })
})

describe('boardingSearchSchema', () => {
  it('keeps numbers as the router parsed them (?q=33602) and survives garbage', () => {
    expect(boardingSearchSchema.parse({ q: 33602 })).toEqual({ q: 33602 })
    expect(boardingSearchSchema.parse({ q: 'Bielefeld' })).toEqual({ q: 'Bielefeld' })
    expect(boardingSearchSchema.parse({ q: { a: 1 } })).toEqual({ q: undefined })
    expect(boardingSearchSchema.parse({})).toEqual({ q: undefined })
    expect(boardingSearchSchema.parse({ q: 'x'.repeat(500) }).q).toBeUndefined()
  })
})
