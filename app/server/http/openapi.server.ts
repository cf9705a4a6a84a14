// GET /api/openapi.json: the OpenAPI 3.1 document of the JSON API (spec 7 and the booking API of
// DESIGN 4). Every schema is generated from the zod schema the server validates or types with
// (z.toJSONSchema, JSON Schema 2020-12, the dialect of OpenAPI 3.1); nothing is copied by hand.
//
// The examples are made at request time from the database, with the same functions the
// endpoints answer with, so that they work against the running site: the availability of the
// first bookable date with a seat plan, a complete draft for it with seats that are free right
// now, its real prices. Examples that belong together share their name: a request example named
// `vollstaendig` is answered by the response example `vollstaendig` under the documented status.
// The draftId comes from POST /api/booking-drafts (see the response's `links`).
import { BUS_CANCELLATION_SCALE } from '~/lib/booking/cancellation'
import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm'
import * as z from 'zod/mini'
import '~/lib/zod-de'
import { blogEntrySchema, blogPageSchema, blogQuerySchema, countrySchema, initDataSchema, searchApiQuerySchema } from '~/lib/api'
import { bookingDraftSchema, newDraft, roomsFor, travellers } from '~/lib/booking/draft'
import type { BookingDraft, BookingDraftInput } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { MONEY_DESCRIPTION, priceBooking } from '~/lib/booking/price'
import { firstIncompleteStep, stepIssues } from '~/lib/booking/steps'
import { addDays, todayInBerlin } from '~/lib/calendar'
import { searchResultSchema } from '~/lib/search/results'
import { parseSegment } from '~/lib/search/segment'
import type { Database } from '../db/database.server'
import { holdLimitMessage } from '~/lib/booking/hold-limits'
import { MAX_TRAVELLERS } from '~/lib/booking/offer'
import { tripDates, trips } from '../db/schema'
import { listBlogEntries } from '../services/blog.server'
import {
  apiErrorSchema,
  availabilityOf,
  availabilitySchema,
  bookConflictSchema,
  bookedSchema,
  bookRequestBodySchema,
  createdDraftBody,
  createdDraftSchema,
  createDraftRequestSchema,
  holdLimitBody,
  incompleteBody,
  invalidDraftBody,
  MESSAGES,
  savedDraftBody,
  savedDraftSchema,
  seatConflictBody,
  seatConflictSchema,
  staleBookingBody,
  stepErrorSchema,
} from '../services/booking/api.server'
import type { Availability } from '../services/booking/api.server'
import { normaliseDraft } from '../services/booking/drafts.server'
import { bookRequestSchema, idempotencyKeySchema, STALE_BOOKING_MESSAGE } from '../services/booking/book.server'
import { loadOffer, unbookableReason, UNBOOKABLE_MESSAGES } from '../services/booking/offer.server'
import type { BookingSettings } from '../services/booking/settings.server'
import { loadCountries, loadInitData } from '../services/catalogue.server'
import { searchOptionsOf, searchTrips } from '../services/search/search.server'
import { parseQuery } from './api.server'
import { BODY_TOO_LARGE_MESSAGE, MAX_BODY_BYTES } from './body-limit.server'
import { MAX_ID } from '~/lib/ids'

export const API_VERSION = '1.0.0'

// ---------------------------------------------------------------------------------------------
// Schemas of the spec-7 answers that have no zod schema of their own in app/lib.

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) })
const cacheClearedSchema = z.object({ cleared: z.literal(true) })
/** The spec-7 endpoints answer errors as `{ error }` (app/server/http/query.ts jsonError). */
const plainErrorSchema = z.object({ error: z.string().check(z.describe('Der Fehler in einem deutschen Satz.')) })

// ---------------------------------------------------------------------------------------------
// JSON Schema from zod, with the notes that the zod schemas keep in comments.

type JsonSchema = { [key: string]: unknown }

const MONEY = MONEY_DESCRIPTION
const MONEY_FIELDS = new Set(['price', 'surcharge', 'singleRoomSurcharge', 'minPrice', 'fixedPrice', 'unitPrice', 'amount', 'subtotal', 'voucherTotal', 'gesamtpreis', 'price_per_person', 'priceFrom', 'value'])
const FIELD_NOTES: Record<string, string> = {
  dateFrom: 'Kalendertag YYYY-MM-DD (Europe/Berlin).',
  dateTill: 'Kalendertag YYYY-MM-DD (Europe/Berlin).',
  departureTime: 'Abfahrtszeit HH:MM (Ortszeit).',
  percentBasisPoints: 'Prozent des Reisepreises der Person in Basispunkten (450 = 4,5 %), mindestens minPrice; null bei Festpreis.',
  seatPlan: 'Der Sitzplan: Reihen von Zellen (Sitz, Gang, Fahrer, Reiseleitung, Tür, WC, Treppe, leer); null für Reisen ohne Sitzplan (sie werden nach Kapazität gebucht).',
  per: "'person': je Person gewählt und bezahlt (teilnehmer[].services); 'booking': einmal je Buchung (bookingServices).",
  bookable: 'Buchungsstatus 0 Buchbar, 1 Anfrage, 2 Nicht buchbar, 3 Ausgebucht, 4 Durchführungsgarantie, 5 Nur noch wenige Plätze.',
  showName: 'Vor- und Nachname; vom Server gesetzt, was der Client sendet, wird ersetzt.',
  buchender: 'Die buchende Person; genau eine je Buchung. Nur von ihr werden Anschrift, E-Mail und Telefon gebraucht.',
  seat: "Sitzplatz laut Sitzplan, z. B. '7C'; null auf Reisen ohne Sitzplan. Gewählte Sitze werden beim Speichern für den Entwurf gehalten.",
  boarding: "Zustiegsstelle ({ kind: 'point', boardingPointId }) oder Haustürtransfer ab Postleitzahl ({ kind: 'transfer', zip }).",
  insurance: 'Höchstens eine Versicherung je Person (Id aus insuranceOffers); nichts ist vorausgewählt.',
  mobility: 'Mobilitätshilfe der Person.',
  vouchers: 'Gutscheine (Einlösecodes); der Server prüft sie und zieht ihren Wert ab.',
}
const COMPUTED = 'Vom Server berechnet; was der Client sendet, wird ersetzt.'

