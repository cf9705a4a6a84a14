// Pure rules behind the content pages: paging params, blog and destination paths, ids, stars,
// FAQ grouping and the bonus programme's arithmetic.
import { describe, expect, it } from 'vitest'
import { blogEntryPath, blogEntrySplat, blogSlugFromPath } from '~/lib/blog-path'
import { POINTS_PER_EURO, VOUCHER_TIERS, pointsForPrice, voucherFor } from '~/lib/bonus'
import { destinationSplat, parseDestinationPath } from '~/lib/destinations'
import type { DestinationPath } from '~/lib/destinations'
import { groupFaq, topicSlug } from '~/lib/faq'
import type { FaqEntry } from '~/lib/faq'
import { parseId } from '~/lib/ids'
import { readImages } from '~/lib/image-ref'
import { isPageInRange, pageCount, pageFromSearch, pageSearch, pageSearchSchema } from '~/lib/paging'
import { averageRatingLabel, hotelStarsLabel, ratingLabel, starGlyphs } from '~/lib/ratings'
import { groupShipsByKind, shipKindLabel } from '~/lib/ships'

describe('paging search params', () => {
  it('reads ?seite= and ?page=, seite first', () => {
    expect(pageFromSearch(pageSearchSchema.parse({ seite: 3 }))).toBe(3)
    expect(pageFromSearch(pageSearchSchema.parse({ page: '2' }))).toBe(2)
    expect(pageFromSearch(pageSearchSchema.parse({ seite: 4, page: 2 }))).toBe(4)
    expect(pageFromSearch(pageSearchSchema.parse({}))).toBe(1)
  })

  it('falls back to page 1 for mangled values instead of failing', () => {
    for (const bad of ['abc', -1, 0, 1.5, '1e9', 20_000, null, [], {}]) {
      expect(pageFromSearch(pageSearchSchema.parse({ seite: bad }))).toBe(1)
    }
  })

  it('counts pages and links page 1 without a parameter', () => {
    expect(pageCount(0, 10)).toBe(1)
    expect(pageCount(10, 10)).toBe(1)
    expect(pageCount(11, 10)).toBe(2)
    expect(pageSearch(1)).toEqual({})
    expect(pageSearch(2)).toEqual({ seite: 2 })
    expect(isPageInRange(1, 0, 10)).toBe(true)
    expect(isPageInRange(2, 10, 10)).toBe(false)
  })
})

describe('blog paths', () => {
  it('resolves the last segment of a multi-segment path to the slug', () => {
    expect(blogSlugFromPath('2026/05/herbstzauber-am-gardasee/')).toBe('herbstzauber-am-gardasee')
    expect(blogSlugFromPath('herbstzauber-am-gardasee')).toBe('herbstzauber-am-gardasee')
    expect(blogSlugFromPath('reisen/tipps/2026/herbst')).toBe('herbst')
  })

  it('rejects malformed paths', () => {
    for (const bad of ['', '/', '2026/05/Herbst', '2026/05/herbst-', 'a/b/c/d/e/f/g', '../etc', 'herbst%20zauber', '2026/05/ä']) {
      expect(blogSlugFromPath(bad)).toBeNull()
    }
  })

  it('builds the canonical address from the Berlin month of date_show', () => {
    // 31 May 23:30 UTC is already June in Berlin.
    const entry = { slug: 'sommerfest', date_show: '2026-05-31T23:30:00.000Z' }
    expect(blogEntrySplat(entry)).toBe('2026/06/sommerfest')
    expect(blogEntryPath(entry)).toBe('/blog/detail/2026/06/sommerfest/')
    expect(blogSlugFromPath(blogEntrySplat(entry))).toBe('sommerfest')
    expect(blogEntrySplat({ slug: 'ohne-datum', date_show: 'kaputt' })).toBe('ohne-datum')
  })
})

