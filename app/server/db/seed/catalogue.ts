// The deterministic demo catalogue: generateCatalogue() is PURE (no I/O, no clock, no Math.random).
// For a given { trips, seed, today } it always returns the same rows, with explicit ids 1..n.
// Small tables come back whole in `reference`; trips and their child rows stream from
// `tripChunks(size)`, so 100,000 trips never sit in memory at once. Every trip draws from its own
// PRNG (seeded by catalogue seed and trip id), so a trip's content does not depend on the chunk size.
import type { BookableStatus } from '../../../lib/bookable'
import type {
  ImageRef,
  ItineraryDay,
  services,
  tripBoardingPoints,
  tripCategories,
  tripCountries,
  tripDates,
  tripRegions,
  trips,
  Transport,
} from '../schema'
import { bookableSeatCount } from '../../../lib/booking/seat-plan'
import { fromEpochDay, monthOfEpochDay, toEpochDay } from '../../../lib/calendar'
import {
  buildBlogEntries,
  buildContentPages,
  buildImpressions,
  buildTestimonials,
  FAQ_ENTRIES,
  MAIL_FORM_TEMPLATES,
  MENUS,
  slugify,
  type BlogEntryRow,
  type ContentPageRow,
  type FaqEntryRow,
  type ImpressionRow,
  type MailFormTemplateRow,
  type MenuRow,
  type TestimonialRow,
} from './content'
import {
  DAY_SENTENCES,
  DESCRIPTION_PARAGRAPHS,
  EVENING_SENTENCES,
  DESTINATIONS,
  DURATIONS,
  FREE_DAY_TEXTS,
  FREE_DAY_TITLES,
  HURTIGRUTEN_TITLE,
  KIND_WEIGHTS,
  NOT_INCLUDED,
  PRICE_RANGES,
  TITLE_TEMPLATES,
  TRANSPORT_PHRASES,
  TRIP_KINDS,
  type Destination,
  type Season,
  type TripKind,
} from './destinations'
import { createRandom, mixSeed, type Random } from './random'
import {
  BOARDING_POINTS,
  BOARDING_ROUTE_ORDER,
  BOARDING_SURCHARGES,
  buildAgencies,
  buildCategories,
  buildVouchers,
  CATEGORY,
  countryId,
  COUNTRIES,
  euro,
  GLOBAL_SERVICES,
  HOTELS,
  INSURANCE_OFFERS,
  tripTerms,
  REGION_COUNTRIES,
  regionId,
  REGIONS,
  SCHOOL_HOLIDAYS,
  SEAT_PLAN,
  SEAT_PLANS,
  SHIPS,
  SPECIAL_CATEGORY_IDS,
  TRANSFER_ZONES,
  type AgencyRow,
  type BoardingPointRow,
  type CategoryRow,
  type CountryRow,
  type HotelRow,
  type InsuranceOfferRow,
  type RegionCountryRow,
  type RegionRow,
  type SchoolHolidayRow,
  type SeatPlanRow,
  type ServiceRow,
  type ShipRow,
  type TransferZoneRow,
  type VoucherRow,
} from './reference'

export type TripRow = typeof trips.$inferInsert & { id: number }
export type TripCategoryRow = typeof tripCategories.$inferInsert
export type TripCountryRow = typeof tripCountries.$inferInsert
export type TripRegionRow = typeof tripRegions.$inferInsert
export type TripDateRow = typeof tripDates.$inferInsert & { id: number }
export type TripBoardingPointRow = typeof tripBoardingPoints.$inferInsert
export type TripServiceRow = typeof services.$inferInsert & { id: number }

export type {
  AgencyRow,
  BlogEntryRow,
  BoardingPointRow,
  CategoryRow,
  ContentPageRow,
  CountryRow,
  FaqEntryRow,
  HotelRow,
  ImpressionRow,
  InsuranceOfferRow,
  MailFormTemplateRow,
  MenuRow,
  RegionCountryRow,
  RegionRow,
  SchoolHolidayRow,
  SeatPlanRow,
  ServiceRow,
  ShipRow,
  TestimonialRow,
  TransferZoneRow,
  VoucherRow,
}

/** All small tables, keyed like the schema's table exports. */
export interface ReferenceData {
  categories: CategoryRow[]
  countries: CountryRow[]
  regions: RegionRow[]
  regionCountries: RegionCountryRow[]
  ships: ShipRow[]
  hotels: HotelRow[]
  seatPlans: SeatPlanRow[]
  boardingPoints: BoardingPointRow[]
  transferZones: TransferZoneRow[]
  /** Add-ons for every trip (tripId null); per-trip add-ons come with the trip chunks. */
  services: ServiceRow[]
  insuranceOffers: InsuranceOfferRow[]
  vouchers: VoucherRow[]
  agencies: AgencyRow[]
  blogEntries: BlogEntryRow[]
  /** References trips: insert after the trip chunks. */
  testimonials: TestimonialRow[]
  menus: MenuRow[]
  contentPages: ContentPageRow[]
  /** References trips: insert after the trip chunks. */
  impressions: ImpressionRow[]
  faqEntries: FaqEntryRow[]
  mailFormTemplates: MailFormTemplateRow[]
  schoolHolidays: SchoolHolidayRow[]
}