function annotate(node: unknown, key?: string): void {
  if (Array.isArray(node)) {
    for (const item of node) annotate(item)
    return
  }
  if (!node || typeof node !== 'object') return
  const schema = node as JsonSchema
  if (key && typeof schema.description !== 'string') {
    const text = [FIELD_NOTES[key], MONEY_FIELDS.has(key) ? MONEY : undefined].filter(Boolean).join(' ')
    if (text) schema.description = text
  }
  for (const [name, value] of Object.entries(schema)) {
    if (name === 'properties' && value && typeof value === 'object') {
      for (const [prop, child] of Object.entries(value as JsonSchema)) annotate(child, prop)
    } else if (name !== 'examples' && name !== 'default' && name !== 'const' && name !== 'enum') {
      annotate(value)
    }
  }
}

function toSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
  delete out.$schema
  annotate(out)
  return out
}

/** The draft as a client sends it: the fields the server computes say so. */
function draftInputSchema(): JsonSchema {
  const schema = toSchema(bookingDraftSchema, 'input')
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!node || typeof node !== 'object') return
    const props = (node as JsonSchema).properties as Record<string, JsonSchema> | undefined
    if (props) {
      for (const name of ['price_per_person', 'gesamtpreis', 'showName']) {
        const prop = props[name]
        if (prop) prop.description = `${COMPUTED}${MONEY_FIELDS.has(name) ? ` ${MONEY}` : ''}`
      }
    }
    for (const value of Object.values(node as JsonSchema)) visit(value)
  }
  visit(schema)
  return schema
}

// ---------------------------------------------------------------------------------------------
// Operations: kept as data with their zod schemas, so tests can check every example against them.

export type Example = { summary: string; description?: string; value: unknown }

export type ParameterSpec = {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  description: string
  schema: JsonSchema
  style?: 'form' | 'simple'
  explode?: boolean
  /** Request examples by name; a name missing here sends no such parameter (or takes a linked value). */
  examples?: Record<string, Example>
}

export type ResponseSpec = {
  description: string
  schema: z.ZodMiniType
  schemaName: string
  examples: Record<string, Example>
  headers?: Record<string, { description: string; schema: JsonSchema }>
  links?: Record<string, { operationId: string; parameters: Record<string, string>; description: string }>
}

export type OperationSpec = {
  method: 'get' | 'post' | 'put'
  path: string
  operationId: string
  tags: string[]
  summary: string
  description: string
  parameters: ParameterSpec[]
  requestBody?: { description: string; schema: z.ZodMiniType; schemaName: string; input: JsonSchema; examples: Record<string, Example> }
  responses: Record<string, ResponseSpec>
}

export type OpenApiOptions = {
  origin: string
  settings: Pick<BookingSettings, 'draftMinutes' | 'holdMinutes'>
  /** Whether /api/cache-clear needs a token here (the token itself is never shown). */
  cacheClearTokenRequired: boolean
  now?: Date
}

const TAGS = {
  booking: 'Buchung',
  catalogue: 'Katalog (Spec 7)',
  operation: 'Betrieb',
}

/** A well-formed draftId that belongs to no draft: the path's placeholder, and the 404 example. */
export const EXAMPLE_UNKNOWN_DRAFT_ID = 'Beispiel-Entwurf-den-es-nicht-gibt-000000000'

const internalError = (): ResponseSpec => ({
  description: 'Unerwarteter Fehler; keine Einzelheiten.',
  schema: apiErrorSchema,
  schemaName: 'Fehler',
  examples: { fehler: { summary: 'Interner Fehler', value: { error: MESSAGES.internal, issues: [] } } },
})

const bodyErrors = (): Record<string, ResponseSpec> => ({
  '400': {
    description: 'Der Inhalt ist kein gültiges JSON (oder leer).',
    schema: apiErrorSchema,
    schemaName: 'Fehler',
    examples: { keinJson: { summary: 'Kein JSON', value: { error: MESSAGES.badJson, issues: [] } } },
  },
  '413': {
    description: `Der Inhalt ist größer als ${MAX_BODY_BYTES / 1024} KB.`,
    schema: apiErrorSchema,
    schemaName: 'Fehler',
    examples: { zuGross: { summary: 'Zu groß', value: { error: BODY_TOO_LARGE_MESSAGE, issues: [] } } },
  },
  '415': {
    description: 'Der Inhalt ist nicht als application/json gesendet.',
    schema: apiErrorSchema,
    schemaName: 'Fehler',
    examples: { keinJsonTyp: { summary: 'Falscher Content-Type', value: { error: MESSAGES.unsupportedType, issues: [] } } },
  },
})

const draftIdParameter = (examples: Record<string, Example>): ParameterSpec => ({
  name: 'draftId',
  in: 'path',
  required: true,
  description: 'Der draftId aus der Antwort von POST /api/booking-drafts (siehe dort `links`). Er ist der einzige Schlüssel zum Entwurf; Cookies zählen nicht.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
  examples,
})

function queryParameters(schema: z.ZodMiniObject, examples: Record<string, { summary: string; values: Record<string, unknown> }>, notes: Record<string, string>): ParameterSpec[] {
  const json = toSchema(schema, 'input')
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, propSchema]) => {
    const own: Record<string, Example> = {}
    for (const [exampleName, { summary, values }] of Object.entries(examples)) {
      if (name in values) own[exampleName] = { summary, value: values[name] }
    }
    return {
      name,
      in: 'query' as const,
      required: required.has(name),
      description: notes[name] ?? (typeof propSchema.description === 'string' ? propSchema.description : name),
      schema: propSchema,
      style: 'form' as const,
      explode: true,
      ...(Object.keys(own).length ? { examples: own } : {}),
    }
  })
}

async function queryError(path: string, query: string, schema: z.ZodMiniType): Promise<unknown> {
  const parsed = parseQuery(new Request(`http://localhost${path}?${query}`), schema)
  if (parsed.ok) throw new Error(`example query ${query} should fail`)
  return parsed.response.json()
}

// ---------------------------------------------------------------------------------------------
// Example data from the database.

type ExampleDate = { offer: BookingOffer; availability: Availability }

/** The first bookable upcoming date (with or without seat plan) with at least `places` free places. */
async function exampleDate(db: Database, seatPlan: boolean, places: number, now: Date): Promise<ExampleDate | null> {
  const rows = await db
    .select({ id: tripDates.id })
    .from(tripDates)
    .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
    .where(
      and(
        inArray(tripDates.bookable, [0, 4, 5]),
        gt(tripDates.dateFrom, addDays(todayInBerlin(now), 14)),
        seatPlan ? isNotNull(tripDates.seatPlanId) : isNull(tripDates.seatPlanId),
        gt(tripDates.capacity, places),
      ),
    )
    .orderBy(asc(tripDates.id))
    .limit(40)
  for (const { id } of rows) {
    const offer = await loadOffer(db, id)
    if (!offer || (await unbookableReason(db, offer)) !== null) continue
    const availability = await availabilityOf(db, offer, now)
    if (availability.freePlaces >= places) return { offer, availability }
  }
  return null
}

