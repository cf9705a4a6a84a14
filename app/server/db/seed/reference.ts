// Fixed reference data of the demo catalogue: categories, countries, regions, ships, hotels, seat
// plans, boarding points, transfer zones, add-ons, insurance, vouchers, agencies, school holidays.
// Pure data and pure builders; ids are explicit and stable.
import type {
  agencies,
  boardingPoints,
  categories,
  countries,
  hotels,
  insuranceOffers,
  regionCountries,
  regions,
  schoolHolidays,
  seatPlans,
  SeatCell,
  SeatPlanLayout,
  services,
  ships,
  transferZones,
  TRANSPORTS,
  vouchers,
} from '../schema'
import { BUS_CANCELLATION_SCALE } from '../../../lib/booking/cancellation'
import { RAW_PRICE_FACTOR } from '../../../lib/format'
import { epochDayToDate, fromEpochDay, toEpochDay } from '../../../lib/calendar'

export type CategoryRow = typeof categories.$inferInsert & { id: number }
export type CountryRow = typeof countries.$inferInsert & { id: number }
export type RegionRow = typeof regions.$inferInsert & { id: number }
export type RegionCountryRow = typeof regionCountries.$inferInsert
export type ShipRow = typeof ships.$inferInsert & { id: number }
export type HotelRow = typeof hotels.$inferInsert & { id: number }
export type SeatPlanRow = typeof seatPlans.$inferInsert & { id: number }
export type BoardingPointRow = typeof boardingPoints.$inferInsert & { id: number }
export type TransferZoneRow = typeof transferZones.$inferInsert & { id: number }
export type ServiceRow = typeof services.$inferInsert & { id: number }
export type InsuranceOfferRow = typeof insuranceOffers.$inferInsert & { id: number }
export type VoucherRow = typeof vouchers.$inferInsert & { id: number }
export type AgencyRow = typeof agencies.$inferInsert & { id: number }
export type SchoolHolidayRow = typeof schoolHolidays.$inferInsert & { id: number }

/** Euros to millionths of a euro (the raw price unit, spec 9). */
export const euro = (value: number): number => Math.round(value * RAW_PRICE_FACTOR)

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

/** Stable category ids the trip generator refers to. */
export const CATEGORY = {
  busreisen: 1,
  staedtereisen: 2,
  rundreisen: 3,
  wanderreisen: 4,
  adventsreisen: 5,
  tagesfahrten: 6,
  flugreisen: 7,
  flusskreuzfahrten: 8,
  hochseekreuzfahrten: 9,
  hotelaufenthalte: 10,
  silvesterreisen: 11,
  top: 12,
  app: 13,
  slider: 14,
  tipps: 15,
  highlights: 16,
} as const

export const SPECIAL_CATEGORY_IDS: readonly number[] = [
  CATEGORY.top,
  CATEGORY.app,
  CATEGORY.slider,
  CATEGORY.tipps,
  CATEGORY.highlights,
]

/** `year` names the highlights category ('Reisehighlights 2027' when seeded in 2026). */
export function buildCategories(highlightYear: number): CategoryRow[] {
  const image = (id: number) => `/media/seed/category-${id}.svg`
  return [
    {
      id: CATEGORY.busreisen,
      slug: 'busreisen',
      name: 'Busreisen',
      kind: 'bus',
      description:
        '<p>Entspannt reisen im modernen 4-Sterne-Reisebus: Wir holen Sie an einer Zustiegsstelle in Ihrer Nähe ab und bringen Sie sicher ans Ziel.</p>',
      image: image(CATEGORY.busreisen),
      sort: 10,
    },
    {
      id: CATEGORY.staedtereisen,
      slug: 'staedtereisen',
      name: 'Städtereisen',
      kind: 'bus',
      description: '<p>Metropolen und Kulturstädte Europas – mit Stadtführung, zentralen Hotels und viel Zeit zum Bummeln.</p>',
      image: image(CATEGORY.staedtereisen),
      sort: 20,
    },
    {
      id: CATEGORY.rundreisen,
      slug: 'rundreisen',
      name: 'Rundreisen',
      kind: 'bus',
      description: '<p>Eine Reise, viele Eindrücke: Unsere Rundreisen verbinden die Höhepunkte einer ganzen Region.</p>',
      image: image(CATEGORY.rundreisen),
      sort: 30,
    },
    {
      id: CATEGORY.wanderreisen,
      slug: 'wanderreisen',
      name: 'Wanderreisen',
      kind: 'bus',
      description: '<p>Geführte Wanderungen in unterschiedlichen Schwierigkeitsgraden – der Bus bringt Sie zum Start und holt Sie am Ziel wieder ab.</p>',
      image: image(CATEGORY.wanderreisen),
      sort: 40,
    },
    {
      id: CATEGORY.adventsreisen,
      slug: 'adventsreisen',
      name: 'Adventsreisen',
      kind: 'bus',
      description: '<p>Glühwein, Lichterglanz und Weihnachtsmärkte: Stimmen Sie sich mit uns auf die schönste Zeit des Jahres ein.</p>',
      image: image(CATEGORY.adventsreisen),
      sort: 50,
    },
    {
      id: CATEGORY.tagesfahrten,
      slug: 'tagesfahrten',
      name: 'Tagesfahrten',
      kind: 'bus',
      description: '<p>Einmal raus aus dem Alltag – morgens los, abends zurück. Ideal zum Kennenlernen und Verschenken.</p>',
      image: image(CATEGORY.tagesfahrten),
      sort: 60,
    },
    {
      id: CATEGORY.flugreisen,
      slug: 'flugreisen',
      name: 'Flugreisen',
      kind: 'flug',
      description: '<p>Ferne Ziele bequem erreichen: Flug ab Hannover, Münster/Osnabrück oder Paderborn/Lippstadt, Transfers und Reiseleitung inklusive.</p>',
      image: image(CATEGORY.flugreisen),
      sort: 70,
    },
    {
      id: CATEGORY.flusskreuzfahrten,
      slug: 'flusskreuzfahrten',
      name: 'Flusskreuzfahrten',
      kind: 'flusskreuzfahrt',
      description: '<p>Die Landschaft zieht vorbei, Ihr Zimmer reist mit: Flusskreuzfahrten auf Donau, Rhein, Mosel und Elbe.</p>',
      image: image(CATEGORY.flusskreuzfahrten),
      sort: 80,
    },
    {
      id: CATEGORY.hochseekreuzfahrten,
      slug: 'hochseekreuzfahrten',
      name: 'Hochseekreuzfahrten',
      kind: 'hochseekreuzfahrt',
      description: '<p>Von den Fjorden Norwegens bis ins Mittelmeer: Seereisen mit deutschsprachiger Begleitung ab/bis Ostwestfalen.</p>',
      image: image(CATEGORY.hochseekreuzfahrten),
      sort: 90,
    },
    {
      id: CATEGORY.hotelaufenthalte,
      slug: 'hotelaufenthalte',
      name: 'Hotelaufenthalte',
      kind: 'hotel',
      description: '<p>Ausgewählte Hotels für Ihre Auszeit – mit eigener Anreise und vielen Inklusivleistungen.</p>',
      image: image(CATEGORY.hotelaufenthalte),
      sort: 100,
    },
    {
      id: CATEGORY.silvesterreisen,
      slug: 'silvesterreisen',
      name: 'Silvesterreisen',
      kind: 'bus',
      description: '<p>Den Jahreswechsel festlich feiern – unsere neuen Silvesterreisen sind in Vorbereitung.</p>',
      image: image(CATEGORY.silvesterreisen),
      sort: 110,
    },
    { id: CATEGORY.top, slug: 'top-reisen', name: 'Top-Reisen', kind: 'special', description: '', image: null, sort: 900 },
    { id: CATEGORY.app, slug: 'app-angebote', name: 'App-Angebote', kind: 'special', description: '', image: null, sort: 910 },
    { id: CATEGORY.slider, slug: 'slider-startseite', name: 'Slider Startseite', kind: 'special', description: '', image: null, sort: 920 },
    {
      id: CATEGORY.tipps,
      slug: 'busreisen-tipps-der-redaktion',
      name: 'Busreisen Tipps der Redaktion',
      kind: 'special',
      description: '',
      image: null,
      sort: 930,
    },
    {
      id: CATEGORY.highlights,
      slug: `reisehighlights-${highlightYear}`,
      name: `Reisehighlights ${highlightYear}`,
      kind: 'special',
      description: '',
      image: null,
      sort: 940,
    },
  ]
}