export interface TripChunk {
  trips: TripRow[]
  tripCategories: TripCategoryRow[]
  tripCountries: TripCountryRow[]
  tripRegions: TripRegionRow[]
  tripDates: TripDateRow[]
  tripBoardingPoints: TripBoardingPointRow[]
  /** Add-ons of these trips. */
  services: TripServiceRow[]
}

export interface Catalogue {
  seed: number
  today: string
  reference: ReferenceData
  tripCount: number
  /** Streams the trips in id order; each call starts again at trip 1 and yields identical rows. */
  tripChunks(chunkSize?: number): Iterable<TripChunk>
}

export interface CatalogueOptions {
  trips: number
  seed?: number
  /** 'YYYY-MM-DD': dates run from here across the next 18 months; vouchers and blog dates are relative to it. */
  today: string
  /** Stored for the agency logins; null/undefined leaves them without a password (login impossible). */
  agencyPasswordHash?: string | null
}

export const DEFAULT_SEED = 1
/** Trip dates start between 3 days and ~18 months after today. */
export const FIRST_DATE_OFFSET = 3
export const LAST_DATE_OFFSET = 548
export const DEFAULT_CHUNK_SIZE = 1000

const MAX_DURATION = Math.max(...TRIP_KINDS.map((k) => DURATIONS[k][1]))

const TRANSPORT_BY_KIND: Record<TripKind, Transport> = {
  staedte: 'bus',
  rund: 'bus',
  erholung: 'bus',
  wandern: 'bus',
  advent: 'bus',
  tagesfahrt: 'bus',
  flug: 'flug',
  fluss: 'schiff',
  hochsee: 'schiff',
  hotel: 'hotel',
}

const CATEGORIES_BY_KIND: Record<TripKind, readonly number[]> = {
  staedte: [CATEGORY.busreisen, CATEGORY.staedtereisen],
  rund: [CATEGORY.busreisen, CATEGORY.rundreisen],
  erholung: [CATEGORY.busreisen],
  wandern: [CATEGORY.busreisen, CATEGORY.wanderreisen],
  advent: [CATEGORY.busreisen, CATEGORY.adventsreisen],
  tagesfahrt: [CATEGORY.tagesfahrten],
  flug: [CATEGORY.flugreisen],
  fluss: [CATEGORY.flusskreuzfahrten],
  hochsee: [CATEGORY.hochseekreuzfahrten],
  hotel: [CATEGORY.hotelaufenthalte],
}

const destinationsFor = (kind: TripKind): readonly Destination[] =>
  DESTINATIONS.filter((d) => d.kinds.includes(kind) && (kind !== 'hotel' || (d.hotels?.length ?? 0) > 0))
const DESTINATIONS_BY_KIND: Record<TripKind, readonly Destination[]> = {
  staedte: destinationsFor('staedte'),
  rund: destinationsFor('rund'),
  erholung: destinationsFor('erholung'),
  wandern: destinationsFor('wandern'),
  advent: destinationsFor('advent'),
  tagesfahrt: destinationsFor('tagesfahrt'),
  flug: destinationsFor('flug'),
  fluss: destinationsFor('fluss'),
  hochsee: destinationsFor('hochsee'),
  hotel: destinationsFor('hotel'),
}

/** Bookable status weights: mostly 0 Buchbar, 4 Durchführungsgarantie, 5 Nur noch wenige Plätze. */
const BOOKABLE_WEIGHTS: readonly (readonly [BookableStatus, number])[] = [
  [0, 48],
  [4, 18],
  [5, 16],
  [1, 7],
  [3, 7],
  [2, 4],
]
/** The first date of trips 1–6 gets these statuses, so every status exists in any catalogue of ≥ 6 trips. */
const FORCED_FIRST_STATUS: readonly BookableStatus[] = [0, 1, 2, 3, 4, 5]

const shipById = new Map(SHIPS.map((s) => [s.id, s]))
const hotelById = new Map(HOTELS.map((h) => [h.id, h]))
const seatCapacity = new Map(SEAT_PLANS.map((p) => [p.id, bookableSeatCount(p.layout)]))
const boardingIds = BOARDING_POINTS.map((p) => p.id).filter((id) => id !== 1)

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** Rounds euros up to a price ending in 9 (or 99 when `ninetyNine`), never above `max`. */
function priceEnding(euros: number, max: number, ninetyNine: boolean): number {
  const value = ninetyNine && euros >= 200 ? Math.floor(euros / 100) * 100 + 99 : Math.floor(euros / 10) * 10 + 9
  return Math.min(value, max)
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n))
const hhmm = (minutes: number) => `${pad2(Math.floor(minutes / 60) % 24)}:${pad2(minutes % 60)}`

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
}

