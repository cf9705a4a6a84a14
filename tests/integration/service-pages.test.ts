// The service pages' services against a real database (PGlite, or PostgreSQL with DATABASE_URL):
// boarding point search, transfer zones, agency directory, form submissions, newsletter, sitemaps.
import { and, asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { foldAccents, foldUmlauts } from '~/lib/boarding-points'
import { filterMainCategories } from '~/lib/categories'
import { FORM_DEFINITIONS, NEWSLETTER_CONFIRMATION } from '~/lib/forms'
import { SITE_PAGES, SITEMAP_MAX_URLS } from '~/lib/sitemap'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { findTransferZone } from '~/lib/transfer-zones'
import { formSubmissions, hotels, mailFormTemplates, newsletterSubscriptions, ships, tripDates, trips } from '~/server/db/schema'
import { searchAgencies } from '~/server/services/agencies.server'
import { loadBoardingPoints, searchBoardingPoints } from '~/server/services/boarding-points.server'
import { loadInitData } from '~/server/services/catalogue.server'
import { submitForm } from '~/server/services/form-submissions.server'
import { subscribeNewsletter } from '~/server/services/newsletter.server'
import { countPublishedTrips, loadHtmlSitemap, pageSitemapEntries, tripSitemapEntries } from '~/server/services/sitemap.server'
import { loadTransferZones, lookupTransfer } from '~/server/services/transfer.server'
import { loadTravelMap } from '~/server/services/travel-map.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 200 } })
})
afterAll(async () => {
  await t?.cleanup()
})

// Each call is its own client, so that the per-client limits and duplicate suppression (tested in
// forms-mail.test.ts) stay out of these tests' way.
let clients = 0
const formContext = () => ({ clientKey: `service-pages-${++clients}`, site: DEFAULT_SITE_INFO, origin: 'https://reisen.example' })
const newsletterContext = () => ({ ...formContext(), pendingDays: 7 })

const submissionCount = async () => (await t.db.select({ n: count() }).from(formSubmissions))[0]?.n ?? 0

describe('Zustiegsstellen search', () => {
  it('without a query lists every point and marks none as searched', async () => {
    const all = await loadBoardingPoints(t.db)
    expect(all.length).toBeGreaterThan(5)
    const result = await searchBoardingPoints(t.db, undefined)
    expect(result.searched).toBe(false)
    expect(result.matchIds).toHaveLength(all.length)
  })

  it('finds points by zip prefix', async () => {
    const all = await loadBoardingPoints(t.db)
    const sample = all[0]
    if (!sample) throw new Error('no boarding points')
    const exact = await searchBoardingPoints(t.db, sample.zip)
    expect(exact.searched).toBe(true)
    expect(exact.matchIds).toContain(sample.id)
    const prefix = sample.zip.slice(0, 2)
    const byPrefix = await searchBoardingPoints(t.db, prefix)
    const expected = all.filter((p) => p.zip.startsWith(prefix)).map((p) => p.id)
    expect(byPrefix.matchIds.sort()).toEqual(expected.sort())
    expect(byPrefix.matchIds.length).toBeGreaterThan(1)
    expect((await searchBoardingPoints(t.db, '99999')).matchIds).toEqual([])
  })

  it('finds a city whatever the case and however umlauts are written', async () => {
    const all = await loadBoardingPoints(t.db)
    const withUmlaut = all.find((p) => /[äöü]/i.test(p.city))
    if (!withUmlaut) throw new Error('the seed has no city with an umlaut')
    const city = withUmlaut.city
    const reference = (await searchBoardingPoints(t.db, city)).matchIds
    expect(reference).toContain(withUmlaut.id)
    expect(reference.length).toBeLessThan(all.length)
    const spellings = [city.toUpperCase(), city.toLowerCase(), foldUmlauts(city), foldAccents(city), foldUmlauts(city).toUpperCase()]
    for (const q of spellings) {
      // Every spelling finds exactly what the city's own spelling finds.
      expect((await searchBoardingPoints(t.db, q)).matchIds, q).toEqual(reference)
    }
    expect((await searchBoardingPoints(t.db, 'Xyzzyhausen')).matchIds).toEqual([])
  })

  it('zip and place together must both fit', async () => {
    const all = await loadBoardingPoints(t.db)
    const sample = all.find((p) => all.some((o) => o.city !== p.city))
    if (!sample) throw new Error('need two cities')
    const other = all.find((p) => p.city !== sample.city && !p.zip.startsWith(sample.zip.slice(0, 3)))
    if (!other) throw new Error('need another city')
    expect((await searchBoardingPoints(t.db, `${sample.zip.slice(0, 3)} ${sample.city}`)).matchIds).toContain(sample.id)
    expect((await searchBoardingPoints(t.db, `${sample.zip.slice(0, 3)} ${other.city}`)).matchIds).not.toContain(sample.id)
  })
})