// ---------------------------------------------------------------------------------------------
// Countries and regions
// ---------------------------------------------------------------------------------------------

/** [iso2, name, slug]; the last country has no name (spec 5: shown as 'Reiseland'). */
const COUNTRY_DATA: readonly (readonly [string | null, string | null, string])[] = [
  ['DE', 'Deutschland', 'deutschland'],
  ['AT', 'Österreich', 'oesterreich'],
  ['IT', 'Italien', 'italien'],
  ['FR', 'Frankreich', 'frankreich'],
  ['CZ', 'Tschechien', 'tschechien'],
  ['NO', 'Norwegen', 'norwegen'],
  ['NL', 'Niederlande', 'niederlande'],
  ['CH', 'Schweiz', 'schweiz'],
  ['ES', 'Spanien', 'spanien'],
  ['PT', 'Portugal', 'portugal'],
  ['HR', 'Kroatien', 'kroatien'],
  ['PL', 'Polen', 'polen'],
  ['HU', 'Ungarn', 'ungarn'],
  ['BE', 'Belgien', 'belgien'],
  [null, null, 'reiseland-ohne-namen'],
]

// Passport and visa notes for German citizens (Art. 250 § 3 Nr. 6 EGBGB); migration 0010 writes the same.
const EU_ENTRY = 'Ein gültiger Personalausweis oder Reisepass genügt; ein Visum ist nicht erforderlich. Besondere Gesundheitsvorschriften bestehen nicht.'
const SCHENGEN_ENTRY =
  'Ein gültiger Personalausweis oder Reisepass genügt; ein Visum ist nicht erforderlich (Schengen-Raum, nicht EU: bitte die Zollfreimengen beachten). Besondere Gesundheitsvorschriften bestehen nicht.'

function entryNote(iso2: string | null): string | null {
  if (iso2 === null || iso2 === 'DE') return null
  return iso2 === 'CH' || iso2 === 'NO' ? SCHENGEN_ENTRY : EU_ENTRY
}

export const COUNTRIES: readonly CountryRow[] = COUNTRY_DATA.map(([iso2, name, slug], index) => ({
  id: index + 1,
  name,
  slug,
  iso2,
  entryNote: entryNote(iso2),
}))

const countryIdByIso = new Map<string, number>()
for (const c of COUNTRIES) countryIdByIso.set(c.iso2 ?? '', c.id)

/** Country id for an ISO code; '' is the country without a name. */
export function countryId(iso: string): number {
  const found = countryIdByIso.get(iso)
  if (found === undefined) throw new Error(`unknown country ${iso}`)
  return found
}

/** [slug, name, countries]; regions with no country are grouped under 'Andere Regionen' (spec 5). */
const REGION_DATA: readonly (readonly [string, string, readonly string[]])[] = [
  ['ostsee', 'Ostsee', ['DE', 'PL']],
  ['nordsee', 'Nordsee', ['DE', 'NL']],
  ['harz', 'Harz', ['DE']],
  ['schwarzwald', 'Schwarzwald', ['DE']],
  ['bodensee', 'Bodensee', ['DE', 'AT', 'CH']],
  ['suedtirol', 'Südtirol', ['IT']],
  ['gardasee', 'Gardasee', ['IT']],
  ['toskana', 'Toskana', ['IT']],
  ['salzburger-land', 'Salzburger Land', ['AT']],
  ['wien', 'Wien', ['AT']],
  ['prag', 'Prag', ['CZ']],
  ['paris', 'Paris', ['FR']],
  ['elsass', 'Elsass', ['FR']],
  ['rom', 'Rom', ['IT']],
  ['fjorde', 'Fjorde', ['NO']],
  ['amsterdam', 'Amsterdam', ['NL']],
  ['algarve', 'Algarve', ['PT']],
  ['dalmatien', 'Dalmatien', ['HR']],
  ['masuren', 'Masuren', ['PL']],
  ['budapest', 'Budapest', ['HU']],
  ['mallorca', 'Mallorca', ['ES']],
  ['andalusien', 'Andalusien', ['ES']],
  ['flandern', 'Flandern', ['BE']],
  ['berner-oberland', 'Berner Oberland', ['CH']],
  ['berlin', 'Berlin', ['DE']],
  ['dresden', 'Dresden und Sächsische Schweiz', ['DE']],
  ['rhein', 'Rhein', ['DE', 'NL']],
  ['mosel', 'Mosel', ['DE']],
  ['muensterland', 'Münsterland', ['DE']],
  ['lueneburger-heide', 'Lüneburger Heide', ['DE']],
  ['teutoburger-wald', 'Teutoburger Wald', ['DE']],
  ['sauerland', 'Sauerland', ['DE']],
  ['weserbergland', 'Weserbergland', ['DE']],
  ['donau', 'Donau', []],
  ['alpen', 'Alpen', []],
  // linked to the country without a name, so the region list shows a 'Reiseland' group (spec 5)
  ['mittelmeer', 'Mittelmeer', ['']],
]

