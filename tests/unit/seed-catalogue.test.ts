import { describe, expect, it } from 'vitest'
import { isMainListCategory, specialCategoryKind } from '~/lib/categories'
import { addDays, toEpochDay } from '~/lib/calendar'
import {
  FIRST_DATE_OFFSET,
  generateCatalogue,
  LAST_DATE_OFFSET,
  type Catalogue,
  type TripChunk,
} from '~/server/db/seed/catalogue'
import { VOUCHER_CODE_PATTERN } from '~/lib/booking/voucher-code'
import { CATEGORY, DEMO_VOUCHER_CODES, SPECIAL_CATEGORY_IDS } from '~/server/db/seed/reference'

const TODAY = '2026-11-22'
const HASH = 'scrypt$16384$8$1$c2FsdA==$aGFzaA=='

function collect(catalogue: Catalogue, chunkSize = 100): TripChunk {
  const all: TripChunk = {
    trips: [],
    tripCategories: [],
    tripCountries: [],
    tripRegions: [],
    tripDates: [],
    tripBoardingPoints: [],
    services: [],
  }
  // By name, so each list keeps its row type; a new TripChunk field fails to compile in `all` above.
  for (const chunk of catalogue.tripChunks(chunkSize)) {
    all.trips.push(...chunk.trips)
    all.tripCategories.push(...chunk.tripCategories)
    all.tripCountries.push(...chunk.tripCountries)
    all.tripRegions.push(...chunk.tripRegions)
    all.tripDates.push(...chunk.tripDates)
    all.tripBoardingPoints.push(...chunk.tripBoardingPoints)
    all.services.push(...chunk.services)
  }
  return all
}

const catalogue = generateCatalogue({ trips: 300, seed: 1, today: TODAY, agencyPasswordHash: HASH })
const data = collect(catalogue)
const ref = catalogue.reference

const byTrip = <T extends { tripId: number }>(rows: readonly T[]) => {
  const map = new Map<number, T[]>()
  for (const row of rows) {
    const list = map.get(row.tripId) ?? []
    list.push(row)
    map.set(row.tripId, list)
  }
  return map
}

describe('generateCatalogue: determinism', () => {
  it('returns deep-equal output for the same seed and today', () => {
    const again = generateCatalogue({ trips: 300, seed: 1, today: TODAY, agencyPasswordHash: HASH })
    expect(again.reference).toEqual(ref)
    expect(collect(again)).toEqual(data)
  })

  it('does not depend on the chunk size, and each call of tripChunks starts again', () => {
    expect(collect(catalogue, 7)).toEqual(data)
    expect(collect(catalogue, 1000)).toEqual(data)
  })

  it('differs for a different seed', () => {
    const other = collect(generateCatalogue({ trips: 300, seed: 2, today: TODAY, agencyPasswordHash: HASH }))
    expect(other.trips.map((t) => t.title)).not.toEqual(data.trips.map((t) => t.title))
    expect(other.tripDates).not.toEqual(data.tripDates)
  })

  it('moves dates with today', () => {
    const later = collect(generateCatalogue({ trips: 300, seed: 1, today: addDays(TODAY, 1), agencyPasswordHash: HASH }))
    expect(later.trips.map((t) => t.title)).toEqual(data.trips.map((t) => t.title))
    expect(later.tripDates[0]?.dateFrom).toBe(addDays(data.tripDates[0]?.dateFrom ?? '', 1))
  })

  it('rejects an invalid today or trip count', () => {
    expect(() => generateCatalogue({ trips: 1, today: '2026-02-30' })).toThrow(RangeError)
    expect(() => generateCatalogue({ trips: 1, today: '22.11.2026' })).toThrow(RangeError)
    expect(() => generateCatalogue({ trips: -1, today: TODAY })).toThrow(RangeError)
    expect(() => [...generateCatalogue({ trips: 1, today: TODAY }).tripChunks(0)]).toThrow(RangeError)
  })

  it('works for an empty and a tiny catalogue', () => {
    expect(collect(generateCatalogue({ trips: 0, today: TODAY })).trips).toEqual([])
    const tiny = collect(generateCatalogue({ trips: 3, today: TODAY }))
    expect(tiny.trips.map((t) => t.id)).toEqual([1, 2, 3])
  })
})

