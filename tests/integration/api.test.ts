import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogQuerySchema } from '~/lib/api'
import { isMainListCategory } from '~/lib/categories'
import { listBlogEntries } from '~/server/services/blog.server'
import { loadCountries, loadInitData } from '~/server/services/catalogue.server'
import { findContentPage } from '~/server/services/content.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
beforeAll(async () => {
  t = await openTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

describe('GET /api/init-data service', () => {
  it('returns categories with journeys, menus and regions with their countries', async () => {
    const data = await loadInitData(t.db)
    expect(data.categories.length).toBeGreaterThan(5)
    const withTrips = data.categories.filter((c) => (c.journeys ?? 0) > 0)
    expect(withTrips.length).toBeGreaterThan(5)
    // The seed has special categories the main list hides (spec 5) and at least one empty category.
    expect(data.categories.some((c) => !isMainListCategory(c))).toBe(true)
    expect(data.menus.map((m) => m.key)).toEqual(expect.arrayContaining(['main', 'footer']))
    expect(data.regions.some((r) => r.loc_region_countries.length === 0)).toBe(true)
    expect(data.regions.some((r) => r.loc_region_countries.length > 1)).toBe(true)
  })
})

describe('GET /api/countries service', () => {
  it('lists countries, one without a name', async () => {
    const countries = await loadCountries(t.db)
    expect(countries.find((c) => c.name === 'Italien')).toBeTruthy()
    expect(countries.some((c) => c.name === null)).toBe(true)
  })
})

describe('GET /api/web/blog-web service', () => {
  it('front-page entries sorted by date_show DESC, date_add DESC, unpaginated', async () => {
    const query = blogQuerySchema.parse({ 'lit-sort[]': ['date_show DESC', 'date_add DESC'], $paginate: 'false', id_web_blog_type: '2' })
    const page = await listBlogEntries(t.db, query)
    expect(page.data.length).toBeGreaterThan(0)
    expect(page.data.every((e) => e.id_web_blog_type === 2)).toBe(true)
    const shown = page.data.map((e) => e.date_show)
    expect(shown).toEqual([...shown].sort().reverse())
  })

  it('advantages (type 29) and paging', async () => {
    const advantages = await listBlogEntries(t.db, blogQuerySchema.parse({ $paginate: 'false', id_web_blog_type: '29' }))
    expect(advantages.data.length).toBeGreaterThan(0)
    expect(advantages.data.every((e) => e.id_web_blog_type === 29)).toBe(true)
    const first = await listBlogEntries(t.db, blogQuerySchema.parse({ id_web_blog_type: '1', $limit: '5', $page: '1' }))
    const second = await listBlogEntries(t.db, blogQuerySchema.parse({ id_web_blog_type: '1', $limit: '5', $page: '2' }))
    expect(first.data).toHaveLength(5)
    expect(first.total).toBeGreaterThan(5)
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id)
  })
})

describe('content pages for the {params} catch-all', () => {
  it('finds the Impressum and nothing for an unknown slug', async () => {
    const impressum = await findContentPage(t.db, 'impressum')
    expect(impressum?.title).toMatch(/Impressum/)
    expect(impressum?.body).not.toMatch(/<script/i)
    expect(await findContentPage(t.db, 'gibt-es-nicht')).toBeNull()
  })
})