export const REGIONS: readonly RegionRow[] = REGION_DATA.map(([slug, name], index) => ({ id: index + 1, name, slug }))

export const REGION_COUNTRIES: readonly RegionCountryRow[] = REGION_DATA.flatMap(([, , isos], index) =>
  isos.map((iso) => ({ regionId: index + 1, countryId: countryId(iso) })),
)

const regionIdBySlug = new Map(REGIONS.map((r) => [r.slug, r.id]))

export function regionId(slug: string): number {
  const found = regionIdBySlug.get(slug)
  if (found === undefined) throw new Error(`unknown region ${slug}`)
  return found
}

// ---------------------------------------------------------------------------------------------
// Ships and hotels
// ---------------------------------------------------------------------------------------------

const shipImages = (id: number, name: string) => [
  { src: `/media/seed/ship-${id}-1.svg`, alt: `Die ${name} in voller Fahrt`, width: 1600, height: 1000 },
  { src: `/media/seed/ship-${id}-2.svg`, alt: `Sonnendeck der ${name}`, width: 1600, height: 1000 },
  { src: `/media/seed/ship-${id}-3.svg`, alt: `Kabine an Bord der ${name}`, width: 1600, height: 1000 },
]

const facts = (
  length: string,
  width: string,
  passengers: number,
  cabins: number,
  decks: number,
  built: number,
  renovated: number | null,
  flag: string,
) => [
  { label: 'Länge', value: length },
  { label: 'Breite', value: width },
  { label: 'Passagiere', value: String(passengers) },
  { label: 'Kabinen', value: String(cabins) },
  { label: 'Decks', value: String(decks) },
  { label: 'Baujahr', value: String(built) },
  ...(renovated ? [{ label: 'Renovierung', value: String(renovated) }] : []),
  { label: 'Flagge', value: flag },
  { label: 'Bordsprache', value: 'Deutsch' },
]

export const SHIPS: readonly ShipRow[] = [
  {
    id: 1,
    slug: 'ms-donaustern',
    name: 'MS Donaustern',
    kind: 'fluss',
    description:
      '<p>Die MS Donaustern ist ein gemütliches Flussschiff der gehobenen Mittelklasse. Alle Kabinen liegen außen und haben große Panoramafenster.</p><p>Im Restaurant werden Sie in einer Tischzeit verwöhnt; die Panorama-Lounge lädt mit Livemusik zum Verweilen ein.</p>',
    facts: facts('110 m', '11,4 m', 150, 75, 3, 2008, 2022, 'Deutschland'),
    images: shipImages(1, 'MS Donaustern'),
  },
  {
    id: 2,
    slug: 'ms-rheinperle',
    name: 'MS Rheinperle',
    kind: 'fluss',
    description:
      '<p>Die MS Rheinperle fährt auf Rhein und Mosel. Das Schiff ist familiär geführt, die Crew spricht Deutsch, und die Küche setzt auf regionale Zutaten.</p>',
    facts: facts('105 m', '11,4 m', 130, 65, 3, 2011, null, 'Schweiz'),
    images: shipImages(2, 'MS Rheinperle'),
  },
  {
    id: 3,
    slug: 'ms-elbflorenz',
    name: 'MS Elbflorenz',
    kind: 'fluss',
    description:
      '<p>Mit geringem Tiefgang ist die MS Elbflorenz für die Elbe gebaut. Sie bietet 40 großzügige Kabinen und ein Sonnendeck mit Liegestühlen.</p>',
    facts: facts('82 m', '10,5 m', 80, 40, 2, 2006, 2019, 'Deutschland'),
    images: shipImages(3, 'MS Elbflorenz'),
  },
  {
    id: 4,
    slug: 'ms-amstelrose',
    name: 'MS Amstelrose',
    kind: 'fluss',
    description:
      '<p>Die MS Amstelrose kreuzt auf den Flüssen und Kanälen Hollands und Belgiens. Fahrräder für Landausflüge sind an Bord.</p>',
    facts: facts('110 m', '11,4 m', 140, 70, 3, 2015, null, 'Niederlande'),
    images: shipImages(4, 'MS Amstelrose'),
  },
  {
    id: 5,
    slug: 'ms-polarlicht',
    name: 'MS Polarlicht',
    kind: 'hochsee',
    description:
      '<p>Das Postschiff MS Polarlicht verbindet die Häfen der norwegischen Küste. Von den Panoramasalons blicken Sie direkt auf Fjorde und Gletscher.</p>',
    facts: facts('123 m', '19,5 m', 590, 240, 8, 2002, 2021, 'Norwegen'),
    images: shipImages(5, 'MS Polarlicht'),
  },
  {
    id: 6,
    slug: 'ms-sonnenland-mare',
    name: 'MS Sonnenland Mare',
    kind: 'hochsee',
    description:
      '<p>Die MS Sonnenland Mare ist ein mittelgroßes Kreuzfahrtschiff mit Pool, Spa und drei Restaurants. Kleine Gästezahl, große Herzlichkeit.</p>',
    facts: facts('180 m', '25 m', 800, 400, 9, 2010, 2023, 'Malta'),
    images: shipImages(6, 'MS Sonnenland Mare'),
  },
  {
    id: 7,
    slug: 'ms-baltica',
    name: 'MS Baltica',
    kind: 'hochsee',
    description:
      '<p>Die MS Baltica ist auf Ostseerouten unterwegs. Ihre Stärken: ruhige Kabinen, eine große Bibliothek und ein Lektorenprogramm an Seetagen.</p>',
    facts: facts('160 m', '22 m', 600, 300, 8, 2004, 2018, 'Bahamas'),
    images: shipImages(7, 'MS Baltica'),
  },
]