describe('generateCatalogue: categories, countries, regions', () => {
  it('has the main categories by kind and one main category without trips', () => {
    const names = ref.categories.map((c) => `${c.kind}:${c.name}`)
    for (const expected of [
      'bus:Busreisen',
      'bus:Städtereisen',
      'bus:Rundreisen',
      'bus:Wanderreisen',
      'bus:Adventsreisen',
      'bus:Tagesfahrten',
      'flug:Flugreisen',
      'flusskreuzfahrt:Flusskreuzfahrten',
      'hochseekreuzfahrt:Hochseekreuzfahrten',
      'hotel:Hotelaufenthalte',
    ]) {
      expect(names).toContain(expected)
    }
    const journeys = (id: number) => data.tripCategories.filter((tc) => tc.categoryId === id).length
    expect(journeys(CATEGORY.silvesterreisen)).toBe(0)
    for (const c of ref.categories.filter((c) => c.kind !== 'special' && c.id !== CATEGORY.silvesterreisen)) {
      expect(journeys(c.id), c.name).toBeGreaterThan(0)
    }
  })

  it('has the five special categories, each with 4–8 trips, hidden from the main list (spec 5)', () => {
    const specials = ref.categories.filter((c) => c.kind === 'special')
    expect(specials.map((c) => c.id).sort()).toEqual([...SPECIAL_CATEGORY_IDS].sort())
    expect(new Set(specials.map((c) => specialCategoryKind(c.name)))).toEqual(
      new Set(['top', 'app', 'slider', 'tipps', 'highlight']),
    )
    expect(specials.map((c) => c.name)).toContain('Reisehighlights 2027')
    for (const c of specials) {
      const ids = data.tripCategories.filter((tc) => tc.categoryId === c.id).map((tc) => tc.tripId)
      expect(ids.length, c.name).toBeGreaterThanOrEqual(4)
      expect(ids.length, c.name).toBeLessThanOrEqual(8)
      for (const id of ids) expect(data.trips.find((t) => t.id === id)?.published).toBe(true)
      expect(isMainListCategory({ name: c.name, journeys: ids.length })).toBe(false)
    }
  })

  it('has a country without a name and regions without a country', () => {
    expect(ref.countries.length).toBeGreaterThanOrEqual(15)
    expect(ref.countries.filter((c) => c.name === null || c.name === undefined)).toHaveLength(1)
    const withCountry = new Set(ref.regionCountries.map((rc) => rc.regionId))
    const orphans = ref.regions.filter((r) => !withCountry.has(r.id)).map((r) => r.name)
    expect(orphans).toEqual(expect.arrayContaining(['Donau', 'Alpen']))
    const nameless = ref.countries.find((c) => c.name == null)
    expect(ref.regionCountries.some((rc) => rc.countryId === nameless?.id)).toBe(true)
    const bodensee = ref.regions.find((r) => r.name === 'Bodensee')
    expect(ref.regionCountries.filter((rc) => rc.regionId === bodensee?.id)).toHaveLength(3)
  })

  it('uses unique slugs everywhere', () => {
    for (const rows of [data.trips, ref.categories, ref.countries, ref.regions, ref.ships, ref.hotels, ref.blogEntries, ref.contentPages, ref.impressions]) {
      const slugs = rows.map((r) => r.slug)
      expect(new Set(slugs).size).toBe(slugs.length)
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    }
    for (const t of data.trips) expect(t.slug.endsWith(`-${t.id}`)).toBe(true)
  })
})