const NAMES = [
  ['Anna', 'Becker'],
  ['Bernd', 'Becker'],
] as const

/** A complete draft for two: seats, boarding point, names, the booker's contact, an insurance and an add-on where offered. */
function completeDraft(offer: BookingOffer, seats: readonly string[]): BookingDraft {
  const rooms = roomsFor([], offer.roomTypes.includes('DZ') ? { DZ: 1 } : { OHNE: 2 })
  const draft: BookingDraft = { ...bookingDraftSchema.parse({}), allRooms: rooms }
  const point = offer.boardingPoints[0]
  const perPerson = offer.services.find((s) => s.per === 'person')
  for (const { p, index } of travellers(draft)) {
    const [firstname, lastname] = NAMES[index] ?? ['Person', String(index + 1)]
    p.firstname = firstname
    p.lastname = lastname
    p.seat = offer.seatPlan ? (seats[index] ?? null) : null
    p.boarding = point ? { kind: 'point', boardingPointId: point.id } : null
    if (index === 0 && offer.insuranceOffers[0]) p.insurance = [{ id: offer.insuranceOffers[0].id }]
    if (index === 1 && perPerson) p.services = [{ id: perPerson.id }]
    if (p.buchender) {
      p.street = 'Hauptstraße'
      p.street_nr = '12a'
      p.zip = '33602'
      p.city = 'Bielefeld'
      p.email = 'anna.becker@example.de'
      p.tel = '0521 123456'
    }
  }
  draft.payment = { method: 'ueberweisung', iban: '', accountHolder: '', mandate: false }
  return draft
}

/** What a client sends: the draft without the fields the server computes. */
function asRequest(draft: BookingDraft): BookingDraftInput {
  return {
    allRooms: draft.allRooms.map((room) => ({
      type: room.type,
      teilnehmer: room.teilnehmer.map(({ showName: _showName, price_per_person: _price, ...p }) => p),
    })),
    bookingServices: draft.bookingServices,
    vouchers: draft.vouchers,
    payment: draft.payment,
  }
}

const INVALID_DRAFT_EXAMPLE = {
  allRooms: [
    {
      type: 'DZ',
      teilnehmer: [
        { firstname: 'Anna', lastname: 'Becker', buchender: true, seat: 'Fensterplatz' },
        { firstname: 'Bernd', lastname: 'Becker', mobility: 'Sänfte' },
      ],
    },
  ],
  payment: { method: 'bar' },
}

const minutes = (n: number) => n * 60_000

// ---------------------------------------------------------------------------------------------