const hotelImages = (id: number, name: string) => [
  { src: `/media/seed/hotel-${id}-1.svg`, alt: `Außenansicht ${name}`, width: 1600, height: 1000 },
  { src: `/media/seed/hotel-${id}-2.svg`, alt: `Doppelzimmer im ${name}`, width: 1600, height: 1000 },
]

const hotel = (
  id: number,
  slug: string,
  name: string,
  city: string,
  iso: string,
  stars: number | null,
  description: string,
): HotelRow => ({ id, slug, name, city, countryId: countryId(iso), stars, description, images: hotelImages(id, name) })

export const HOTELS: readonly HotelRow[] = [
  hotel(1, 'hotel-seeblick-garda', 'Hotel Seeblick', 'Garda', 'IT', 4, '<p>Familiengeführtes Haus direkt an der Uferpromenade, mit Pool, Liegewiese und Zimmern mit Balkon zum See.</p>'),
  hotel(2, 'strandhotel-ostseeperle', 'Strandhotel Ostseeperle', 'Kühlungsborn', 'DE', 4, '<p>Bäderarchitektur in erster Reihe: Vom Frühstücksraum blicken Sie auf die Seebrücke. Wellnessbereich mit Sauna.</p>'),
  hotel(3, 'parkhotel-harzblick', 'Parkhotel Harzblick', 'Wernigerode', 'DE', 3, '<p>Ruhig am Stadtpark gelegen, zehn Gehminuten zur Altstadt. Regionale Küche und Kaminzimmer.</p>'),
  hotel(4, 'alpenhotel-edelweiss', 'Alpenhotel Edelweiß', 'Schenna', 'IT', 4, '<p>Südtiroler Gastlichkeit oberhalb von Meran, mit Panoramaterrasse, Hallenbad und Dreiviertelpension.</p>'),
  hotel(5, 'schwarzwaldhotel-tannenhof', 'Schwarzwaldhotel Tannenhof', 'Titisee-Neustadt', 'DE', 4, '<p>Traditionshaus mit moderner Ausstattung, fünf Minuten vom Titisee. Hochschwarzwaldcard inklusive.</p>'),
  hotel(6, 'hotel-am-bodenseeufer', 'Hotel am Bodenseeufer', 'Lindau', 'DE', 4, '<p>Auf der Lindauer Insel gelegen – Hafen, Löwe und Leuchtturm liegen direkt vor der Tür.</p>'),
  hotel(7, 'landhotel-salzburger-hof', 'Landhotel Salzburger Hof', 'Zell am See', 'AT', 4, '<p>Alpenländischer Charme am Zeller See, mit Wellnessbereich und Blick auf das Kitzsteinhorn.</p>'),
  hotel(8, 'inselhotel-nordseebrise', 'Inselhotel Nordseebrise', 'Norderney', 'DE', 3, '<p>Gemütliches Inselhotel nahe Kurplatz und Weststrand; Fahrräder können ausgeliehen werden.</p>'),
  hotel(9, 'hotel-mirador-mallorca', 'Hotel Mirador', 'Cala Millor', 'ES', 4, '<p>Strandnahes Hotel an der Ostküste Mallorcas mit zwei Pools, Garten und Halbpension vom Buffet.</p>'),
  hotel(10, 'hotel-praia-dourada', 'Hotel Praia Dourada', 'Albufeira', 'PT', 4, '<p>Über den Klippen der Algarve gelegen, mit Aufzug zum Strand und portugiesischer Küche.</p>'),
  hotel(11, 'kurhotel-sauerlandblick', 'Kurhotel Sauerlandblick', 'Winterberg', 'DE', null, '<p>Gemütliches Haus am Waldrand mit Blick über das Rothaargebirge. Ideal für Wanderer und Ruhesuchende.</p>'),
  hotel(12, 'hotel-masurenperle', 'Hotel Masurenperle', 'Mikołajki', 'PL', 4, '<p>Modernes Resorthotel am Ufer des Spirdingsees mit Bootsanleger und Schwimmbad.</p>'),
]

// ---------------------------------------------------------------------------------------------
// Seat plans
// ---------------------------------------------------------------------------------------------

const cell = (kind: SeatCell['kind']): SeatCell => ({ kind })
const seat = (label: string, blocked: ReadonlySet<string>): SeatCell =>
  blocked.has(label) ? { kind: 'seat', seat: label, blocked: true } : { kind: 'seat', seat: label }

/** Four-star coach, 2+2 seating: driver and guide seat in front, door gap in the middle, WC at the back. */
function coach49(): SeatPlanLayout {
  const blocked = new Set(['4D', '10A'])
  const rows: SeatPlanLayout = [[cell('driver'), cell('empty'), cell('aisle'), cell('guide'), cell('door')]]
  const full = (r: number) => [seat(`${r}A`, blocked), seat(`${r}B`, blocked), cell('aisle'), seat(`${r}C`, blocked), seat(`${r}D`, blocked)]
  for (let r = 1; r <= 6; r++) rows.push(full(r))
  rows.push([seat('7A', blocked), seat('7B', blocked), cell('aisle'), cell('door'), cell('stairs')])
  for (let r = 8; r <= 12; r++) rows.push(full(r))
  rows.push([seat('13A', blocked), seat('13B', blocked), seat('13C', blocked), cell('wc'), cell('wc')])
  return rows
}

/** Comfort coach, 2+1 seating with extra legroom. */
function coach36(): SeatPlanLayout {
  const blocked = new Set(['7B', '12C'])
  const rows: SeatPlanLayout = [[cell('driver'), cell('empty'), cell('aisle'), cell('guide')]]
  const full = (r: number) => [seat(`${r}A`, blocked), seat(`${r}B`, blocked), cell('aisle'), seat(`${r}C`, blocked)]
  for (let r = 1; r <= 6; r++) rows.push(full(r))
  rows.push([seat('7A', blocked), seat('7B', blocked), cell('aisle'), cell('door')])
  for (let r = 8; r <= 12; r++) rows.push(full(r))
  rows.push([cell('wc'), cell('wc'), cell('aisle'), seat('13C', blocked)])
  return rows
}

/** Minibus for small groups (hiking trips). */
function minibus19(): SeatPlanLayout {
  const blocked = new Set(['3C'])
  const rows: SeatPlanLayout = [[cell('driver'), cell('empty'), cell('aisle'), cell('door')]]
  for (let r = 1; r <= 5; r++) rows.push([seat(`${r}A`, blocked), seat(`${r}B`, blocked), cell('aisle'), seat(`${r}C`, blocked)])
  rows.push([seat('6A', blocked), seat('6B', blocked), seat('6C', blocked), seat('6D', blocked)])
  return rows
}