describe('generateCatalogue: trips', () => {
  const cats = byTrip(data.tripCategories)
  const countries = byTrip(data.tripCountries)
  const regions = byTrip(data.tripRegions)

  it('has explicit ids 1..n on trips, dates and per-trip services', () => {
    expect(data.trips.map((t) => t.id)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1))
    expect(data.tripDates.map((d) => d.id)).toEqual(Array.from({ length: data.tripDates.length }, (_, i) => i + 1))
    const firstService = ref.services.length + 1
    expect(data.services.map((s) => s.id)).toEqual(Array.from({ length: data.services.length }, (_, i) => i + firstService))
  })

  it('links 1–3 categories, 1–2 countries and 1–2 regions, consistent with the transport', () => {
    for (const t of data.trips) {
      const categoryIds = (cats.get(t.id) ?? []).map((c) => c.categoryId)
      expect(categoryIds.length).toBeGreaterThanOrEqual(1)
      expect(categoryIds.length).toBeLessThanOrEqual(3)
      expect((countries.get(t.id) ?? []).length).toBeGreaterThanOrEqual(1)
      expect((countries.get(t.id) ?? []).length).toBeLessThanOrEqual(2)
      expect((regions.get(t.id) ?? []).length).toBeGreaterThanOrEqual(1)
      expect((regions.get(t.id) ?? []).length).toBeLessThanOrEqual(2)
      if (t.transport === 'flug') expect(categoryIds).toContain(CATEGORY.flugreisen)
      if (t.transport === 'schiff') {
        expect(t.shipId).not.toBeNull()
        expect(categoryIds.some((id) => id === CATEGORY.flusskreuzfahrten || id === CATEGORY.hochseekreuzfahrten)).toBe(true)
      } else expect(t.shipId).toBeNull()
      if (t.transport === 'hotel') {
        expect(t.hotelId).not.toBeNull()
        expect(categoryIds).toContain(CATEGORY.hotelaufenthalte)
      }
      if (t.transport === 'bus') expect(categoryIds.some((id) => id <= CATEGORY.tagesfahrten)).toBe(true)
    }
    expect(new Set(data.trips.map((t) => t.transport))).toEqual(new Set(['bus', 'flug', 'schiff', 'hotel']))
  })

  it('has an itinerary day per travel day, day trips, texts and 3–5 images', () => {
    for (const t of data.trips) {
      expect(t.durationDays).toBeGreaterThanOrEqual(1)
      expect(t.durationDays).toBeLessThanOrEqual(15)
      expect(t.itinerary?.map((d) => d.day)).toEqual(Array.from({ length: t.durationDays }, (_, i) => i + 1))
      expect(t.title.length).toBeGreaterThan(5)
      expect(t.teaser).toBeTruthy()
      expect(t.description).toMatch(/^<p>.*<ul>(<li>[^<]+<\/li>)+<\/ul>.*<\/p>$/)
      expect(t.included?.length).toBeGreaterThan(0)
      expect(t.notIncluded?.length).toBeGreaterThan(0)
      const images = t.images ?? []
      expect(images.length).toBeGreaterThanOrEqual(3)
      expect(images.length).toBeLessThanOrEqual(5)
      images.forEach((img, i) => {
        expect(img).toEqual({ src: `/media/seed/trip-${t.id}-${i + 1}.svg`, alt: expect.any(String), width: 1600, height: 1000 })
        expect(img.alt.length).toBeGreaterThan(3)
      })
    }
    expect(data.trips.some((t) => t.durationDays === 1)).toBe(true)
    expect(data.trips.some((t) => t.published === false)).toBe(true)
    expect(data.trips.filter((t) => t.published === false).length).toBeLessThan(data.trips.length / 10)
  })
})