const upperFirst = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s)

/** Offsets from today (in days) on which a trip of the given season may start. */
function seasonOffsets(todayDay: number, season: Season): number[] {
  const out: number[] = []
  for (let o = FIRST_DATE_OFFSET; o <= LAST_DATE_OFFSET; o++) {
    const day = todayDay + o
    if (season === 'all') out.push(o)
    else {
      const month = monthOfEpochDay(day)
      if (season === 'summer') {
        if (month >= 4 && month <= 10) out.push(o)
      } else {
        const date = Number(fromEpochDay(day).slice(8, 10))
        if ((month === 11 && date >= 20) || (month === 12 && date <= 20)) out.push(o)
      }
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// One trip
// ---------------------------------------------------------------------------------------------

interface TripPlan {
  rng: Random
  kind: TripKind
  dest: Destination
  duration: number
}

interface Context {
  seed: number
  todayDay: number
  /** ISO day by offset from today. */
  dayIso: string[]
  offsets: Record<Season, number[]>
  /** Special category per trip id. */
  special: ReadonlyMap<number, number>
  slugCache: Map<string, string>
  nextDateId: number
  nextServiceId: number
}

function planTrip(seed: number, id: number): TripPlan {
  const rng = createRandom(mixSeed(seed, id))
  const kind = rng.weighted(KIND_WEIGHTS)
  const dest = rng.pick(DESTINATIONS_BY_KIND[kind])
  const [min, max] = DURATIONS[kind]
  const duration = rng.int(min, max)
  return { rng, kind, dest, duration }
}

/** Published unless one of ~3 % drawn from a separate stream; the first 12 and special trips always are. */
function isPublished(seed: number, id: number, special: ReadonlyMap<number, number>): boolean {
  if (id <= 12 || special.has(id)) return true
  return mixSeed(seed ^ 0x5eed_0b1e, id) % 100 >= 3
}

interface BuiltTrip {
  trip: TripRow
  categories: TripCategoryRow[]
  countries: TripCountryRow[]
  regions: TripRegionRow[]
  dates: TripDateRow[]
  boarding: TripBoardingPointRow[]
  services: TripServiceRow[]
}

const SERVICE_POOLS: Record<
  'bus' | 'city' | 'tagesfahrt' | 'flug' | 'schiff' | 'hotel',
  readonly (readonly [name: string, description: string, min: number, max: number, per: 'person' | 'booking'])[]
> = {
  bus: [
    ['Ausflugspaket', 'Alle im Programm als zubuchbar gekennzeichneten Ausflüge zum Vorteilspreis.', 49, 129, 'person'],
    ['Halbpension-Upgrade', 'Abendessen im Hotel an allen Reisetagen (Drei-Gänge-Menü oder Buffet).', 39, 99, 'person'],
    ['Eintrittspaket', 'Alle Eintrittsgelder der Besichtigungen laut Programm.', 19, 59, 'person'],
  ],
  city: [
    ['Theaterkarte', 'Karte der Preiskategorie 2 für eine Abendvorstellung; das Stück steht in den Reiseunterlagen.', 49, 99, 'person'],
    ['Abendliche Stadtführung', 'Geführter Rundgang bei Nacht mit einer örtlichen Stadtführerin.', 19, 29, 'person'],
  ],
  tagesfahrt: [
    ['Mittagessen', 'Drei-Gänge-Menü in einem ausgewählten Restaurant.', 19, 39, 'person'],
    ['Kaffee und Kuchen', 'Kaffeegedeck mit einem Stück hausgemachtem Kuchen.', 9, 19, 'person'],
  ],
  flug: [
    ['Rail&Fly-Ticket', 'Bahnfahrt 2. Klasse zum Abflughafen und zurück.', 69, 89, 'person'],
    ['Sitzplatzreservierung im Flugzeug', 'Reservierter Sitzplatz für Hin- und Rückflug.', 19, 39, 'person'],
    ['Ausflugspaket', 'Alle fakultativen Ausflüge laut Programm zum Vorteilspreis.', 89, 199, 'person'],
  ],
  schiff: [
    ['Getränkepaket', 'Softdrinks, Bier, Hauswein und Kaffee zu allen Mahlzeiten an Bord.', 99, 249, 'person'],
    ['Landausflugspaket', 'Alle geführten Landausflüge laut Programm mit deutschsprachiger Führung.', 89, 249, 'person'],
    ['Einzelkabinen-Aufpreis', 'Alleinbenutzung einer Doppelkabine der gebuchten Kategorie.', 199, 599, 'person'],
  ],
  hotel: [
    ['Wellnessgutschein', 'Gutschein über eine Massage (25 Minuten) im hoteleigenen Spa.', 35, 59, 'person'],
    ['Halbpension-Upgrade', 'Abendessen vom Buffet an allen Abenden.', 79, 199, 'person'],
    ['Parkplatz am Hotel', 'Stellplatz für Ihr Auto für die gesamte Aufenthaltsdauer.', 29, 69, 'booking'],
  ],
}

function buildTrip(ctx: Context, id: number): BuiltTrip {
  const { rng, kind, dest, duration: d } = planTrip(ctx.seed, id)
  const transport = TRANSPORT_BY_KIND[kind]
  const ship = dest.ships && (kind === 'fluss' || kind === 'hochsee') ? shipById.get(rng.pick(dest.ships)) : undefined
  const hotelId =
    dest.hotels && dest.hotels.length > 0 && (kind === 'hotel' || ((kind === 'erholung' || kind === 'flug') && rng.chance(0.5)))
      ? rng.pick(dest.hotels)
      : null
  const hotel = hotelId === null ? undefined : hotelById.get(hotelId)
  const motto = rng.pick(dest.mottos)
  const sights = kind === 'advent' ? [...rng.shuffle(dest.adventSights ?? []), ...rng.shuffle(dest.sights)] : rng.shuffle(dest.sights)

  // cruise route: first port, then ports in order, at most one per day
  const ports = dest.ports ?? []
  // (route[0] embarkation, route[1..n-2] ports of call, route[n-1] disembarkation)
  const route =
    ports.length > 0
      ? [
          ports[0] ?? '',
          ...rng
            .sample(ports.slice(1), Math.max(1, Math.min(d - 1, ports.length - 1)))
            .sort((a, b) => ports.indexOf(a) - ports.indexOf(b)),
        ]
      : []

  // --- title, slug
  let title: string
  if (kind === 'hochsee' && dest.key === 'fjorde' && rng.chance(0.4)) title = HURTIGRUTEN_TITLE
  else {
    const template = rng.pick(TITLE_TEMPLATES[kind])
    title = fill(template, {
      d: String(d),
      name: dest.name,
      at: dest.at,
      motto,
      ship: ship?.name ?? '',
      hotel: hotel?.name ?? '',
      city: hotel?.city ?? '',
      ports: route.length >= 3 ? [route[0], route[Math.floor(route.length / 2)], route[route.length - 1]].join(' – ') : route.join(' – '),
    })
  }
  let slugBase = ctx.slugCache.get(title)
  if (slugBase === undefined) {
    slugBase = slugify(title)
    ctx.slugCache.set(title, slugBase)
  }
  const slug = `${slugBase}-${id}`
  const otherMotto = dest.mottos.find((m) => m !== motto) ?? null
  const subtitle = title.includes(motto) ? (rng.chance(0.6) ? otherMotto : null) : rng.chance(0.8) ? motto : null

  // --- texts
  const highlights = sights.slice(0, Math.min(sights.length, d === 1 ? 3 : Math.max(3, Math.min(6, d))))
  const prefix = d === 1 ? 'Tagesfahrt' : `${d} Tage`
  const teaserSights = highlights.slice(0, 3)
  // sights often contain 'und' themselves, so the list ends with 'sowie'
  const teaser = `${prefix} ${dest.at}: ${teaserSights.slice(0, -1).join(', ')}${teaserSights.length > 1 ? ' sowie ' : ''}${teaserSights[teaserSights.length - 1] ?? ''} – ${TRANSPORT_PHRASES[transport]}.`
  const [p1, p2] = rng.sample(DESCRIPTION_PARAGRAPHS, 2)
  const kindSentence =
    d === 1
      ? `Auf dieser Tagesfahrt erleben Sie ${dest.name} ${TRANSPORT_PHRASES[transport]}.`
      : `Auf dieser ${d}-tägigen Reise erleben Sie ${dest.name} ${TRANSPORT_PHRASES[transport]}.`
  const description =
    `<p>${dest.intro} ${kindSentence}</p><p>${p1 ?? ''}</p>` +
    `<p><strong>Ihre Höhepunkte:</strong></p><ul>${highlights.map((h) => `<li>${h}</li>`).join('')}</ul><p>${p2 ?? ''}</p>`

  const itinerary = buildItinerary(rng, kind, dest, d, sights, route, ship?.name, hotel?.name)
  const stars = hotel?.stars ?? rng.pick([3, 4, 4, 4])
  const included = buildIncluded(rng, kind, dest, d, highlights, stars, ship?.name, hotel?.name)
  const notIncluded = rng.sample(NOT_INCLUDED, rng.int(3, 4))

  // --- images
  const imageCount = rng.int(3, 5)
  const images: ImageRef[] = []
  for (let n = 1; n <= imageCount; n++) {
    let alt: string
    if (n === 1) alt = `${dest.name}: ${sights[0] ?? dest.name}`
    else if (n === 2 && ship) alt = `Die ${ship.name} ${dest.at}`
    else if (n === 2 && hotel) alt = `Das ${hotel.name} in ${hotel.city}`
    else if (n === 2 && transport === 'bus') alt = `Reisebus von Sonnenland Reisen unterwegs ${dest.at}`
    else alt = `Impression ${dest.at}: ${sights[(n - 1) % sights.length] ?? dest.name}`
    images.push({ src: `/media/seed/trip-${id}-${n}.svg`, alt, width: 1600, height: 1000 })
  }

  const trip: TripRow = {
    id,
    slug,
    title,
    subtitle,
    teaser,
    description,
    itinerary,
    included,
    notIncluded,
    durationDays: d,
    transport,
    shipId: ship?.id ?? null,
    hotelId,
    images,
    published: isPublished(ctx.seed, id, ctx.special),
    ...tripTerms(transport, d, notIncluded),
  }

  // --- relations
  const categoryIds = [...CATEGORIES_BY_KIND[kind]]
  const specialId = ctx.special.get(id)
  if (specialId !== undefined) categoryIds.push(specialId)
  const countryIsos = dest.countries.length <= 2 ? dest.countries : [dest.countries[0] ?? '', rng.pick(dest.countries.slice(1))]
  const regionSlugs = dest.regions.length <= 1 || rng.chance(0.5) ? dest.regions.slice(0, 1) : [dest.regions[0] ?? '', rng.pick(dest.regions.slice(1))]

  // --- dates
  const season: Season = kind === 'advent' ? 'advent' : (dest.season ?? 'all')
  const candidates = ctx.offsets[season]
  const dateCount = Math.min(rng.int(2, 8), candidates.length)
  const picked = new Set<number>()
  while (picked.size < dateCount) picked.add(candidates[Math.floor(rng.next() * candidates.length)] ?? FIRST_DATE_OFFSET)
  const offsets = [...picked].sort((a, b) => a - b)

  const [minPrice, maxPrice] = PRICE_RANGES[kind]
  const [minD, maxD] = DURATIONS[kind]
  const share = maxD === minD ? rng.next() : (d - minD) / (maxD - minD)
  const span = maxPrice - minPrice
  const rawBase = minPrice + share * span * 0.75 + rng.next() * span * 0.25
  const ninetyNine = rng.chance(0.5)
  const basePrice = priceEnding(rawBase, maxPrice, ninetyNine)
  const nights = Math.max(0, d - 1)
  const perNight = kind === 'fluss' || kind === 'hochsee' ? rng.int(8, 18) * 5 : rng.int(3, 7) * 5
  const singleRoom = euro(nights * perNight)
  const seatPlanId =
    transport !== 'bus' ? null : kind === 'wandern' && rng.chance(0.4) ? SEAT_PLAN.minibus19 : kind === 'rund' && rng.chance(0.35) ? SEAT_PLAN.coach36 : SEAT_PLAN.coach49
  const capacity =
    seatPlanId !== null
      ? (seatCapacity.get(seatPlanId) ?? 0)
      : transport === 'flug'
        ? rng.int(20, 40)
        : transport === 'schiff'
          ? rng.int(40, 150)
          : rng.int(10, 30)
  const codePrefix = { bus: 'B', flug: 'F', schiff: 'S', hotel: 'H' }[transport]

  const dates: TripDateRow[] = offsets.map((offset, index) => {
    const variation = kind === 'tagesfahrt' ? rng.pick([0, 0, 10, -10]) : rng.pick([0, 0, 0, 50, 100, -50])
    const price = priceEnding(Math.max(minPrice, basePrice + variation), maxPrice, ninetyNine)
    const forced = index === 0 && id <= FORCED_FIRST_STATUS.length ? FORCED_FIRST_STATUS[id - 1] : undefined
    const dateFrom = ctx.dayIso[offset] ?? fromEpochDay(ctx.todayDay + offset)
    return {
      id: ctx.nextDateId++,
      tripId: id,
      dateFrom,
      dateTill: ctx.dayIso[offset + d - 1] ?? fromEpochDay(ctx.todayDay + offset + d - 1),
      price: euro(price),
      singleRoomSurcharge: singleRoom,
      bookable: forced ?? rng.weighted(BOOKABLE_WEIGHTS),
      seatPlanId,
      capacity,
      code: `${codePrefix}${String(id).padStart(5, '0')}-${dateFrom.slice(2, 4)}${dateFrom.slice(5, 7)}${dateFrom.slice(8, 10)}`,
    }
  })

  // --- boarding points (bus trips only): Bielefeld Hbf plus a few more, farthest picked up first
  const boarding: TripBoardingPointRow[] = []
  if (transport === 'bus') {
    const ids = [1, ...rng.sample(boardingIds, kind === 'tagesfahrt' ? rng.int(2, 7) : rng.int(3, 9))]
    ids.sort((a, b) => (BOARDING_ROUTE_ORDER.get(a) ?? 0) - (BOARDING_ROUTE_ORDER.get(b) ?? 0))
    let minutes = (kind === 'tagesfahrt' ? rng.int(22, 26) : rng.int(18, 26)) * 15 // 04:30–06:30
    for (const pointId of ids) {
      boarding.push({ tripId: id, boardingPointId: pointId, departureTime: hhmm(minutes), surcharge: BOARDING_SURCHARGES.get(pointId) ?? 0 })
      minutes += rng.int(2, 5) * 5
    }
  }

  // --- add-ons
  const pool =
    kind === 'tagesfahrt'
      ? SERVICE_POOLS.tagesfahrt
      : transport === 'bus'
        ? kind === 'staedte' || kind === 'advent'
          ? [...SERVICE_POOLS.bus, ...SERVICE_POOLS.city]
          : SERVICE_POOLS.bus
        : SERVICE_POOLS[transport]
  const tripServices: TripServiceRow[] = rng.sample(pool, rng.int(0, 3)).map(([name, descriptionText, min, max, per]) => ({
    id: ctx.nextServiceId++,
    tripId: id,
    name: name === 'Ausflugspaket' ? `Ausflugspaket ${dest.name}` : name,
    description: descriptionText,
    price: euro(priceEnding(rng.int(min, max), max, false)),
    per,
  }))

  return {
    trip,
    categories: categoryIds.map((categoryId) => ({ tripId: id, categoryId })),
    countries: countryIsos.map((iso) => ({ tripId: id, countryId: countryId(iso) })),
    regions: regionSlugs.map((slugName) => ({ tripId: id, regionId: regionId(slugName) })),
    dates,
    boarding,
    services: tripServices,
  }
}

function buildItinerary(
  rng: Random,
  kind: TripKind,
  dest: Destination,
  d: number,
  sights: readonly string[],
  route: readonly string[],
  shipName: string | undefined,
  hotelName: string | undefined,
): ItineraryDay[] {
  const sentence = () => rng.pick(DAY_SENTENCES)
  const sightAt = (i: number) => sights[i % Math.max(1, sights.length)] ?? dest.name

  if (d === 1) {
    const [a, b] = [sightAt(0), sightAt(1)]
    return [
      {
        day: 1,
        title: `Ihr Ausflugstag ${dest.at}`,
        text: `Am Morgen starten Sie an Ihrer Zustiegsstelle. Auf dem Programm stehen ${a} und ${b}. ${sentence()} Am frühen Abend treten Sie die Rückfahrt an.`,
      },
    ]
  }

  const days: ItineraryDay[] = []
  const middle = (day: number, index: number) => {
    if (index >= sights.length || rng.chance(0.15)) {
      days.push({ day, title: rng.pick(FREE_DAY_TITLES), text: rng.pick(FREE_DAY_TEXTS) })
    } else {
      const s = sightAt(index)
      days.push({ day, title: upperFirst(s), text: `Heute auf dem Programm: ${s}. ${sentence()} ${rng.pick(EVENING_SENTENCES)}` })
    }
  }

  if (kind === 'fluss' || kind === 'hochsee') {
    const first = route[0] ?? dest.gateway ?? dest.name
    days.push({
      day: 1,
      title: `Einschiffung in ${first}`,
      text: `${kind === 'fluss' ? 'Bequemer Bustransfer ab Ostwestfalen' : 'Anreise per Flug oder im Reisebus (je nach Termin)'} nach ${first}. Am Nachmittag gehen Sie an Bord der ${shipName ?? 'Schiffes'} und beziehen Ihre Kabine. Begrüßungscocktail und Abendessen an Bord.`,
    })
    let portIndex = 1
    for (let day = 2; day < d; day++) {
      const port = portIndex < route.length - 1 ? route[portIndex] : undefined
      if (port !== undefined && !(kind === 'hochsee' && rng.chance(0.25))) {
        portIndex++
        days.push({ day, title: port, text: `Ihr Schiff legt in ${port} an. ${sentence()} Am Abend heißt es wieder „Leinen los“.` })
      } else {
        days.push({
          day,
          title: kind === 'hochsee' ? 'Erholung auf See' : 'Genießen an Bord',
          text: 'Genießen Sie die vorbeiziehende Landschaft vom Sonnendeck, nehmen Sie an einem Vortrag teil oder entspannen Sie einfach.',
        })
      }
    }
    const last = route[route.length - 1] ?? first
    days.push({
      day: d,
      title: `Ausschiffung in ${last}`,
      text: `Nach dem Frühstück verlassen Sie das Schiff. ${kind === 'fluss' ? 'Bustransfer' : 'Rückreise'} nach Ostwestfalen.`,
    })
    return days
  }

  if (kind === 'flug') {
    const airport = dest.gateway ?? dest.name
    days.push({
      day: 1,
      title: `Flug nach ${airport}`,
      text: `Sie fliegen ab Hannover, Münster/Osnabrück oder Paderborn/Lippstadt nach ${airport}. Ihre Reiseleitung empfängt Sie am Flughafen und begleitet Sie zum Hotel.`,
    })
    for (let day = 2; day < d; day++) middle(day, day - 2)
    days.push({ day: d, title: 'Rückflug', text: `Transfer zum Flughafen ${airport} und Rückflug nach Deutschland.` })
    return days
  }

  if (kind === 'hotel') {
    days.push({
      day: 1,
      title: 'Anreise',
      text: `Eigene Anreise zum ${hotelName ?? 'Hotel'}. Begrüßungsgetränk und Zimmerbezug; am Abend erwartet Sie das Abendessen.`,
    })
    for (let day = 2; day < d; day++) {
      if (day % 2 === 0) middle(day, Math.floor((day - 2) / 2))
      else days.push({ day, title: 'Wohlfühltag', text: 'Nutzen Sie den Wellnessbereich, gehen Sie spazieren oder lassen Sie sich einfach verwöhnen.' })
    }
    days.push({ day: d, title: 'Abreise', text: 'Nach einem ausgiebigen Frühstück treten Sie die Heimreise an.' })
    return days
  }

  // bus trips
  days.push({
    day: 1,
    title: `Anreise ${dest.to}`,
    text: `Nach dem Zustieg an Ihrer gewählten Zustiegsstelle fahren Sie im modernen Reisebus mit Pausen ${dest.to}. Zimmerbezug und gemeinsames Abendessen im Hotel.`,
  })
  for (let day = 2; day < d; day++) middle(day, day - 2)
  days.push({
    day: d,
    title: 'Heimreise',
    text: 'Nach dem Frühstück treten Sie die Heimreise an. Am Abend erreichen Sie wieder Ihre Zustiegsstelle – mit vielen schönen Erinnerungen im Gepäck.',
  })
  return days
}

function buildIncluded(
  rng: Random,
  kind: TripKind,
  dest: Destination,
  d: number,
  highlights: readonly string[],
  stars: number,
  shipName: string | undefined,
  hotelName: string | undefined,
): string[] {
  const nights = d - 1
  const nightsText = `${nights} ${nights === 1 ? 'Übernachtung' : 'Übernachtungen'}`
  const board = rng.pick(['Halbpension (Frühstücksbuffet und Abendessen)', 'Frühstücksbuffet', 'Halbpension mit Drei-Gänge-Menü'])
  const extras = highlights.slice(0, 2)
  switch (kind) {
    case 'tagesfahrt':
      return ['Fahrt im modernen 4-Sterne-Reisebus', 'Begrüßungskaffee an Bord', ...extras, 'Reisebegleitung']
    case 'flug':
      return [
        `Flug nach ${dest.gateway ?? dest.name} und zurück in der Economy Class`,
        'Flughafensteuern und Gebühren',
        'Transfers vor Ort im klimatisierten Bus',
        `${nightsText} im ${hotelName ?? `${stars}-Sterne-Hotel`}`,
        board,
        'Deutschsprachige Reiseleitung',
        ...extras,
      ]
    case 'fluss':
    case 'hochsee':
      return [
        kind === 'fluss' ? 'Bustransfer ab/bis Ostwestfalen zum Schiff' : 'An- und Abreise zum Hafen per Flug oder Reisebus (je nach Termin)',
        `Kreuzfahrt an Bord der ${shipName ?? 'Schiffes'} in der gebuchten Kabinenkategorie`,
        'Vollpension an Bord',
        'Kapitänsempfang mit Galadinner',
        'Hafengebühren',
        'Deutschsprachige Reisebegleitung',
      ]
    case 'hotel':
      return [`${nightsText} im ${hotelName ?? 'Hotel'}`, board, 'Begrüßungsgetränk', 'Nutzung des Wellnessbereichs', 'Kostenfreies WLAN']
    default:
      return [
        'Fahrt im modernen 4-Sterne-Reisebus mit Klimaanlage und WC',
        `${nightsText} im ${stars}-Sterne-Hotel`,
        board,
        `Reiseleitung ${dest.at}`,
        ...extras,
        'Reisepreis-Sicherungsschein',
      ]
  }
}

// ---------------------------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------------------------

/** Up to 8 trips per special category; one special category per trip. */
function assignSpecialCategories(seed: number, tripCount: number): Map<number, number> {
  const rng = createRandom(mixSeed(seed, 0x5bec1a1))
  const special = new Map<number, number>()
  for (const categoryId of SPECIAL_CATEGORY_IDS) {
    const want = Math.min(rng.int(4, 8), tripCount - special.size)
    let taken = 0
    let attempts = 0
    while (taken < want && attempts < 10_000) {
      attempts++
      const id = rng.int(1, tripCount)
      if (special.has(id)) continue
      special.set(id, categoryId)
      taken++
    }
    // tiny catalogues: fill in order
    for (let id = 1; taken < want && id <= tripCount; id++) {
      if (special.has(id)) continue
      special.set(id, categoryId)
      taken++
    }
  }
  return special
}

function newContext(seed: number, today: string, special: ReadonlyMap<number, number>): Context {
  const todayDay = toEpochDay(today)
  const dayIso: string[] = []
  for (let o = 0; o <= LAST_DATE_OFFSET + MAX_DURATION; o++) dayIso.push(fromEpochDay(todayDay + o))
  return {
    seed,
    todayDay,
    dayIso,
    offsets: { all: seasonOffsets(todayDay, 'all'), summer: seasonOffsets(todayDay, 'summer'), advent: seasonOffsets(todayDay, 'advent') },
    special,
    slugCache: new Map(),
    nextDateId: 1,
    nextServiceId: GLOBAL_SERVICES.length + 1,
  }
}

export function generateCatalogue(options: CatalogueOptions): Catalogue {
  const tripCount = options.trips
  if (!Number.isSafeInteger(tripCount) || tripCount < 0) throw new RangeError(`trips must be a non-negative integer, got ${tripCount}`)
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0
  const today = options.today
  toEpochDay(today) // throws on anything but a real 'YYYY-MM-DD'
  const year = Number(today.slice(0, 4))
  const special = assignSpecialCategories(seed, tripCount)

  // trips for testimonials and impressions, derived without generating the whole catalogue
  const probe = newContext(seed, today, special)
  const contentRng = createRandom(mixSeed(seed, 0xc0de))
  const pickTrip = () => {
    if (tripCount === 0) return null
    for (let attempt = 0; attempt < 20; attempt++) {
      const id = contentRng.int(1, tripCount)
      if (isPublished(seed, id, special)) return { id, title: buildTrip({ ...probe, nextDateId: 1, nextServiceId: 1 }, id).trip.title }
    }
    return null
  }
  const findTrip = (destinationKey: string) => {
    const limit = Math.min(tripCount, 5000)
    for (let id = 1; id <= limit; id++) {
      if (planTrip(seed, id).dest.key === destinationKey && isPublished(seed, id, special)) return { id }
    }
    return null
  }

  const reference: ReferenceData = {
    categories: buildCategories(year + 1),
    countries: COUNTRIES.map((c) => ({ ...c })),
    regions: REGIONS.map((r) => ({ ...r })),
    regionCountries: REGION_COUNTRIES.map((r) => ({ ...r })),
    ships: SHIPS.map((s) => ({ ...s })),
    hotels: HOTELS.map((h) => ({ ...h })),
    seatPlans: SEAT_PLANS.map((p) => ({ ...p })),
    boardingPoints: BOARDING_POINTS.map((p) => ({ ...p })),
    transferZones: TRANSFER_ZONES.map((z) => ({ ...z })),
    services: GLOBAL_SERVICES.map((s) => ({ ...s })),
    insuranceOffers: INSURANCE_OFFERS.map((o) => ({ ...o })),
    vouchers: buildVouchers(today),
    agencies: buildAgencies(options.agencyPasswordHash ?? null),
    blogEntries: buildBlogEntries(today, createRandom(mixSeed(seed, 0xb10c))),
    testimonials: buildTestimonials(today, contentRng, pickTrip),
    menus: MENUS.map((m) => ({ ...m })),
    contentPages: buildContentPages(),
    impressions: buildImpressions(today, createRandom(mixSeed(seed, 0x1a9e)), findTrip),
    faqEntries: FAQ_ENTRIES.map((f) => ({ ...f })),
    mailFormTemplates: MAIL_FORM_TEMPLATES.map((t) => ({ ...t })),
    schoolHolidays: SCHOOL_HOLIDAYS.map((h) => ({ ...h })),
  }

  function* tripChunks(chunkSize: number = DEFAULT_CHUNK_SIZE): Generator<TripChunk> {
    if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) throw new RangeError(`chunkSize must be a positive integer, got ${chunkSize}`)
    const ctx = newContext(seed, today, special)
    for (let start = 1; start <= tripCount; start += chunkSize) {
      const chunk: TripChunk = {
        trips: [],
        tripCategories: [],
        tripCountries: [],
        tripRegions: [],
        tripDates: [],
        tripBoardingPoints: [],
        services: [],
      }
      const end = Math.min(tripCount, start + chunkSize - 1)
      for (let id = start; id <= end; id++) {
        const built = buildTrip(ctx, id)
        chunk.trips.push(built.trip)
        chunk.tripCategories.push(...built.categories)
        chunk.tripCountries.push(...built.countries)
        chunk.tripRegions.push(...built.regions)
        chunk.tripDates.push(...built.dates)
        chunk.tripBoardingPoints.push(...built.boarding)
        chunk.services.push(...built.services)
      }
      yield chunk
    }
  }

  return { seed, today, reference, tripCount, tripChunks }
}