export const SEAT_PLAN = { coach49: 1, coach36: 2, minibus19: 3 } as const

export const SEAT_PLANS: readonly SeatPlanRow[] = [
  { id: SEAT_PLAN.coach49, name: '4-Sterne-Reisebus 49 Plätze', layout: coach49() },
  { id: SEAT_PLAN.coach36, name: 'Komfortbus 2+1 36 Plätze', layout: coach36() },
  { id: SEAT_PLAN.minibus19, name: 'Kleinbus 19 Plätze', layout: minibus19() },
]


// ---------------------------------------------------------------------------------------------
// Boarding points (Zustiegsstellen) and door-to-door transfer zones
// ---------------------------------------------------------------------------------------------

/** [name, street, zip, city, lat, lng, note] */
const BOARDING_DATA: readonly (readonly [string, string, string, string, number, number, string | null])[] = [
  ['Bielefeld Hauptbahnhof', 'Hauptbahnhof, Busbahnsteig 3', '33602', 'Bielefeld', 52.0293, 8.5327, 'Treffpunkt am Reisebussteig hinter dem Busbahnhof'],
  ['Bielefeld-Sennestadt', 'Reichowplatz', '33689', 'Bielefeld', 51.9455, 8.5862, null],
  ['Bielefeld-Brackwede', 'Hauptstraße, Haltestelle Brackwede Kirche', '33647', 'Bielefeld', 51.9977, 8.5025, null],
  ['Gütersloh ZOB', 'ZOB, Kökerstraße', '33330', 'Gütersloh', 51.9068, 8.3785, null],
  ['Herford ZOB', 'ZOB, Hansastraße', '32052', 'Herford', 52.1148, 8.6735, null],
  ['Bad Oeynhausen Bahnhof', 'Bahnhofstraße, Busbahnhof', '32545', 'Bad Oeynhausen', 52.2047, 8.8005, null],
  ['Minden ZOB', 'ZOB, Kleiner Domhof', '32423', 'Minden', 52.2887, 8.9166, null],
  ['Detmold Busbahnhof', 'Busbahnhof, Paulinenstraße', '32756', 'Detmold', 51.9365, 8.8792, null],
  ['Lemgo ZOB', 'ZOB, Regenstorstraße', '32657', 'Lemgo', 52.0279, 8.9009, null],
  ['Bad Salzuflen Kurpark', 'Parkstraße, Parkplatz am Kurpark', '32105', 'Bad Salzuflen', 52.0871, 8.7502, 'Kostenlose Parkplätze in der Nähe'],
  ['Paderborn Hauptbahnhof', 'Hauptbahnhof, Busbahnsteig 1', '33102', 'Paderborn', 51.7133, 8.7431, null],
  ['Lippstadt Bahnhof', 'Bahnhofstraße, Busbahnhof', '59555', 'Lippstadt', 51.6707, 8.3442, null],
  ['Rheda-Wiedenbrück Bahnhof', 'Bahnhofstraße', '33378', 'Rheda-Wiedenbrück', 51.8459, 8.3008, null],
  ['Osnabrück Hauptbahnhof', 'Hauptbahnhof, Theodor-Heuss-Platz', '49074', 'Osnabrück', 52.2726, 8.0618, null],
  ['Münster Hauptbahnhof', 'Hauptbahnhof, Ostseite (Bremer Platz)', '48143', 'Münster', 51.9567, 7.6356, null],
  ['Hannover ZOB', 'ZOB, Rundestraße', '30161', 'Hannover', 52.3778, 9.7434, null],
  ['Hameln Bahnhof', 'Bahnhofsplatz', '31785', 'Hameln', 52.1035, 9.3567, null],
  ['Lübbecke Busbahnhof', 'Busbahnhof, Bahnhofstraße', '32312', 'Lübbecke', 52.3041, 8.6211, null],
  ['Bünde ZOB', 'ZOB, Bahnhofstraße', '32257', 'Bünde', 52.2019, 8.5787, null],
  ['Halle (Westf.) Bahnhof', 'Bahnhofstraße', '33790', 'Halle (Westf.)', 52.0581, 8.3651, null],
  ['Höxter Busbahnhof', 'Busbahnhof, Bahnhofstraße', '37671', 'Höxter', 51.7734, 9.3839, null],
  ['Warburg Bahnhof', 'Bahnhofstraße', '34414', 'Warburg', 51.4904, 9.1441, null],
  ['Dortmund Hauptbahnhof', 'Fernbusbahnhof, Steinstraße', '44147', 'Dortmund', 51.5186, 7.4588, null],
  ['Hamm Bahnhof', 'Willy-Brandt-Platz', '59065', 'Hamm', 51.6781, 7.8081, null],
  ['Rinteln Busbahnhof', 'Busbahnhof, Dauestraße', '31737', 'Rinteln', 52.1881, 9.0791, null],
  ['Verl Rathaus', 'Paderborner Straße, Rathaus', '33415', 'Verl', 51.8831, 8.5141, null],
]

export const BOARDING_POINTS: readonly BoardingPointRow[] = BOARDING_DATA.map(
  ([name, street, zip, city, lat, lng, note], index) => ({ id: index + 1, name, street, zip, city, lat, lng, note }),
)

const HOME = { lat: 52.0293, lng: 8.5327 }

/** Straight-line distance from Bielefeld in km, by the haversine formula. */
function distanceFromHomeKm(lat: number, lng: number): number {
  const rad = Math.PI / 180
  const dLat = (lat - HOME.lat) * rad
  const dLng = (lng - HOME.lng) * rad
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(HOME.lat * rad) * Math.cos(lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(a))
}

/** Surcharge per boarding point in millionths: free in Bielefeld, 5 € per 20 km up to 25 €. */
export const BOARDING_SURCHARGES: ReadonlyMap<number, number> = new Map(
  BOARDING_POINTS.map((p) => {
    const km = distanceFromHomeKm(p.lat, p.lng)
    return [p.id, p.city === 'Bielefeld' ? 0 : euro(Math.min(25, Math.max(5, Math.round(km / 20) * 5)))]
  }),
)

/** Boarding points ordered by how far they are from Bielefeld, farthest first (the pick-up route). */
export const BOARDING_ROUTE_ORDER: ReadonlyMap<number, number> = new Map(
  BOARDING_POINTS.map((p) => [p.id, -distanceFromHomeKm(p.lat, p.lng)] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([id], index) => [id, index]),
)