describe('generateCatalogue: trip dates', () => {
  const tripById = new Map(data.trips.map((t) => [t.id, t]))
  const dates = byTrip(data.tripDates)
  const dayMs = 86_400_000

  it('has 2–8 dates per trip within the next 18 months, date_till = date_from + duration − 1', () => {
    const first = toEpochDay(TODAY) + FIRST_DATE_OFFSET
    const last = toEpochDay(TODAY) + LAST_DATE_OFFSET
    for (const t of data.trips) {
      const list = dates.get(t.id) ?? []
      expect(list.length).toBeGreaterThanOrEqual(2)
      expect(list.length).toBeLessThanOrEqual(8)
      for (const d of list) {
        const from = toEpochDay(d.dateFrom)
        expect(from).toBeGreaterThanOrEqual(first)
        expect(from).toBeLessThanOrEqual(last)
        expect((Date.parse(d.dateTill) - Date.parse(d.dateFrom)) / dayMs).toBe(t.durationDays - 1)
      }
    }
  })

  it('puts Advent trips into the Advent season, and Christmas markets only into Advent trips', () => {
    const advent = new Set(data.tripCategories.filter((c) => c.categoryId === CATEGORY.adventsreisen).map((c) => c.tripId))
    expect(advent.size).toBeGreaterThan(0)
    for (const d of data.tripDates.filter((d) => advent.has(d.tripId))) expect(d.dateFrom.slice(5, 7)).toMatch(/^(11|12)$/)
    const christmas = /Weihnacht|Christkind|Striezelmarkt|Advent/
    for (const t of data.trips) {
      const text = JSON.stringify([t.title, t.teaser, t.description, t.itinerary, t.included])
      expect(christmas.test(text), `${t.id} ${t.title}`).toBe(advent.has(t.id))
    }
  })

  it('has every bookable status, mostly 0, 4 and 5', () => {
    const counts = new Map<number, number>()
    for (const d of data.tripDates) counts.set(d.bookable ?? 0, (counts.get(d.bookable ?? 0) ?? 0) + 1)
    expect([...counts.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5])
    const common = (counts.get(0) ?? 0) + (counts.get(4) ?? 0) + (counts.get(5) ?? 0)
    expect(common / data.tripDates.length).toBeGreaterThan(0.7)
  })

  it('has integer prices in millionths ending in 9 € (or 99 €), within the range of the trip type', () => {
    const range = (t: { transport: string; durationDays: number }): [number, number] =>
      t.durationDays === 1
        ? [39, 129]
        : t.transport === 'bus'
          ? [399, 1899]
          : t.transport === 'flug'
            ? [899, 2999]
            : t.transport === 'schiff'
              ? [1299, 4999]
              : [299, 1499]
    let ninetyNine = 0
    for (const d of data.tripDates) {
      const trip = tripById.get(d.tripId)
      if (!trip) throw new Error(`date ${d.id} without trip`)
      expect(Number.isSafeInteger(d.price)).toBe(true)
      expect(d.price % 1_000_000).toBe(0)
      const euros = d.price / 1_000_000
      expect(euros % 10).toBe(9)
      if (euros % 100 === 99) ninetyNine++
      const [min, max] = range(trip)
      expect(euros).toBeGreaterThanOrEqual(min)
      expect(euros).toBeLessThanOrEqual(max)
      expect(Number.isSafeInteger(d.singleRoomSurcharge)).toBe(true)
      expect((d.singleRoomSurcharge ?? 0) % 1_000_000).toBe(0)
      if (trip.durationDays === 1) expect(d.singleRoomSurcharge).toBe(0)
    }
    expect(ninetyNine).toBeGreaterThan(0)
  })

  it('gives bus dates a seat plan and the seat plan’s capacity, and others none', () => {
    const capacity = new Map(
      ref.seatPlans.map((p) => [p.id, p.layout.flat().filter((c) => c.kind === 'seat' && !c.blocked).length]),
    )
    for (const d of data.tripDates) {
      const trip = tripById.get(d.tripId)
      if (trip?.transport === 'bus') {
        expect(d.seatPlanId).not.toBeNull()
        expect(d.capacity).toBe(capacity.get(d.seatPlanId ?? 0))
      } else expect(d.seatPlanId).toBeNull()
      expect(d.capacity).toBeGreaterThan(0)
      expect(d.code).toMatch(/^[BFSH]\d{5}-\d{6}$/)
    }
  })
})

