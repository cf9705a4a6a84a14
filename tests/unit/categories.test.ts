// Spec 5 rule for the main category list and the start page's special categories.
import { describe, expect, it } from 'vitest'
import { filterMainCategories, isMainListCategory, specialCategoryKind } from '~/lib/categories'

describe('spec 5: "Categories are hidden from the main list when journeys is missing, null or zero"', () => {
  it('shows a named category with journeys', () => {
    expect(isMainListCategory({ name: 'Busreisen', journeys: 12 })).toBe(true)
  })

  it('hides a category whose journeys is missing, null or zero', () => {
    expect(isMainListCategory({ name: 'Busreisen' })).toBe(false)
    expect(isMainListCategory({ name: 'Busreisen', journeys: null })).toBe(false)
    expect(isMainListCategory({ name: 'Busreisen', journeys: 0 })).toBe(false)
  })

  it('also hides a negative or NaN count and a category without a name', () => {
    expect(isMainListCategory({ name: 'Busreisen', journeys: -1 })).toBe(false)
    expect(isMainListCategory({ name: 'Busreisen', journeys: Number.NaN })).toBe(false)
    expect(isMainListCategory({ name: '  ', journeys: 3 })).toBe(false)
    expect(isMainListCategory({ journeys: 3 })).toBe(false)
  })
})

describe('spec 5: "…or when the name starts (case-insensitive) with top, app, slider, \'busreisen tipps\' or reisehighlight"', () => {
  it.each([
    'Top-Reisen',
    'TOP 10',
    'App Angebote',
    'Slider Startseite',
    'Busreisen Tipps',
    'BUSREISEN TIPPS 2027',
    'Reisehighlights',
    'reisehighlight Herbst',
  ])('hides "%s"', (name) => {
    expect(isMainListCategory({ name, journeys: 5 })).toBe(false)
  })

  it('is not defeated by leading, doubled or non-breaking spaces', () => {
    expect(isMainListCategory({ name: '  Top-Reisen', journeys: 5 })).toBe(false)
    expect(isMainListCategory({ name: 'Busreisen  Tipps', journeys: 5 })).toBe(false)
    expect(isMainListCategory({ name: 'Busreisen\u00a0Tipps', journeys: 5 })).toBe(false)
  })

  it('keeps names that only contain a prefix later or differ from it', () => {
    for (const name of ['Busreisen', 'Busreisen Ostsee', 'Städtereisen Top', 'Toskana', 'Apulien', 'Reisen']) {
      expect(isMainListCategory({ name, journeys: 5 }), name).toBe(true)
    }
  })

  it('matches the plain prefix as written, so "Appenzell" is hidden too', () => {
    expect(isMainListCategory({ name: 'Appenzell', journeys: 5 })).toBe(false)
  })

  it('filters a list, keeping order and the extra fields', () => {
    const list = [
      { id: 1, name: 'Slider', journeys: 4 },
      { id: 2, name: 'Flugreisen', journeys: 7 },
      { id: 3, name: 'Kreuzfahrten', journeys: 0 },
      { id: 4, name: 'Busreisen', journeys: 20 },
      { id: 5, name: 'Top-Reisen', journeys: 3 },
    ]
    expect(filterMainCategories(list).map((c) => c.id)).toEqual([2, 4])
  })
})

describe('start page: special categories are picked by the same spec 5 prefixes', () => {
  it('names the kind of each special category', () => {
    expect(specialCategoryKind('Top-Reisen')).toBe('top')
    expect(specialCategoryKind('App Exklusiv')).toBe('app')
    expect(specialCategoryKind(' slider')).toBe('slider')
    expect(specialCategoryKind('Busreisen Tipps')).toBe('tipps')
    expect(specialCategoryKind('Reisehighlights 2027')).toBe('highlight')
  })

  it('gives null for ordinary categories and missing names', () => {
    expect(specialCategoryKind('Busreisen')).toBeNull()
    expect(specialCategoryKind('Busreisen-Tipps')).toBeNull()
    expect(specialCategoryKind(null)).toBeNull()
    expect(specialCategoryKind(undefined)).toBeNull()
  })
})