export const TRANSFER_ZONES: readonly TransferZoneRow[] = [
  { id: 1, name: 'Zone 1 – Bielefeld', zipPrefixes: ['336', '337'], price: euro(25) },
  {
    id: 2,
    name: 'Zone 2 – Ostwestfalen-Lippe',
    zipPrefixes: ['32', '330', '331', '332', '333', '334', '335', '338', '339'],
    price: euro(39),
  },
  { id: 3, name: 'Zone 3 – Münsterland, Osnabrück und Hannover', zipPrefixes: ['30', '31', '48', '49'], price: euro(59) },
  { id: 4, name: 'Zone 4 – Ruhrgebiet und Sauerland', zipPrefixes: ['44', '45', '58', '59'], price: euro(79) },
]

// ---------------------------------------------------------------------------------------------
// Add-ons available for every trip, insurance offers
// ---------------------------------------------------------------------------------------------

export const GLOBAL_SERVICES: readonly ServiceRow[] = [
  {
    id: 1,
    tripId: null,
    name: 'Gepäckservice von Haus zu Haus',
    description: 'Wir holen Ihren Koffer am Vortag zu Hause ab und liefern ihn nach der Reise wieder zu Ihnen.',
    price: euro(39),
    per: 'person',
  },
  {
    id: 2,
    tripId: null,
    name: 'Parkplatz am Betriebshof Bielefeld',
    description: 'Bewachter Parkplatz für die gesamte Reisedauer, direkt an unserem Betriebshof.',
    price: euro(25),
    per: 'booking',
  },
  {
    id: 3,
    tripId: null,
    name: 'Reiseführer als Buch',
    description: 'Ein aktueller Reiseführer zu Ihrem Reiseziel, vor der Abreise per Post zugeschickt.',
    price: euro(14),
    per: 'booking',
  },
]

const INSURER = {
  insurer: 'Hanse Reiseschutz Versicherung AG (Demo)',
  productSheetUrl: '/versicherung-produktinformationen/',
  conditionsUrl: '/versicherungsbedingungen/',
} as const

export const INSURANCE_OFFERS: readonly InsuranceOfferRow[] = [
  {
    id: 1,
    code: 'RRV',
    ...INSURER,
    scope: 'any',
    name: 'Reiserücktrittsversicherung',
    description: 'Erstattet die Stornokosten, wenn Sie die Reise aus einem versicherten Grund nicht antreten können (z. B. Krankheit).',
    percentBasisPoints: 450,
    minPrice: euro(19),
    fixedPrice: null,
  },
  {
    id: 2,
    code: 'RSP',
    ...INSURER,
    scope: 'abroad',
    name: 'Rundum-Sorglos-Paket',
    description: 'Reiserücktritt, Reiseabbruch, Auslandsreisekranken- und Reisegepäckversicherung in einem Paket.',
    percentBasisPoints: 650,
    minPrice: euro(29),
    fixedPrice: null,
  },
  {
    id: 3,
    code: 'RAV',
    ...INSURER,
    scope: 'any',
    name: 'Reiseabbruchversicherung',
    description: 'Ersetzt nicht genutzte Reiseleistungen und Mehrkosten der Rückreise, wenn Sie die Reise abbrechen müssen.',
    percentBasisPoints: 250,
    minPrice: euro(12),
    fixedPrice: null,
  },
  {
    id: 4,
    code: 'AKV',
    ...INSURER,
    scope: 'abroad',
    name: 'Auslandsreisekrankenversicherung',
    description: 'Übernimmt Arzt- und Krankenhauskosten sowie den medizinisch sinnvollen Rücktransport bei Reisen ins Ausland.',
    percentBasisPoints: null,
    minPrice: 0,
    fixedPrice: euro(9),
  },
]

// ---------------------------------------------------------------------------------------------
// Vouchers (relative to today, so they stay valid or expired as intended)
// ---------------------------------------------------------------------------------------------

/**
 * The demo vouchers' codes, made once with `formatVoucherCode` from a cryptographic source (issue
 * 24: no words a guesser would try). Like the demo agency password they are known from the source:
 * demo data for trying the site out, never an operator's real vouchers. The tests name them from here.
 */
export const DEMO_VOUCHER_CODES = {
  /** 25 €, valid for a year, single use. */
  welcome: 'BCJPA-HPM95-AH8DA',
  /** 50 €, valid for ten months, single use. */
  summer: '5WGW9-6N7TD-JVHEZ',
  /** 30 €, expired five weeks ago. */
  expired: '66RNZ-VCN8A-2SXGF',
  /** 100 €, already redeemed. */
  redeemed: '7R8SK-5Q3SJ-SSKMP',
  /** 10 €, for regular guests: any number of bookings. */
  regular: 'JKJ7E-R7NNP-VNPK4',
} as const

export function buildVouchers(today: string): VoucherRow[] {
  const t = toEpochDay(today)
  const day = (offset: number) => fromEpochDay(t + offset)
  const codes = DEMO_VOUCHER_CODES
  return [
    { id: 1, einloesecode: codes.welcome, value: euro(25), validFrom: day(-60), validUntil: day(365), singleUse: true, redeemedAt: null, bookingId: null },
    { id: 2, einloesecode: codes.summer, value: euro(50), validFrom: day(-30), validUntil: day(300), singleUse: true, redeemedAt: null, bookingId: null },
    { id: 3, einloesecode: codes.expired, value: euro(30), validFrom: day(-400), validUntil: day(-35), singleUse: true, redeemedAt: null, bookingId: null },
    {
      id: 4,
      einloesecode: codes.redeemed,
      value: euro(100),
      validFrom: day(-200),
      validUntil: day(165),
      singleUse: true,
      redeemedAt: epochDayToDate(t - 20, 9, 15),
      bookingId: null,
    },
    { id: 5, einloesecode: codes.regular, value: euro(10), validFrom: day(-90), validUntil: day(275), singleUse: false, redeemedAt: null, bookingId: null },
  ]
}

// ---------------------------------------------------------------------------------------------
// Travel agencies
// ---------------------------------------------------------------------------------------------