describe('generateCatalogue: boarding points, seat plans, add-ons', () => {
  it('gives bus trips boarding points with HH:MM times and surcharges of 0–25 €, others none', () => {
    const boarding = byTrip(data.tripBoardingPoints)
    for (const t of data.trips) {
      const list = boarding.get(t.id) ?? []
      if (t.transport !== 'bus') {
        expect(list).toEqual([])
        continue
      }
      expect(list.length).toBeGreaterThanOrEqual(3)
      expect(list.map((b) => b.boardingPointId)).toContain(1)
      expect(new Set(list.map((b) => b.boardingPointId)).size).toBe(list.length)
      for (const b of list) {
        expect(b.departureTime).toMatch(/^([01][0-9]|2[0-3]):[0-5][0-9]$/)
        expect(b.surcharge ?? 0).toBeGreaterThanOrEqual(0)
        expect(b.surcharge ?? 0).toBeLessThanOrEqual(25_000_000)
      }
      const times = list.map((b) => b.departureTime)
      expect([...times].sort()).toEqual(times)
    }
    expect(ref.boardingPoints.length).toBeGreaterThanOrEqual(25)
    for (const p of ref.boardingPoints) expect(p.zip).toMatch(/^\d{5}$/)
  })

  it('has three seat plans with rectangular layouts, unique labels and a few blocked seats', () => {
    expect(ref.seatPlans.map((p) => p.name)).toEqual(['4-Sterne-Reisebus 49 Plätze', 'Komfortbus 2+1 36 Plätze', 'Kleinbus 19 Plätze'])
    for (const plan of ref.seatPlans) {
      const width = plan.layout[0]?.length
      for (const row of plan.layout) expect(row.length).toBe(width)
      const seats = plan.layout.flat().filter((c) => c.kind === 'seat')
      expect(seats.length).toBe(Number(/(\d+) Plätze/.exec(plan.name)?.[1]))
      const labels = seats.map((c) => c.seat)
      expect(new Set(labels).size).toBe(labels.length)
      for (const label of labels) expect(label).toMatch(/^\d{1,2}[A-D]$/)
      expect(seats.filter((c) => c.blocked).length).toBeGreaterThanOrEqual(1)
      expect(plan.layout[0]?.some((c) => c.kind === 'driver')).toBe(true)
    }
    const coach = ref.seatPlans[0]?.layout.flat() ?? []
    for (const kind of ['driver', 'guide', 'door', 'wc', 'aisle'] as const) expect(coach.some((c) => c.kind === kind)).toBe(true)
  })

  it('has global and per-trip add-ons with prices in millionths', () => {
    expect(ref.services.length).toBeGreaterThan(0)
    for (const s of ref.services) expect(s.tripId).toBeNull()
    expect(data.services.length).toBeGreaterThan(0)
    for (const s of [...ref.services, ...data.services]) {
      expect(s.price % 1_000_000).toBe(0)
      expect(['person', 'booking']).toContain(s.per)
    }
  })
})