async function bookingOperations(db: Database, options: OpenApiOptions, now: Date): Promise<OperationSpec[]> {
  const [seatDate, capacityDate] = await Promise.all([exampleDate(db, true, 4, now), exampleDate(db, false, 4, now)])
  const flow = seatDate ?? capacityDate
  const unknownTripDateId = MAX_ID
  const exampleDraftId = 'Zk3mQ9x_Lr2VbT8nWc4sYh1PdJ6uEa0GfO7iKq5MtXy'
  const keys = { gebucht: randomUUID(), ohneAgb: randomUUID(), geaendert: randomUUID(), unvollstaendig: randomUUID(), unbekannt: randomUUID() }
  const expiresAt = new Date(now.getTime() + minutes(options.settings.draftMinutes))
  const holdsUntil = new Date(now.getTime() + minutes(options.settings.holdMinutes))
  const noDate = 'Zurzeit ist kein Termin online buchbar; das Beispiel zeigt nur die Form.'

  const freeSeats = flow ? flow.availability.seats.filter((s) => s.state === 'free').map((s) => s.seat) : []
  const draft = flow ? completeDraft(flow.offer, freeSeats.slice(0, 2)) : bookingDraftSchema.parse({})
  const pricing = flow ? priceBooking(flow.offer, draft) : priceBooking({ ...emptyOffer(), tripDateId: 0 }, draft)
  const storedDraft = normaliseDraft(draft, pricing)
  const requestDraft = asRequest(draft)
  const wantedSeats = travellers(draft).flatMap(({ p }) => (p.seat ? [p.seat] : []))
  const invalidIssues = bookingDraftSchema.safeParse(INVALID_DRAFT_EXAMPLE)
  const agbIssues = bookRequestSchema.safeParse({ acceptAgb: false, acceptPrivacy: true, referrer: null })
  const initial = flow ? newDraft(flow.offer) : bookingDraftSchema.parse({})
  const step1Issues = flow ? stepIssues(1, flow.offer, initial) : []
  const savedA = flow
    ? {
        draft: storedDraft,
        // Entwurf A: made (1), the invalid save stores nothing, the complete one changes it (2).
        revision: 2,
        pricing,
        holdsUntil: wantedSeats.length ? holdsUntil : null,
        expiresAt,
        incompleteStep: firstIncompleteStep(flow.offer, storedDraft),
      }
    : null
  const savedBody = flow && savedA ? savedDraftBody(exampleDraftId, flow.offer.tripDateId, flow.offer, savedA) : null
  const bookBody = { acceptAgb: true, acceptPrivacy: true, referrer: null, revision: 2 }
  const draftLinks = {
    entwurfSpeichern: { operationId: 'saveBookingDraft', parameters: { draftId: '$response.body#/draftId' }, description: 'Den Entwurf mit allen Angaben speichern.' },
    entwurfBuchen: { operationId: 'bookBookingDraft', parameters: { draftId: '$response.body#/draftId' }, description: 'Den vollständigen Entwurf buchen.' },
  }

  const availabilityExamples: Record<string, Example> = {}
  if (seatDate) availabilityExamples.sitzplan = { summary: `Termin mit Sitzplan (${seatDate.offer.tripTitle}, ${seatDate.offer.dateFrom})`, value: seatDate.availability }
  if (capacityDate) availabilityExamples.kapazitaet = { summary: `Termin ohne Sitzplan, nach Kapazität (${capacityDate.offer.tripTitle}, ${capacityDate.offer.dateFrom})`, value: capacityDate.availability }

  return [
    {
      method: 'get',
      path: '/api/trip-dates/{id}/availability',
      operationId: 'getTripDateAvailability',
      tags: [TAGS.booking],
      summary: 'Verfügbarkeit und Angebot eines Reisetermins',
      description:
        'Freie Plätze, jeder Sitz mit seinem Zustand, Zimmerarten, Zustiegsstellen, Haustürtransfer-Zonen, Zusatzleistungen und Versicherungen mit Preisen. Auch nicht buchbare Termine antworten 200 (bookableNow: false, mit Grund); nur unbekannte Termine 404.',
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description: 'Die Id des Reisetermins.',
          schema: { type: 'integer', minimum: 1, maximum: MAX_ID },
          examples: {
            ...(seatDate ? { sitzplan: { summary: 'Termin mit Sitzplan', value: seatDate.offer.tripDateId } } : {}),
            ...(capacityDate ? { kapazitaet: { summary: 'Termin ohne Sitzplan', value: capacityDate.offer.tripDateId } } : {}),
            unbekannt: { summary: 'Unbekannter Termin', value: unknownTripDateId },
            ungueltig: { summary: 'Keine Zahl', value: 'morgen' },
          },
        },
      ],
      responses: {
        '200': { description: 'Das Angebot des Termins mit seiner Verfügbarkeit.', schema: availabilitySchema, schemaName: 'Verfuegbarkeit', examples: availabilityExamples },
        '400': {
          description: 'Die Id ist keine positive ganze Zahl.',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { ungueltig: { summary: 'Keine Zahl', value: { error: `Ungültiger Parameter id: ${MESSAGES.badTripDateId}`, issues: [{ path: 'id', message: MESSAGES.badTripDateId }] } } },
        },
        '404': {
          description: 'Diesen Termin gibt es nicht (oder seine Reise ist nicht veröffentlicht).',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { unbekannt: { summary: 'Unbekannter Termin', value: { error: UNBOOKABLE_MESSAGES.unknown, issues: [] } } },
        },
        '500': internalError(),
      },
    },
    {
      method: 'post',
      path: '/api/booking-drafts',
      operationId: 'createBookingDraft',
      tags: [TAGS.booking],
      summary: 'Buchungsentwurf anlegen',
      description: `Legt einen Entwurf für einen buchbaren Termin an: ein Doppelzimmer für zwei (bei Tagesfahrten zwei Personen), sonst nichts gewählt. Der Entwurf besteht ${options.settings.draftMinutes} Minuten ab der letzten Änderung; danach werden er, seine Daten und seine Sitzplatzreservierungen gelöscht.`,
      parameters: [],
      requestBody: {
        description: 'Der Termin.',
        schema: createDraftRequestSchema,
        schemaName: 'EntwurfAnlegen',
        input: toSchema(createDraftRequestSchema, 'input'),
        examples: {
          neu: { summary: flow ? `Entwurf für Termin ${flow.offer.tripDateId}` : noDate, description: 'Zweimal senden ergibt zwei Entwürfe (A und B), wie sie die Beispiele unten nutzen.', value: { tripDateId: flow?.offer.tripDateId ?? 1 } },
          unbekannterTermin: { summary: 'Unbekannter Termin', value: { tripDateId: unknownTripDateId } },
        },
      },
      responses: {
        '201': {
          description: 'Angelegt. `Location` nennt die Adresse des Entwurfs.',
          schema: createdDraftSchema,
          schemaName: 'EntwurfAngelegt',
          headers: { Location: { description: 'Die Adresse des Entwurfs (PUT).', schema: { type: 'string' } } },
          links: draftLinks,
          examples: { neu: { summary: 'Neuer Entwurf', value: createdDraftBody(exampleDraftId, expiresAt) } },
        },
        ...bodyErrors(),
        '409': {
          description: 'Der Termin kann zurzeit nicht gebucht werden (vergangen, nicht online buchbar oder ausgebucht).',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { ausgebucht: { summary: 'Ausgebucht', value: { error: UNBOOKABLE_MESSAGES.full, issues: [{ path: 'tripDateId', message: UNBOOKABLE_MESSAGES.full }] } } },
        },
        '422': {
          description: 'tripDateId fehlt, ist keine positive ganze Zahl oder nennt keinen Termin.',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { unbekannterTermin: { summary: 'Unbekannter Termin', value: { error: MESSAGES.invalid, issues: [{ path: 'tripDateId', message: UNBOOKABLE_MESSAGES.unknown }] } } },
        },
        '500': internalError(),
      },
    },
    {
      method: 'put',
      path: '/api/booking-drafts/{draftId}',
      operationId: 'saveBookingDraft',
      tags: [TAGS.booking],
      summary: 'Buchungsentwurf speichern (alle Angaben)',
      description:
        'Ersetzt den ganzen Entwurf: Zimmer mit ihren Reisenden (Sitzplatz, Zustieg oder Haustürtransfer, Zusatzleistungen, Versicherung, Mobilitätshilfe), Zusatzleistungen je Buchung, Gutscheine und Zahlungsart. Der Server prüft die Angaben, hält die gewählten Sitze (Haltezeit verlängert sich bei jedem Speichern bis zu ihrem Höchstwert), berechnet alle Preise neu und sagt, welchem Schritt noch etwas fehlt. Ist eine Angabe ungültig oder ein Sitz nicht mehr frei, wird nichts gespeichert.',
      parameters: [draftIdParameter({ unbekannt: { summary: 'Ein Entwurf, den es nicht gibt', value: EXAMPLE_UNKNOWN_DRAFT_ID } })],
      requestBody: {
        description: 'Der ganze Entwurf. Felder, die fehlen, gelten als leer; Preise des Clients zählen nicht.',
        schema: bookingDraftSchema,
        schemaName: 'Buchungsentwurf',
        input: draftInputSchema(),
        examples: {
          vollstaendig: { summary: flow ? 'Vollständiger Entwurf (an Entwurf A)' : noDate, description: `Zwei Reisende${wantedSeats.length ? ` auf den Sitzen ${wantedSeats.join(' und ')}` : ''}, Zustiegsstelle, Versicherung und Zusatzleistung, wo angeboten, Überweisung.`, value: requestDraft },
          ungueltig: { summary: 'Ungültige Felder (an Entwurf A, vor dem vollständigen)', value: INVALID_DRAFT_EXAMPLE },
          sitzplatzBelegt: { summary: 'Dieselben Sitze an Entwurf B, während A sie hält', value: requestDraft },
          unbekannt: { summary: 'An einen Entwurf, den es nicht gibt', value: requestDraft },
          nachBuchung: { summary: 'An Entwurf A, nachdem er gebucht wurde', value: requestDraft },
        },
      },
      responses: {
        '200': {
          description: 'Gespeichert: die vom Server berechneten Preiszeilen, die gehaltenen Sitze und was noch fehlt.',
          schema: savedDraftSchema,
          schemaName: 'EntwurfGespeichert',
          examples: savedBody ? { vollstaendig: { summary: 'Gespeichert, buchbar', value: savedBody } } : {},
        },
        ...bodyErrors(),
        '404': { description: 'Diesen Entwurf gibt es nicht, oder er ist abgelaufen (abgelaufene Entwürfe werden mit ihren Daten gelöscht, daher ist beides 404).', schema: apiErrorSchema, schemaName: 'Fehler', examples: { unbekannt: { summary: 'Unbekannt oder abgelaufen', value: { error: MESSAGES.draftUnknown, issues: [] } } } },
        '409': {
          description: 'Ein gewünschter Sitz ist nicht mehr frei (jemand anderes hält oder buchte ihn). Nichts wurde gespeichert.',
          schema: seatConflictSchema,
          schemaName: 'SitzplatzKonflikt',
          examples: { sitzplatzBelegt: { summary: 'Sitze vergeben', value: seatConflictBody(requestDraft, wantedSeats) } },
        },
        '410': { description: 'Dieser Entwurf wurde bereits gebucht.', schema: apiErrorSchema, schemaName: 'Fehler', examples: { nachBuchung: { summary: 'Schon gebucht', value: { error: 'Dieser Entwurf wurde bereits gebucht (Buchungsnummer 7K4P-9XQ2).', issues: [] } } } },
        '429': {
          description:
            'Von diesem Client zu viele Speichervorgänge in kurzer Zeit, oder er hielte mehr Sitze, als einer auf einmal halten darf: so viele, wie eine Buchung höchstens hat (9), über alle seine Entwürfe, und höchstens die Hälfte der Sitze eines Termins. Dann nennt `seats` die neu gewählten Sitze, die nicht gehalten wurden (beim Speicherlimit fehlt `seats`) (andere Sitze helfen nicht; buchen, Plätze freigeben oder warten schon). Nichts wurde gespeichert; `Retry-After` nennt die Sekunden, bis wieder Platz ist.',
          schema: seatConflictSchema,
          schemaName: 'SitzplatzKonflikt',
          examples: {
            zuVieleSitze: {
              summary: 'Der Client hält schon 9 Sitze',
              value: holdLimitBody(requestDraft, wantedSeats.slice(-1), holdLimitMessage({ kind: 'client', cap: MAX_TRAVELLERS })),
            },
          },
          headers: { 'Retry-After': { description: 'Sekunden, bis der Client wieder speichern oder einen Sitz mehr halten kann.', schema: { type: 'integer' } } },
        },
        '422': {
          description: 'Ungültige Angaben: eine deutsche Meldung je Feld. Nichts wurde gespeichert.',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: { ungueltig: { summary: 'Ungültige Felder', value: invalidDraftBody(invalidIssues.success ? [] : invalidIssues.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))) } },
        },
        '500': internalError(),
      },
    },
    {
      method: 'post',
      path: '/api/booking-drafts/{draftId}/book',
      operationId: 'bookBookingDraft',
      tags: [TAGS.booking],
      summary: 'Entwurf verbindlich buchen („zahlungspflichtig buchen“)',
      description:
        'Bucht den Entwurf in einer Transaktion: Sitze, Plätze und Gutscheine werden unter Sperre geprüft, der Preis neu berechnet, die Bestätigung per E-Mail verschickt. Der Header `Idempotency-Key` ist Pflicht: dieselbe Anfrage mit demselben Schlüssel bekommt dieselbe Antwort (201, Header `Idempotent-Replayed: true`) und bucht nie doppelt; derselbe Schlüssel mit anderer Anfrage ergibt 422.',
      parameters: [
        draftIdParameter({ unbekannt: { summary: 'Ein Entwurf, den es nicht gibt', value: EXAMPLE_UNKNOWN_DRAFT_ID } }),
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: 'Ein neuer, zufälliger Schlüssel je Buchungsversuch (z. B. eine UUID), 8–255 sichtbare ASCII-Zeichen; in Anführungszeichen erlaubt. Bei Wiederholung nach Zeitüberschreitung denselben Schlüssel senden.',
          schema: toSchema(idempotencyKeySchema, 'input'),
          examples: {
            gebucht: { summary: 'Neuer Schlüssel', value: keys.gebucht },
            wiederholt: { summary: 'Derselbe Schlüssel noch einmal', value: keys.gebucht },
            ohneAgb: { summary: 'Eigener Schlüssel', value: keys.ohneAgb },
            geaendert: { summary: 'Eigener Schlüssel', value: keys.geaendert },
            unvollstaendig: { summary: 'Eigener Schlüssel', value: keys.unvollstaendig },
            unbekannt: { summary: 'Eigener Schlüssel', value: keys.unbekannt },
          },
        },
        {
          name: 'X-Agency-Token',
          in: 'header',
          required: false,
          description:
            'Nur für Reisebüros: das signierte Agentur-Token aus der Anmeldung (Karte `vc_card.agency_token`, 12 Stunden gültig). Gilt es, wird die Buchung dem Reisebüro zugeordnet und es erhält eine Kopie der Bestätigung; ein gefälschtes oder abgelaufenes Token bucht als Kundin oder Kunde ohne Reisebüro (Antwortfeld `agencyNotice`).',
          schema: { type: 'string', maxLength: 512 },
        },
      ],
      requestBody: {
        description: 'Die Zustimmungen zu AGB und Datenschutz.',
        schema: bookRequestBodySchema,
        schemaName: 'BuchungAbschliessen',
        input: toSchema(bookRequestBodySchema, 'input'),
        examples: {
          gebucht: { summary: 'Entwurf A buchen (nach dem vollständigen Speichern)', value: bookBody },
          wiederholt: { summary: 'Dieselbe Anfrage mit demselben Schlüssel', value: bookBody },
          ohneSchluessel: { summary: 'Ohne Header Idempotency-Key', value: bookBody },
          ohneAgb: { summary: 'Ohne Zustimmung zu den AGB (Entwurf A)', value: { ...bookBody, acceptAgb: false } },
          geaendert: {
            summary: 'Entwurf A mit der Revision vor dem vollständigen Speichern buchen',
            description: 'Die Anfrage nennt Revision 1; gespeichert ist inzwischen Revision 2 (zum Beispiel aus einem anderen Fenster geändert).',
            value: { ...bookBody, revision: 1 },
          },
          unvollstaendig: { summary: 'Entwurf B buchen, dem noch alles fehlt', value: { ...bookBody, revision: 1 } },
          unbekannt: { summary: 'Einen Entwurf buchen, den es nicht gibt', value: bookBody },
        },
      },
      responses: {
        '201': {
          description: 'Gebucht (oder die Wiederholung einer gebuchten Anfrage mit demselben Schlüssel).',
          schema: bookedSchema,
          schemaName: 'Gebucht',
          headers: { 'Idempotent-Replayed': { description: "'true', wenn dies die Antwort einer früheren Anfrage mit demselben Schlüssel ist.", schema: { type: 'string', enum: ['true'] } } },
          examples: {
            gebucht: { summary: 'Gebucht (die Buchungsnummer ist bei jeder Buchung neu)', value: { bookingNumber: '7K4P-9XQ2', gesamtpreis: pricing.gesamtpreis } },
            wiederholt: { summary: 'Dieselbe Antwort noch einmal', value: { bookingNumber: '7K4P-9XQ2', gesamtpreis: pricing.gesamtpreis } },
          },
        },
        '400': {
          description: 'Kein gültiger Idempotency-Key, oder der Inhalt ist kein JSON.',
          schema: apiErrorSchema,
          schemaName: 'Fehler',
          examples: {
            ohneSchluessel: { summary: 'Ohne Idempotency-Key', value: { error: MESSAGES.keyMissing, issues: [{ path: 'Idempotency-Key', message: MESSAGES.keyMissing }] } },
            keinJson: { summary: 'Kein JSON', value: { error: MESSAGES.badJson, issues: [] } },
          },
        },
        '404': { description: 'Diesen Entwurf gibt es nicht, oder er ist abgelaufen.', schema: apiErrorSchema, schemaName: 'Fehler', examples: { unbekannt: { summary: 'Unbekannt oder abgelaufen', value: { error: MESSAGES.draftUnknown, issues: [] } } } },
        '409': {
          description:
            'Konflikt beim Buchen: der Entwurf wurde seit der genannten `revision` geändert (`current` zeigt ihn, wie er jetzt ist: Angaben, Preise, Revision), ein Sitz wurde inzwischen vergeben, nicht mehr genug Plätze, ein Gutschein eingelöst, oder der Termin ist nicht mehr buchbar. `step` nennt den Schritt, dessen Angaben zu prüfen sind. Nichts wurde gebucht.',
          schema: bookConflictSchema,
          schemaName: 'BuchungsKonflikt',
          examples: {
            ...(flow && savedA
              ? { geaendert: { summary: 'Entwurf seit der genannten Revision geändert', value: staleBookingBody(exampleDraftId, flow.offer, savedA, STALE_BOOKING_MESSAGE) } }
              : {}),
            sitzVergeben: { summary: 'Sitz inzwischen vergeben (Beispiel ohne Anfrage: entsteht nur, wenn eine Haltezeit ablief)', value: { error: 'Der Sitzplatz 3C wurde inzwischen vergeben. Bitte wählen Sie einen anderen Platz.', issues: [], step: 1 } },
          },
        },
        '410': { description: 'Dieser Entwurf wurde schon mit einem anderen Schlüssel gebucht.', schema: apiErrorSchema, schemaName: 'Fehler', examples: { schonGebucht: { summary: 'Schon gebucht', value: { error: 'Dieser Entwurf wurde bereits gebucht (Buchungsnummer 7K4P-9XQ2).', issues: [] } } } },
        '413': bodyErrors()['413']!,
        '415': bodyErrors()['415']!,
        '422': {
          description: 'Der Entwurf ist unvollständig (`step` nennt den ersten unvollständigen Schritt, `issues` was fehlt), eine Zustimmung fehlt, oder der Idempotency-Key wurde schon für eine andere Anfrage verwendet.',
          schema: z.extend(apiErrorSchema, { step: z.optional(stepErrorSchema.shape.step) }),
          schemaName: 'BuchungUnvollstaendig',
          examples: {
            unvollstaendig: { summary: 'Entwurf unvollständig', value: incompleteBody(1, step1Issues) },
            ohneAgb: { summary: 'Ohne Zustimmung', value: { error: MESSAGES.invalid, issues: agbIssues.success ? [] : agbIssues.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } },
          },
        },
        '500': internalError(),
      },
    },
  ]
}