describe('destination paths', () => {
  it('parses country, country/region and region/{slug}', () => {
    expect(parseDestinationPath('italien/')).toEqual({ kind: 'country', country: 'italien' })
    expect(parseDestinationPath('italien/gardasee/')).toEqual({ kind: 'country-region', country: 'italien', region: 'gardasee' })
    expect(parseDestinationPath('region/donau')).toEqual({ kind: 'region', region: 'donau' })
  })

  it('rejects everything else', () => {
    for (const bad of [undefined, '', 'region', 'region/', 'a/b/c', 'Italien', 'it alien', 'italien/../x']) {
      expect(parseDestinationPath(bad)).toBeNull()
    }
  })

  it('round-trips', () => {
    const paths: DestinationPath[] = [
      { kind: 'country', country: 'oesterreich' },
      { kind: 'country-region', country: 'oesterreich', region: 'wachau' },
      { kind: 'region', region: 'donau' },
    ]
    for (const path of paths) expect(parseDestinationPath(destinationSplat(path))).toEqual(path)
  })
})

describe('ids in URLs', () => {
  it('accepts plain positive integers within the integer column', () => {
    expect(parseId('1')).toBe(1)
    expect(parseId('2147483647')).toBe(2147483647)
  })
  it('rejects anything else', () => {
    for (const bad of [undefined, '', '0', '-1', '01', '1.5', '1e3', ' 1', 'abc', '2147483648', '99999999999']) {
      expect(parseId(bad)).toBeNull()
    }
  })
})

describe('stars in words', () => {
  it('names hotel categories and ratings', () => {
    expect(hotelStarsLabel(4)).toBe('4 Sterne')
    expect(hotelStarsLabel(1)).toBe('1 Stern')
    expect(ratingLabel(5)).toBe('5 von 5 Sternen')
    expect(ratingLabel(9)).toBe('5 von 5 Sternen')
    expect(averageRatingLabel(4.56)).toBe('4,6 von 5 Sternen')
    expect(averageRatingLabel(null)).toBe('')
    expect(starGlyphs(3)).toBe('★★★☆☆')
    expect(starGlyphs(4.6)).toBe('★★★★★')
  })
})

describe('FAQ grouping', () => {
  const entry = (id: number, topic: string, sort: number): FaqEntry => ({ id, topic, sort, question: `F${id}`, answer: '' })

  it('keeps the operator order of topics and entries', () => {
    const topics = groupFaq([entry(3, 'Zahlung', 30), entry(1, 'Buchung', 10), entry(2, 'Zahlung', 5), entry(4, 'Buchung', 40)])
    expect(topics.map((t) => t.topic)).toEqual(['Zahlung', 'Buchung'])
    expect(topics[0]?.entries.map((e) => e.id)).toEqual([2, 3])
  })

  it('gives every topic a distinct anchor', () => {
    expect(topicSlug('Zustieg und Transfer')).toBe('zustieg-und-transfer')
    expect(topicSlug('Gepäck & Größe')).toBe('gepaeck-groesse')
    const topics = groupFaq([entry(1, 'Gepäck', 1), entry(2, 'Gepaeck', 2), entry(3, '', 3)])
    expect(new Set(topics.map((t) => t.slug)).size).toBe(3)
    expect(topics.map((t) => t.topic)).toContain('Allgemein')
  })
})

describe('ships', () => {
  it('groups river ships before ocean ships, unknown kinds last', () => {
    const groups = groupShipsByKind([
      { id: 1, kind: 'hochsee' },
      { id: 2, kind: 'u-boot' },
      { id: 3, kind: 'fluss' },
    ])
    expect(groups.map((g) => g.kind)).toEqual(['fluss', 'hochsee', 'u-boot'])
    expect(shipKindLabel('fluss')).toBe('Flussschiff')
    expect(shipKindLabel('hochsee', true)).toBe('Hochseeschiffe')
    expect(shipKindLabel('u-boot')).toBe('Schiff')
  })
})

describe('images from jsonb', () => {
  it('keeps valid image references and drops the rest', () => {
    const good = { src: '/media/seed/a.svg', alt: 'Hafen', width: 1600, height: 1000 }
    expect(readImages([good, { src: 1 }, 'x', null])).toEqual([good])
    expect(readImages({})).toEqual([])
  })
})

describe('bonus programme', () => {
  it('earns points per full euro and reaches voucher tiers', () => {
    expect(pointsForPrice(1_299_990_000)).toBe(1_299 * POINTS_PER_EURO)
    expect(pointsForPrice(-5)).toBe(0)
    expect(pointsForPrice(Number.NaN)).toBe(0)
    expect(voucherFor(499)).toBeNull()
    expect(voucherFor(500)).toEqual(VOUCHER_TIERS[0])
    expect(voucherFor(5_000)).toEqual(VOUCHER_TIERS.at(-1))
  })
})