describe('generateCatalogue: the other tables', () => {
  it('has vouchers that are valid, expired and redeemed, with generated codes', () => {
    const code = (c: string) => ref.vouchers.find((v) => v.einloesecode === c)
    for (const c of [DEMO_VOUCHER_CODES.welcome, DEMO_VOUCHER_CODES.summer]) {
      const v = code(c)
      expect(v?.validFrom && v.validFrom <= TODAY && v.validUntil >= TODAY).toBe(true)
      expect(v?.redeemedAt ?? null).toBeNull()
    }
    expect(code(DEMO_VOUCHER_CODES.welcome)?.value).toBe(25_000_000)
    expect(code(DEMO_VOUCHER_CODES.summer)?.value).toBe(50_000_000)
    expect(ref.vouchers.some((v) => v.validUntil < TODAY)).toBe(true)
    expect(ref.vouchers.some((v) => v.redeemedAt instanceof Date && v.validUntil >= TODAY)).toBe(true)
    for (const v of ref.vouchers) expect(v.einloesecode).toMatch(VOUCHER_CODE_PATTERN)
  })

  it('has about 30 agencies, two of them with a login and the given hash', () => {
    expect(ref.agencies.length).toBeGreaterThanOrEqual(30)
    const logins = ref.agencies.filter((a) => a.login)
    expect(logins.map((a) => a.login).sort()).toEqual(['agentur-demo', 'reisebuero-sonne'])
    for (const a of logins) expect(a.passwordHash).toBe(HASH)
    for (const a of ref.agencies.filter((a) => !a.login)) expect(a.passwordHash ?? null).toBeNull()
    expect(new Set(ref.agencies.map((a) => a.ratioAgencyId)).size).toBe(ref.agencies.length)
    expect(generateCatalogue({ trips: 0, today: TODAY }).reference.agencies.every((a) => !a.passwordHash)).toBe(true)
  })

  it('has ships of both kinds and hotels used by the trips', () => {
    expect(new Set(ref.ships.map((s) => s.kind))).toEqual(new Set(['fluss', 'hochsee']))
    for (const s of ref.ships) expect(s.facts?.length).toBeGreaterThan(3)
    const shipIds = new Set(ref.ships.map((s) => s.id))
    const hotelIds = new Set(ref.hotels.map((h) => h.id))
    for (const t of data.trips) {
      if (t.shipId != null) expect(shipIds.has(t.shipId)).toBe(true)
      if (t.hotelId != null) expect(hotelIds.has(t.hotelId)).toBe(true)
    }
  })

  it('has blog entries of types 2, 29 and 1 with dates in the last two years', () => {
    const ofType = (type: number) => ref.blogEntries.filter((b) => b.idWebBlogType === type)
    expect(ofType(2).length).toBeGreaterThanOrEqual(5)
    expect(ofType(29)).toHaveLength(4)
    expect(new Set(ofType(29).map((b) => b.icon))).toEqual(new Set(['bus', 'shield', 'star', 'heart']))
    expect(ofType(1).length).toBeGreaterThanOrEqual(20)
    const now = Date.parse(`${TODAY}T23:59:59Z`)
    for (const b of ref.blogEntries) {
      expect(b.dateShow.getTime()).toBeLessThanOrEqual(now)
      expect(b.dateShow.getTime()).toBeGreaterThan(now - 2 * 366 * 86_400_000)
      expect(b.body).toMatch(/^<p>/)
      if (b.idWebBlogType !== 29) expect(b.image).toBe(`/media/seed/blog-${b.id}.svg`)
    }
  })

  it('has testimonials, impressions, FAQ, templates and school holidays', () => {
    expect(ref.testimonials).toHaveLength(40)
    const tripIds = new Set(data.trips.filter((t) => t.published).map((t) => t.id))
    for (const t of ref.testimonials) {
      expect(t.rating).toBeGreaterThanOrEqual(3)
      expect(t.rating).toBeLessThanOrEqual(5)
      expect(t.author).toMatch(/^\p{Lu}\p{Ll}+ [A-Z]\.$/u)
      if (t.tripId != null) expect(tripIds.has(t.tripId)).toBe(true)
    }
    expect(ref.impressions).toHaveLength(8)
    for (const i of ref.impressions) {
      const images = i.images ?? []
      expect(images.length).toBeGreaterThanOrEqual(6)
      expect(images.length).toBeLessThanOrEqual(12)
      images.forEach((img, n) => expect(img.src).toBe(`/media/seed/impression-${i.id}-${n + 1}.svg`))
    }
    expect(ref.faqEntries.length).toBeGreaterThanOrEqual(15)
    expect(ref.mailFormTemplates.map((t) => t.key).sort()).toEqual(['gruppenanfrage', 'katalog', 'kontakt', 'reiseanfrage'])
    for (const t of ref.mailFormTemplates) expect(t.template).toMatch(/\{\{\w+\}\}/)
    const states = new Set(ref.schoolHolidays.map((h) => h.state))
    expect(states).toEqual(new Set(['NW', 'NI', 'HE', 'BY', 'BW']))
    expect(ref.schoolHolidays).toHaveLength(5 * 3 * 4)
    for (const h of ref.schoolHolidays) expect(h.dateTill > h.dateFrom).toBe(true)
  })

  it('has menus whose links match the site routes, and the content pages', () => {
    const main = ref.menus.find((m) => m.key === 'main')
    const footer = ref.menus.find((m) => m.key === 'footer')
    const labels = main?.items?.map((i) => i.label)
    expect(labels).toEqual(['Busreisen', 'Flugreisen', 'Kreuzfahrten', 'Hotels', 'Reiseländer', 'Reisekalender', 'Service'])
    const flat = (items: readonly { href: string; children?: { href: string }[] }[]): string[] =>
      items.flatMap((i) => [i.href, ...flat(i.children ?? [])])
    const hrefs = flat(main?.items ?? [])
    for (const href of hrefs) expect(href).toMatch(/^\/[a-z0-9/-]*\/$/)
    const categorySlugs = new Set(ref.categories.map((c) => c.slug))
    for (const href of hrefs.filter((h) => h.startsWith('/reiseuebersicht/'))) {
      expect(categorySlugs.has(href.split('/')[2] ?? '')).toBe(true)
    }
    expect(hrefs).toEqual(expect.arrayContaining(['/ships/', '/hotels/', '/reiselaender/', '/reisekalender/', '/zustiegsstellen/', '/haustuertransfer/', '/bonusprogramm/', '/kundenstimmen/', '/blog/', '/faq/', '/forms/katalog/']))
    expect(footer?.items?.map((i) => i.href)).toEqual(['/impressum/', '/datenschutz/', '/reisebedingungen/', '/barrierefreiheit/', '/forms/kontakt/', '/ueber-uns/', '/reisebueros/', '/sitemap/'])

    const pages = ref.contentPages.filter((p) => p.kind === 'page').map((p) => p.slug)
    expect(pages.sort()).toEqual(
      [
        'impressum',
        'datenschutz',
        'reisebedingungen',
        'versicherung-produktinformationen',
        'versicherungsbedingungen',
        'barrierefreiheit',
        'kontakt',
        'ueber-uns',
        'bonusprogramm',
        'newsletter',
        'haustuertransfer',
        'zustiegsstellen',
        'reisebueros',
      ].sort(),
    )
    // One binding text of the travel conditions: everything the contract needs stands in it.
    const conditions = ref.contentPages.find((p) => p.slug === 'reisebedingungen')?.body ?? ''
    for (const text of ['Rücktritt durch Sie', 'Umbuchung', 'Mindestteilnehmerzahl', 'Ersatzperson', '§ 651e BGB', 'Mängel während der Reise', 'Beschwerden', 'Verbraucherschlichtungsstelle', 'Pass-, Visum- und Gesundheitsvorschriften']) {
      expect(conditions).toContain(text)
    }
    expect(ref.contentPages.filter((p) => p.kind === 'article').map((p) => p.slug)).toContain('reisetipps-winter')
    expect(ref.contentPages.filter((p) => p.kind === 'service-entry').map((p) => p.slug)).toEqual(
      expect.arrayContaining(['gepaeck', 'reiseversicherung', 'barrierefreies-reisen']),
    )
    const impressum = ref.contentPages.find((p) => p.slug === 'impressum')?.body ?? ''
    for (const text of ['Sonnenland Reisen GmbH', 'Musterstraße 1', '33602 Bielefeld', 'HRB 00000 (Demo)']) expect(impressum).toContain(text)
    for (const p of ref.contentPages) expect((p.body ?? '').length).toBeGreaterThan(200)
  })
})

describe('generateCatalogue: size', () => {
  it('generates 10,000 trips in chunks', () => {
    const big = generateCatalogue({ trips: 10_000, today: TODAY })
    let chunks = 0
    let trips = 0
    let lastTripId = 0
    let lastDateId = 0
    let continuous = true
    for (const chunk of big.tripChunks(1000)) {
      chunks++
      expect(chunk.trips.length).toBe(1000)
      for (const t of chunk.trips) continuous &&= t.id === ++lastTripId
      for (const d of chunk.tripDates) continuous &&= d.id === ++lastDateId
      trips += chunk.trips.length
    }
    expect(continuous).toBe(true)
    expect(chunks).toBe(10)
    expect(trips).toBe(10_000)
    expect(lastDateId).toBeGreaterThan(20_000)
  })
})