/** [name, slug, street, zip, city, area code] */
const AGENCY_DATA: readonly (readonly [string, string, string, string, string, string])[] = [
  ['Reisebüro Sonne', 'reisebuero-sonne', 'Niedernstraße 12', '33602', 'Bielefeld', '0521'],
  ['Demo-Agentur Sonnenland', 'agentur-demo', 'Berliner Straße 45', '33330', 'Gütersloh', '05241'],
  ['Reisewelt Herford', 'reisewelt-herford', 'Radewiger Straße 8', '32052', 'Herford', '05221'],
  ['Reiseland Minden', 'reiseland-minden', 'Bäckerstraße 21', '32423', 'Minden', '0571'],
  ['Urlaubsziel Detmold', 'urlaubsziel-detmold', 'Lange Straße 30', '32756', 'Detmold', '05231'],
  ['Reisebüro am Dom', 'reisebuero-am-dom', 'Westernstraße 15', '33098', 'Paderborn', '05251'],
  ['Fernweh Reisen', 'fernweh-reisen', 'Große Straße 40', '49074', 'Osnabrück', '0541'],
  ['Reisecenter Münster', 'reisecenter-muenster', 'Ludgeristraße 60', '48143', 'Münster', '0251'],
  ['Reisebüro Leineufer', 'reisebuero-leineufer', 'Georgstraße 22', '30159', 'Hannover', '0511'],
  ['Ferienwelt Hameln', 'ferienwelt-hameln', 'Bäckerstraße 5', '31785', 'Hameln', '05151'],
  ['Reisebüro Lippe', 'reisebuero-lippe', 'Mittelstraße 70', '32657', 'Lemgo', '05261'],
  ['Reisestudio Bad Oeynhausen', 'reisestudio-bad-oeynhausen', 'Klosterstraße 3', '32545', 'Bad Oeynhausen', '05731'],
  ['Ruhr-Reisen', 'ruhr-reisen', 'Westenhellweg 90', '44137', 'Dortmund', '0231'],
  ['Reisebüro Rheinblick', 'reisebuero-rheinblick', 'Hohe Straße 110', '50667', 'Köln', '0221'],
  ['Weltenbummler Düsseldorf', 'weltenbummler-duesseldorf', 'Schadowstraße 44', '40212', 'Düsseldorf', '0211'],
  ['Reisebüro Alster', 'reisebuero-alster', 'Mönckebergstraße 7', '20095', 'Hamburg', '040'],
  ['Hansereisen Bremen', 'hansereisen-bremen', 'Obernstraße 28', '28195', 'Bremen', '0421'],
  ['Reisebüro Spree', 'reisebuero-spree', 'Friedrichstraße 150', '10117', 'Berlin', '030'],
  ['Elbland Reisen', 'elbland-reisen', 'Prager Straße 12', '01069', 'Dresden', '0351'],
  ['Reisebüro Messestadt', 'reisebuero-messestadt', 'Grimmaische Straße 9', '04109', 'Leipzig', '0341'],
  ['Mainreisen Frankfurt', 'mainreisen-frankfurt', 'Zeil 80', '60313', 'Frankfurt am Main', '069'],
  ['Reisebüro Kurpfalz', 'reisebuero-kurpfalz', 'Hauptstraße 99', '69117', 'Heidelberg', '06221'],
  ['Schwabenreisen', 'schwabenreisen', 'Königstraße 33', '70173', 'Stuttgart', '0711'],
  ['Reisebüro Isartal', 'reisebuero-isartal', 'Kaufingerstraße 14', '80331', 'München', '089'],
  ['Frankenreisen', 'frankenreisen', 'Karolinenstraße 19', '90402', 'Nürnberg', '0911'],
  ['Reisebüro Fördeblick', 'reisebuero-foerdeblick', 'Holstenstraße 55', '24103', 'Kiel', '0431'],
  ['Reisebüro am Königsplatz', 'reisebuero-am-koenigsplatz', 'Obere Königsstraße 23', '34117', 'Kassel', '0561'],
  ['Weserreisen Höxter', 'weserreisen-hoexter', 'Marktstraße 6', '37671', 'Höxter', '05271'],
  ['Reisebüro Sauerland', 'reisebuero-sauerland', 'Hauptstraße 17', '59872', 'Meschede', '0291'],
  ['Reisebüro Lippstadt', 'reisebuero-lippstadt', 'Lange Straße 41', '59555', 'Lippstadt', '02941'],
]

/** Agencies 1 and 2 can log in (logins 'reisebuero-sonne' and 'agentur-demo'). */
export const AGENCY_LOGINS: readonly string[] = ['reisebuero-sonne', 'agentur-demo']

export function buildAgencies(passwordHash: string | null): AgencyRow[] {
  return AGENCY_DATA.map(([name, slug, street, zip, city, area], index) => {
    const id = index + 1
    const login = AGENCY_LOGINS.includes(slug) ? slug : null
    return {
      id,
      ratioAgencyId: 470_000 + id * 13,
      name,
      street,
      zip,
      city,
      phone: `${area} ${String(100_000 + ((id * 7_919) % 900_000)).replace(/^(\d{3})(\d{3})$/, '$1 $2')}`,
      email: `info@${slug}.example`,
      website: `https://www.${slug}.example`,
      login,
      passwordHash: login ? passwordHash : null,
    }
  })
}

// ---------------------------------------------------------------------------------------------
// School holidays (Ferientermine). 2026 and 2027 as published by the states' ministries of
// education; 2028 partly provisional. Demo data: check the official calendars before relying on it.
// ---------------------------------------------------------------------------------------------