/** Until the catalogue is empty this is never used; it keeps the examples well-formed without a bookable date. */
function emptyOffer(): BookingOffer {
  return {
    tripDateId: 0,
    tripId: 0,
    tripTitle: '',
    dateFrom: '2000-01-01',
    dateTill: '2000-01-01',
    durationDays: 1,
    transport: 'bus',
    bookable: 0,
    price: 0,
    singleRoomSurcharge: 0,
    roomTypes: ['OHNE'],
    seatPlan: null,
    boardingPoints: [],
    transferZones: [],
    services: [],
    insuranceOffers: [],
    terms: {
      cancellationScale: BUS_CANCELLATION_SCALE,
      rebookingFee: 0,
      minParticipants: null,
      minParticipantsDays: null,
      returnTime: null,
      onSiteFees: [],
      domestic: true,
      entryNotes: [],
    },
    contents: { accommodation: null, included: [], programme: [] },
  }
}

async function catalogueOperations(db: Database, options: OpenApiOptions): Promise<OperationSpec[]> {
  const [initData, countries] = await Promise.all([loadInitData(db), loadCountries(db)])
  const frontPage = blogQuerySchema.parse({ 'lit-sort[]': ['date_show DESC', 'date_add DESC'], $paginate: 'false', id_web_blog_type: '2' })
  const paged = blogQuerySchema.parse({ $page: '1', $limit: '2', id_web_blog_type: '1' })
  const searchQuery = searchApiQuerySchema.parse({ segment: 'ostsee--------', pageSize: '2' })
  const { segment, ...searchOptions } = searchQuery
  const [frontEntries, pagedEntries, searchResult] = await Promise.all([
    listBlogEntries(db, frontPage),
    listBlogEntries(db, paged),
    searchTrips(db, parseSegment(segment), searchOptionsOf(searchOptions)),
  ])
  const [blogError, searchError] = await Promise.all([
    queryError('/api/web/blog-web', '%24limit=1000', blogQuerySchema),
    queryError('/api/search', 'sortBy=beliebt', searchApiQuerySchema),
  ])
  const plainError = (description: string, name: string, summary: string, value: unknown): ResponseSpec => ({ description, schema: plainErrorSchema, schemaName: 'EinfacherFehler', examples: { [name]: { summary, value } } })
  const specInternal = () => plainError('Unerwarteter Fehler; keine Einzelheiten.', 'fehler', 'Interner Fehler', { error: 'Internal Server Error' })

  return [
    {
      method: 'get',
      path: '/api/init-data',
      operationId: 'getInitData',
      tags: [TAGS.catalogue],
      summary: 'Kategorien, Menüs und Regionen (Spec 7)',
      description: 'Öffentlich, 60 Sekunden zwischenspeicherbar (je Instanz 5 Minuten im Speicher).',
      parameters: [],
      responses: {
        '200': {
          description: 'Kategorien mit Reiseanzahl, Menüs, Regionen mit ihren Ländern.',
          schema: initDataSchema,
          schemaName: 'InitData',
          examples: {
            standard: {
              summary: 'Gekürzt: die ersten Einträge jeder Liste',
              value: { categories: initData.categories.slice(0, 3), menus: initData.menus.slice(0, 1).map((m) => ({ ...m, items: m.items.slice(0, 3) })), regions: initData.regions.slice(0, 2) },
            },
          },
        },
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/countries',
      operationId: 'getCountries',
      tags: [TAGS.catalogue],
      summary: 'Reiseländer (Spec 7)',
      description: 'Öffentlich, 60 Sekunden zwischenspeicherbar. Ein Land kann ohne Namen sein.',
      parameters: [],
      responses: {
        '200': { description: 'Alle Länder.', schema: z.array(countrySchema), schemaName: 'Laender', examples: { standard: { summary: 'Gekürzt: die ersten fünf', value: countries.slice(0, 5) } } },
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/cache-clear',
      operationId: 'clearCache',
      tags: [TAGS.operation],
      summary: 'Zwischenspeicher leeren (Spec 7)',
      description: 'Höchstens einmal in 30 Sekunden je Instanz. Ist CACHE_CLEAR_TOKEN konfiguriert, muss er im Header X-Cache-Token (oder im Parameter token) stehen.',
      parameters: [
        { name: 'X-Cache-Token', in: 'header', required: false, description: 'Das konfigurierte Token, falls eines verlangt wird.', schema: { type: 'string' } },
        {
          name: 'token',
          in: 'query',
          required: false,
          description: 'Das Token als Parameter (statt des Headers).',
          schema: { type: 'string' },
          examples: { ohneToken: { summary: options.cacheClearTokenRequired ? 'Leer: hier wird ein Token verlangt' : 'Leer: hier wird kein Token verlangt', value: '' } },
        },
      ],
      responses: {
        '200': {
          description: 'Geleert.',
          schema: cacheClearedSchema,
          schemaName: 'CacheGeleert',
          examples: options.cacheClearTokenRequired ? { geleert: { summary: 'Mit richtigem Token', value: { cleared: true } } } : { ohneToken: { summary: 'Hier ist kein Token verlangt', value: { cleared: true } } },
        },
        '403': plainError('Token fehlt oder ist falsch.', options.cacheClearTokenRequired ? 'ohneToken' : 'falschesToken', 'Ohne (richtiges) Token', { error: 'Zugriff verweigert.' }),
        '429': {
          ...plainError('Gerade erst geleert; `Retry-After` nennt die Sekunden bis zum nächsten Mal.', 'zuOft', 'Zweimal in 30 Sekunden', { error: 'Der Cache wurde gerade geleert. Bitte warten Sie 30 Sekunden.' }),
          headers: { 'Retry-After': { description: 'Sekunden bis zum nächsten möglichen Leeren.', schema: { type: 'integer' } } },
        },
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/web/blog-web',
      operationId: 'getBlogEntries',
      tags: [TAGS.catalogue],
      summary: 'Blogeinträge (Spec 7)',
      description: 'Mit $paginate=false eine Liste, sonst ein Objekt { data, total, page, limit }. Unbekannte Parameter und falsche Werte ergeben 400 mit einer deutschen Meldung.',
      parameters: queryParameters(
        blogQuerySchema,
        {
          startseite: { summary: 'Startseiteneinträge, neueste zuerst, als Liste', values: { 'lit-sort[]': ['date_show DESC', 'date_add DESC'], $paginate: 'false', id_web_blog_type: 2 } },
          seite: { summary: 'Blog, Seite 1 zu je 2', values: { $page: 1, $limit: 2, id_web_blog_type: 1 } },
          ungueltig: { summary: '$limit über 100', values: { $limit: 1000 } },
        },
        {
          'lit-sort[]': "Sortierung 'Feld ASC|DESC' (date_show, date_add, title, id), bis zu 4, wiederholbar.",
          $paginate: 'false: eine Liste; true (Standard): ein Objekt mit Seite.',
          $page: 'Seite ab 1.',
          $limit: 'Einträge je Seite, 1 bis 100.',
          id_web_blog_type: 'Art des Eintrags: 2 Startseite, 29 Vorteile, 1 Blog.',
        },
      ),
      responses: {
        '200': {
          description: 'Eine Seite von Einträgen, oder mit $paginate=false die Liste.',
          schema: z.union([blogPageSchema, z.array(blogEntrySchema)]),
          schemaName: 'Blogeintraege',
          examples: {
            startseite: { summary: 'Startseite, ohne Seiten (gekürzt auf zwei)', value: frontEntries.data.slice(0, 2) },
            seite: { summary: 'Blog, Seite 1 zu je 2', value: pagedEntries },
          },
        },
        '400': plainError('Ein unbekannter Parameter oder ein falscher Wert.', 'ungueltig', '$limit zu groß', blogError),
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/search',
      operationId: 'searchTrips',
      tags: [TAGS.catalogue],
      summary: 'Reisesuche',
      description: 'Das Segment der Seite /reiseuebersicht/search/{segment}/ mit Sortierung und Seite. Ein unlesbares Segment ist eine leere Suche; unbekannte Parameter und falsche Werte ergeben 400.',
      parameters: queryParameters(
        searchApiQuerySchema,
        {
          ostsee: { summary: 'Text „ostsee“, 2 Reisen je Seite', values: { segment: 'ostsee--------', pageSize: 2 } },
          ungueltig: { summary: 'Unbekannte Sortierung', values: { sortBy: 'beliebt' } },
        },
        {
          segment: 'Das Suchsegment: Text-Kategorien-Länder-Regionen-Start-Ende-Dauer-Buchbar-Preis (Spec 2).',
          sortBy: 'Sortierung: date, price, duration oder name.',
          sortDirection: 'asc oder desc.',
          page: 'Seite ab 1.',
          pageSize: 'Reisen je Seite.',
          ferien: 'Nur Termine in den Schulferien.',
        },
      ),
      responses: {
        '200': { description: 'Eine Seite Reisen, die Gesamtzahl und die Filterzahlen.', schema: searchResultSchema, schemaName: 'Suchergebnis', examples: { ostsee: { summary: 'Ostsee, 2 je Seite', value: searchResult } } },
        '400': plainError('Ein unbekannter Parameter oder ein falscher Wert.', 'ungueltig', 'Unbekannte Sortierung', searchError),
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/health',
      operationId: 'getHealth',
      tags: [TAGS.operation],
      summary: 'Lebenszeichen für Load Balancer',
      description: '200, wenn die Datenbank antwortet, sonst 503. Nie zwischengespeichert.',
      parameters: [],
      responses: {
        '200': { description: 'Bereit.', schema: healthSchema, schemaName: 'Zustand', examples: { ok: { summary: 'Bereit', value: { status: 'ok' } } } },
        '503': { description: 'Die Datenbank antwortet nicht.', schema: healthSchema, schemaName: 'Zustand', examples: { nichtBereit: { summary: 'Nicht bereit', value: { status: 'unavailable' } } } },
      },
    },
  ]
}

/** Every operation of the document, with its zod schemas and examples. */
export async function apiOperations(db: Database, options: OpenApiOptions): Promise<OperationSpec[]> {
  const now = options.now ?? new Date()
  const [catalogue, booking] = await Promise.all([catalogueOperations(db, options), bookingOperations(db, options, now)])
  return [...catalogue, ...booking]
}

function mediaExamples(examples: Record<string, Example>): Record<string, Example> {
  return Object.fromEntries(Object.entries(examples).map(([name, e]) => [name, { summary: e.summary, ...(e.description ? { description: e.description } : {}), value: e.value }]))
}

/**
 * Stores a generated schema as a component. Recursive zod schemas (the menu tree) come with their
 * own `$defs` and local references ('#/$defs/…', '#'), which inside a component would point at the
 * document's root: they become components of their own.
 */
function hoist(name: string, schema: JsonSchema, into: Record<string, JsonSchema>): void {
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>
  delete schema.$defs
  const target = (local: string) => (local === '#' ? `#/components/schemas/${name}` : `#/components/schemas/${name}_${local.replace('#/$defs/', '')}`)
  const rewrite = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(rewrite)
    if (!node || typeof node !== 'object') return
    const object = node as JsonSchema
    if (typeof object.$ref === 'string' && (object.$ref === '#' || object.$ref.startsWith('#/$defs/'))) object.$ref = target(object.$ref)
    for (const [key, value] of Object.entries(object)) if (key !== 'examples' && key !== 'default' && key !== 'const' && key !== 'enum') rewrite(value)
  }
  rewrite(schema)
  into[name] = schema
  for (const [defName, def] of Object.entries(defs)) {
    rewrite(def)
    into[`${name}_${defName}`] = def
  }
}

/** The OpenAPI 3.1 document of these operations. */
export function toOpenApi(operations: readonly OperationSpec[], origin: string): JsonSchema {
  const schemas: Record<string, JsonSchema> = {}
  const schemaNames = new Map<z.ZodMiniType, string>()
  const ref = (name: string, schema: z.ZodMiniType | JsonSchema, io: 'input' | 'output'): JsonSchema => {
    if (!(name in schemas)) {
      hoist(name, schema instanceof z.ZodMiniType ? toSchema(schema, io) : schema, schemas)
      if (schema instanceof z.ZodMiniType) schemaNames.set(schema, name)
    } else if (schema instanceof z.ZodMiniType && schemaNames.get(schema) !== name) {
      throw new Error(`two schemas named ${name}`)
    }
    return { $ref: `#/components/schemas/${name}` }
  }
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations) {
    const responses: Record<string, unknown> = {}
    for (const [status, r] of Object.entries(op.responses)) {
      responses[status] = {
        description: r.description,
        ...(r.headers ? { headers: r.headers } : {}),
        content: { 'application/json': { schema: ref(r.schemaName, r.schema, 'output'), examples: mediaExamples(r.examples) } },
        ...(r.links ? { links: r.links } : {}),
      }
    }
    const operation = {
      operationId: op.operationId,
      tags: op.tags,
      summary: op.summary,
      description: op.description,
      ...(op.parameters.length
        ? {
            parameters: op.parameters.map((p) => ({
              name: p.name,
              in: p.in,
              required: p.required,
              description: p.description,
              schema: p.schema,
              ...(p.style ? { style: p.style, explode: p.explode ?? true } : {}),
              ...(p.examples ? { examples: mediaExamples(p.examples) } : {}),
            })),
          }
        : {}),
      ...(op.requestBody
        ? {
            requestBody: {
              required: true,
              description: op.requestBody.description,
              content: { 'application/json': { schema: ref(op.requestBody.schemaName, op.requestBody.input, 'input'), examples: mediaExamples(op.requestBody.examples) } },
            },
          }
        : {}),
      responses,
    }
    paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operation }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Buchungs- und Katalog-API',
      version: API_VERSION,
      description: [
        'Die JSON-API der Website: der Katalog aus Spec 7 und die Buchung (die „Upstream-API“), auf denselben Diensten wie die Buchungsseiten.',
        '',
        '- Nur JSON: Anfragen mit Inhalt senden `Content-Type: application/json` (sonst 415), höchstens 64 KB (sonst 413).',
        '- Keine Anmeldung, keine Cookies, kein CORS: der draftId ist der Schlüssel zu einem Entwurf; wer ihn hat, kann ihn ändern und buchen.',
        '- Alle Preise sind Ganzzahlen in Millionstel Euro (1.000.000 = 1 €); Zeitpunkte ISO 8601, Kalendertage YYYY-MM-DD.',
        '- Fehler: `{ "error": "…", "issues": [{ "path", "message" }] }` mit deutschen Meldungen (Katalog: `{ "error" }`). Buchungsantworten tragen `Cache-Control: no-store`.',
        '- Ablauf der Beispiele: Verfügbarkeit lesen, Entwurf A anlegen, A ungültig und dann vollständig speichern, Entwurf B anlegen und mit denselben Sitzen speichern (409), A buchen (ohne Schlüssel 400, ohne AGB 422, gebucht 201, wiederholt 201), B buchen (422, unvollständig), A erneut speichern (410). Die Beispiele werden bei jedem Abruf aus den aktuellen Daten erzeugt.',
      ].join('\n'),
    },
    servers: [{ url: origin, description: 'Diese Website' }],
    tags: [
      { name: TAGS.booking, description: 'Buchungsentwurf anlegen, speichern und buchen.' },
      { name: TAGS.catalogue, description: 'Die Aufrufe aus Spec 7 und die Suche.' },
      { name: TAGS.operation, description: 'Betrieb.' },
    ],
    paths,
    components: { schemas },
  }
}

export async function openApiDocument(db: Database, options: OpenApiOptions): Promise<JsonSchema> {
  return toOpenApi(await apiOperations(db, options), options.origin)
}