describe('Haustürtransfer lookup', () => {
  it('answers the zone of the longest matching prefix and its price', async () => {
    const zones = await loadTransferZones(t.db)
    expect(zones.length).toBeGreaterThan(1)
    for (const zone of zones) {
      const prefix = zone.zipPrefixes[0] ?? ''
      const zip = prefix.padEnd(5, '0')
      const { result } = await lookupTransfer(t.db, zip)
      const expected = findTransferZone(zones, zip)
      expect(result.status).toBe('found')
      if (result.status !== 'found' || !expected) throw new Error('no zone')
      expect(result.zone.id).toBe(expected.zone.id)
      expect(result.zone.price).toBe(expected.zone.price)
    }
  })

  it('says so politely for a zip outside all zones', async () => {
    const zones = await loadTransferZones(t.db)
    let outside: string | null = null
    for (let n = 0; n < 100_000 && outside === null; n += 1111) {
      const zip = String(n).padStart(5, '0')
      if (!findTransferZone(zones, zip)) outside = zip
    }
    if (!outside) throw new Error('every zip lies in a zone')
    expect((await lookupTransfer(t.db, outside)).result).toEqual({ status: 'outside', plz: outside })
  })

  it('a wrong zip is an answer with a German message, not an error', async () => {
    for (const bad of ['abc', '1234', '123456']) {
      const { result } = await lookupTransfer(t.db, bad)
      expect(result.status).toBe('invalid')
      if (result.status === 'invalid') expect(result.message).toMatch(/fünfstellige Postleitzahl/)
    }
    expect((await lookupTransfer(t.db, undefined)).result).toEqual({ status: 'empty' })
  })
})

describe('Agency directory', () => {
  it('lists agencies page by page without logins or passwords', async () => {
    const first = await searchAgencies(t.db, { zipPrefix: '', page: 1, perPage: 5 })
    expect(first.total).toBeGreaterThan(5)
    expect(first.agencies).toHaveLength(5)
    expect(first.pages).toBe(Math.ceil(first.total / 5))
    const second = await searchAgencies(t.db, { zipPrefix: '', page: 2, perPage: 5 })
    expect(second.agencies.map((a) => a.id)).not.toEqual(first.agencies.map((a) => a.id))
    for (const agency of first.agencies) {
      expect(agency).not.toHaveProperty('login')
      expect(agency).not.toHaveProperty('passwordHash')
    }
  })

  it('filters by zip prefix', async () => {
    const all = await searchAgencies(t.db, { zipPrefix: '', page: 1, perPage: 1000 })
    const prefix = all.agencies[0]?.zip.slice(0, 2) ?? ''
    const filtered = await searchAgencies(t.db, { zipPrefix: prefix, page: 1, perPage: 1000 })
    expect(filtered.total).toBe(all.agencies.filter((a) => a.zip.startsWith(prefix)).length)
    expect(filtered.agencies.every((a) => a.zip.startsWith(prefix))).toBe(true)
    expect((await searchAgencies(t.db, { zipPrefix: '00', page: 1 })).total).toBe(0)
  })
})