/** [state, name, from, till] */
const HOLIDAY_DATA: readonly (readonly [string, string, string, string])[] = [
  ['NW', 'Osterferien', '2026-03-30', '2026-04-11'],
  ['NW', 'Sommerferien', '2026-07-20', '2026-09-01'],
  ['NW', 'Herbstferien', '2026-10-17', '2026-10-31'],
  ['NW', 'Weihnachtsferien', '2026-12-23', '2027-01-06'],
  ['NW', 'Osterferien', '2027-03-22', '2027-04-03'],
  ['NW', 'Sommerferien', '2027-07-19', '2027-08-31'],
  ['NW', 'Herbstferien', '2027-10-23', '2027-11-06'],
  ['NW', 'Weihnachtsferien', '2027-12-24', '2028-01-08'],
  ['NW', 'Osterferien', '2028-04-10', '2028-04-22'],
  ['NW', 'Sommerferien', '2028-07-10', '2028-08-22'],
  ['NW', 'Herbstferien', '2028-10-16', '2028-10-28'],
  ['NW', 'Weihnachtsferien', '2028-12-22', '2029-01-05'],
  ['NI', 'Osterferien', '2026-03-23', '2026-04-07'],
  ['NI', 'Sommerferien', '2026-07-02', '2026-08-12'],
  ['NI', 'Herbstferien', '2026-10-12', '2026-10-24'],
  ['NI', 'Weihnachtsferien', '2026-12-23', '2027-01-09'],
  ['NI', 'Osterferien', '2027-03-22', '2027-04-03'],
  ['NI', 'Sommerferien', '2027-07-08', '2027-08-18'],
  ['NI', 'Herbstferien', '2027-10-16', '2027-10-30'],
  ['NI', 'Weihnachtsferien', '2027-12-23', '2028-01-08'],
  ['NI', 'Osterferien', '2028-04-10', '2028-04-22'],
  ['NI', 'Sommerferien', '2028-07-20', '2028-08-30'],
  ['NI', 'Herbstferien', '2028-10-23', '2028-11-04'],
  ['NI', 'Weihnachtsferien', '2028-12-22', '2029-01-06'],
  ['HE', 'Osterferien', '2026-03-30', '2026-04-10'],
  ['HE', 'Sommerferien', '2026-06-29', '2026-08-07'],
  ['HE', 'Herbstferien', '2026-10-05', '2026-10-17'],
  ['HE', 'Weihnachtsferien', '2026-12-23', '2027-01-12'],
  ['HE', 'Osterferien', '2027-03-22', '2027-04-02'],
  ['HE', 'Sommerferien', '2027-06-28', '2027-08-06'],
  ['HE', 'Herbstferien', '2027-10-04', '2027-10-16'],
  ['HE', 'Weihnachtsferien', '2027-12-23', '2028-01-11'],
  ['HE', 'Osterferien', '2028-04-10', '2028-04-21'],
  ['HE', 'Sommerferien', '2028-07-03', '2028-08-11'],
  ['HE', 'Herbstferien', '2028-10-02', '2028-10-14'],
  ['HE', 'Weihnachtsferien', '2028-12-27', '2029-01-12'],
  ['BY', 'Osterferien', '2026-03-30', '2026-04-10'],
  ['BY', 'Sommerferien', '2026-08-03', '2026-09-14'],
  ['BY', 'Herbstferien', '2026-11-02', '2026-11-06'],
  ['BY', 'Weihnachtsferien', '2026-12-24', '2027-01-08'],
  ['BY', 'Osterferien', '2027-03-22', '2027-04-02'],
  ['BY', 'Sommerferien', '2027-08-02', '2027-09-13'],
  ['BY', 'Herbstferien', '2027-11-02', '2027-11-05'],
  ['BY', 'Weihnachtsferien', '2027-12-24', '2028-01-07'],
  ['BY', 'Osterferien', '2028-04-10', '2028-04-21'],
  ['BY', 'Sommerferien', '2028-07-31', '2028-09-11'],
  ['BY', 'Herbstferien', '2028-10-30', '2028-11-03'],
  ['BY', 'Weihnachtsferien', '2028-12-27', '2029-01-05'],
  ['BW', 'Osterferien', '2026-03-30', '2026-04-11'],
  ['BW', 'Sommerferien', '2026-07-30', '2026-09-12'],
  ['BW', 'Herbstferien', '2026-10-26', '2026-10-30'],
  ['BW', 'Weihnachtsferien', '2026-12-23', '2027-01-09'],
  ['BW', 'Osterferien', '2027-03-25', '2027-04-03'],
  ['BW', 'Sommerferien', '2027-07-29', '2027-09-11'],
  ['BW', 'Herbstferien', '2027-11-02', '2027-11-06'],
  ['BW', 'Weihnachtsferien', '2027-12-23', '2028-01-08'],
  ['BW', 'Osterferien', '2028-04-10', '2028-04-22'],
  ['BW', 'Sommerferien', '2028-07-27', '2028-09-09'],
  ['BW', 'Herbstferien', '2028-10-30', '2028-11-03'],
  ['BW', 'Weihnachtsferien', '2028-12-22', '2029-01-05'],
]

export const SCHOOL_HOLIDAYS: readonly SchoolHolidayRow[] = HOLIDAY_DATA.map(([state, name, dateFrom, dateTill], index) => ({
  id: index + 1,
  state,
  name,
  dateFrom,
  dateTill,
}))

// ---------------------------------------------------------------------------------------------
// A trip's contract terms by its kind (migration 0010 gives existing trips the same)
// ---------------------------------------------------------------------------------------------

type Transport = (typeof TRANSPORTS)[number]
type Scale = { daysBefore: number; percent: number }[]
const tiers = (...pairs: [number, number][]): Scale => pairs.map(([daysBefore, percent]) => ({ daysBefore, percent }))

/** Scales as German operators publish them: bus tours 20 % up to 30 days, then 30, 50, 75 and 95 % for a no-show. */
const SCALES = {
  dayTrip: tiers([14, 10], [7, 30], [1, 50], [0, 80]),
  bus: BUS_CANCELLATION_SCALE,
  flug: tiers([45, 25], [30, 35], [15, 50], [7, 70], [0, 90]),
  schiff: tiers([60, 25], [30, 40], [15, 60], [1, 80], [0, 95]),
  hotel: tiers([30, 20], [15, 30], [7, 50], [1, 70], [0, 90]),
} as const satisfies Record<string, Scale>

const KURTAXE = 'Kurtaxe (vor Ort zu zahlen)'

/** Cancellation scale, rebooking fee, minimum participants, return time and fees on site of a trip of this kind. */
export function tripTerms(transport: Transport, durationDays: number, notIncluded: readonly string[]) {
  const dayTrip = durationDays === 1
  return {
    cancellationScale: dayTrip ? SCALES.dayTrip : SCALES[transport],
    rebookingFee: dayTrip ? euro(10) : transport === 'flug' || transport === 'schiff' ? euro(50) : euro(25),
    minParticipants: dayTrip ? 20 : transport === 'bus' ? 25 : transport === 'flug' ? 15 : null,
    minParticipantsDays: dayTrip ? 3 : transport === 'bus' || transport === 'flug' ? 21 : null,
    returnTime: dayTrip ? '20:30' : transport === 'bus' ? '19:00' : null,
    onSiteFees: !dayTrip && notIncluded.includes(KURTAXE) ? [{ label: 'Kurtaxe', amount: 2_500_000, per: 'night' as const }] : [],
  }
}