describe('Form submissions', () => {
  const kontakt = { name: 'Erika Mustermann', email: 'erika@example.de', telefon: '', nachricht: 'Gibt es im Mai noch Plätze?' }

  it('stores a valid submission and answers the template confirmation', async () => {
    const before = await submissionCount()
    const result = await submitForm(t.db, { form: 'kontakt', values: kontakt }, formContext())
    expect(result.ok).toBe(true)
    const [template] = await t.db.select().from(mailFormTemplates).where(eq(mailFormTemplates.key, 'kontakt'))
    if (result.ok) {
      expect(result.stored).toBe(true)
      expect(result.message).toBe(template?.message ?? FORM_DEFINITIONS.kontakt.confirmation)
    }
    expect(await submissionCount()).toBe(before + 1)
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.form, 'kontakt')).orderBy(asc(formSubmissions.id))
    expect(row?.data).toMatchObject({ name: 'Erika Mustermann', email: 'erika@example.de', nachricht: 'Gibt es im Mai noch Plätze?' })
  })

  it('refuses invalid input with German messages and stores nothing', async () => {
    const before = await submissionCount()
    const result = await submitForm(t.db, { form: 'kontakt', values: { ...kontakt, email: 'keine-adresse', nachricht: '' } }, formContext())
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.errors.email).toMatch(/gültige E-Mail-Adresse/)
      expect(result.errors.nachricht).toBe('Bitte füllen Sie das Feld „Nachricht“ aus.')
    }
    const unknownForm = await submitForm(t.db, { form: 'admin', values: kontakt }, formContext())
    expect(unknownForm.ok).toBe(false)
    expect(await submissionCount()).toBe(before)
  })

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const before = await submissionCount()
    const result = await submitForm(t.db, { form: 'kontakt', values: kontakt, homepage: 'http://spam.example' }, formContext())
    expect(result).toMatchObject({ ok: true, stored: false })
    expect(await submissionCount()).toBe(before)
  })

  it('stores a Katalogbestellung with the chosen catalogues', async () => {
    const values = {
      anrede: 'herr',
      vorname: 'Hans',
      nachname: 'Meier',
      strasse: 'Lindenweg',
      hausnummer: '3',
      plz: '33602',
      ort: 'Bielefeld',
      email: '',
      kataloge: ['advent', 'jahreskatalog'],
    }
    const result = await submitForm(t.db, { form: 'katalog', values }, formContext())
    expect(result.ok).toBe(true)
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.form, 'katalog'))
    expect(row?.data).toMatchObject({ plz: '33602', kataloge: ['jahreskatalog', 'advent'] })
  })

  it('stores a Reiseanfrage with the trip and date from the database; an unknown trip stores nothing', async () => {
    const [date] = await t.db
      .select({ id: tripDates.id, tripId: tripDates.tripId, title: trips.title })
      .from(tripDates)
      .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
      .orderBy(asc(tripDates.id))
      .limit(1)
    if (!date) throw new Error('no trip date')
    const values = { name: 'Erika Mustermann', email: 'erika@example.de', telefon: '0521 123456', personen: '2', nachricht: '' }
    const result = await submitForm(t.db, { form: 'reiseanfrage', values, reise: date.tripId, termin: date.id }, formContext())
    expect(result.ok).toBe(true)
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.form, 'reiseanfrage'))
    expect(row?.data).toMatchObject({ personen: 2, reise: date.tripId, termin: date.id, reiseTitel: date.title })

    const before = await submissionCount()
    const unknown = await submitForm(t.db, { form: 'reiseanfrage', values, reise: 2_000_000_000 }, formContext())
    expect(unknown.ok).toBe(false)
    const wrongDate = await submitForm(t.db, { form: 'reiseanfrage', values, reise: date.tripId, termin: 2_000_000_000 }, formContext())
    expect(wrongDate.ok).toBe(false)
    const withoutTrip = await submitForm(t.db, { form: 'reiseanfrage', values }, formContext())
    expect(withoutTrip.ok).toBe(false)
    expect(await submissionCount()).toBe(before)
  })
})

describe('Newsletter sign-up', () => {
  const rowsFor = (email: string) => t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))

  it('stores a pending subscription with a random token', async () => {
    const result = await subscribeNewsletter(t.db, { email: ' Erika.Neu@Example.de ', consent: true }, newsletterContext())
    expect(result).toMatchObject({ ok: true, message: NEWSLETTER_CONFIRMATION })
    const [row] = await rowsFor('erika.neu@example.de')
    expect(row?.status).toBe('pending')
    expect(row?.token.length).toBeGreaterThanOrEqual(24)
  })

  it('answers a duplicate the same way, keeps one row and renews the token of a pending one', async () => {
    const [before] = await rowsFor('erika.neu@example.de')
    const again = await subscribeNewsletter(t.db, { email: 'erika.neu@example.de', consent: true }, newsletterContext())
    expect(again).toMatchObject({ ok: true, message: NEWSLETTER_CONFIRMATION })
    const rows = await rowsFor('erika.neu@example.de')
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token).not.toBe(before?.token)
  })

  it('leaves a confirmed subscription confirmed, with the same answer', async () => {
    await subscribeNewsletter(t.db, { email: 'treu@example.de', consent: true }, newsletterContext())
    await t.db.update(newsletterSubscriptions).set({ status: 'confirmed', confirmedAt: new Date() }).where(eq(newsletterSubscriptions.email, 'treu@example.de'))
    const [confirmed] = await rowsFor('treu@example.de')
    const result = await subscribeNewsletter(t.db, { email: 'treu@example.de', consent: true }, newsletterContext())
    expect(result).toMatchObject({ ok: true, message: NEWSLETTER_CONFIRMATION })
    const [after] = await rowsFor('treu@example.de')
    expect(after?.status).toBe('confirmed')
    expect(after?.token).toBe(confirmed?.token)
  })

  it('refuses a missing consent or a wrong address and stores nothing', async () => {
    const noConsent = await subscribeNewsletter(t.db, { email: 'ohne@example.de', consent: false }, newsletterContext())
    expect(noConsent.ok).toBe(false)
    if (!noConsent.ok) expect(noConsent.errors.consent).toMatch(/Newsletter erhalten/)
    const badMail = await subscribeNewsletter(t.db, { email: 'kaputt', consent: true }, newsletterContext())
    expect(badMail.ok).toBe(false)
    expect(await rowsFor('ohne@example.de')).toHaveLength(0)
    const honeypot = await subscribeNewsletter(t.db, { email: 'bot@example.de', consent: true, homepage: 'x' }, newsletterContext())
    expect(honeypot.ok).toBe(true)
    expect(await rowsFor('bot@example.de')).toHaveLength(0)
  })
})

describe('Sitemaps', () => {
  it('the pages sitemap holds the fixed pages and the catalogue, each URL once', async () => {
    const entries = await pageSitemapEntries(t.db)
    const locs = entries.map((e) => e.loc)
    expect(new Set(locs).size).toBe(locs.length)
    expect(locs.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS)
    for (const page of SITE_PAGES) expect(locs).toContain(page.path)
    const init = await loadInitData(t.db)
    for (const c of filterMainCategories(init.categories)) expect(locs).toContain(`/reiseuebersicht/${c.slug}/`)
    const shipRows = await t.db.select({ id: ships.id }).from(ships)
    const hotelRows = await t.db.select({ id: hotels.id }).from(hotels)
    expect(locs.filter((l) => /^\/ships\/\d+\/$/.test(l))).toHaveLength(shipRows.length)
    expect(locs.filter((l) => /^\/hotels\/\d+\/$/.test(l))).toHaveLength(hotelRows.length)
    expect(locs.some((l) => l.startsWith('/blog/detail/'))).toBe(true)
    expect(locs.some((l) => l.startsWith('/reiselaender/') && l !== '/reiselaender/')).toBe(true)
    expect(locs.some((l) => l.startsWith('/service-entry/'))).toBe(true)
    expect(locs.some((l) => l.startsWith('/reise/') || l.startsWith('/reiseuebersicht/search/') || l.startsWith('/test/'))).toBe(false)
  })

  it('the trip sitemaps list every published trip once, in chunks', async () => {
    const total = await countPublishedTrips(t.db)
    const [all] = await t.db.select({ n: count() }).from(trips)
    expect(total).toBeGreaterThan(0)
    expect(total).toBeLessThanOrEqual(all?.n ?? 0)
    const whole = await tripSitemapEntries(t.db, 0, SITEMAP_MAX_URLS)
    expect(whole).toHaveLength(total)
    const head = await tripSitemapEntries(t.db, 0, 50)
    const tail = await tripSitemapEntries(t.db, 50, SITEMAP_MAX_URLS)
    expect([...head, ...tail].map((e) => e.loc)).toEqual(whole.map((e) => e.loc))
    expect(whole.every((e) => /^\/reise\/\d+\/$/.test(e.loc))).toBe(true)
    const unpublished = await t.db.select({ id: trips.id }).from(trips).where(eq(trips.published, false))
    const locs = new Set(whole.map((e) => e.loc))
    for (const trip of unpublished) expect(locs.has(`/reise/${trip.id}/`)).toBe(false)
  })

  it('the HTML sitemap groups the pages and pages the trips', async () => {
    const sitemap = await loadHtmlSitemap(t.db, 1)
    if (!sitemap) throw new Error('no sitemap')
    expect(sitemap.trips.total).toBe(await countPublishedTrips(t.db))
    expect(sitemap.trips.links.length).toBe(Math.min(500, sitemap.trips.total))
    const titles = sitemap.sections.map((s) => s.title)
    expect(titles).toEqual(expect.arrayContaining(['Service', 'Reisearten', 'Reiseländer und Regionen', 'Schiffe', 'Hotels', 'Blog']))
    expect(await loadHtmlSitemap(t.db, sitemap.trips.pages + 1)).toBeNull()
  })
})

describe('Reisekarte', () => {
  it('lists countries with trip counts and a position for the known ones', async () => {
    const map = await loadTravelMap(t.db)
    expect(map.countries.length).toBeGreaterThan(3)
    expect(map.countries.every((c) => c.trips > 0)).toBe(true)
    expect(map.countries.filter((c) => c.lat !== null).length).toBeGreaterThan(3)
  })
})
