// The booking API (DESIGN 4) over real Request objects against a real database: availability,
// drafts that are created, saved and booked, the HTTP rules (JSON only, 64 KB, no cookies, no
// CORS, no-store), and the OpenAPI document, whose examples are executed in order against a fresh
// database and must give the documented status (and, where the example is exact, the body).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogQuerySchema, searchApiQuerySchema } from '~/lib/api'
import { travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { bookingDrafts, bookings, seatReservations } from '~/server/db/schema'
import { parseQuery } from '~/server/http/api.server'
import { apiOperations, openApiDocument, toOpenApi } from '~/server/http/openapi.server'
import type { OperationSpec } from '~/server/http/openapi.server'
import {
  availabilitySchema,
  bookedSchema,
  bookingApi,
  createdDraftSchema,
  getAvailability,
  methodNotAllowed,
  postBooking,
  postDraft,
  putDraft,
  savedDraftSchema,
} from '~/server/services/booking/api.server'
import type { BookingApiContext } from '~/server/services/booking/api.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { completeDraft, datePool, layoutSeats, settings, withClientPrices } from '../support/booking'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>

beforeAll(async () => {
  t = await openTestDatabase()
  takeDate = datePool(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

const ORIGIN = 'http://localhost'
const ctx = (): BookingApiContext => ({ db: t.db, settings })

type Json = Record<string, unknown>

/** What the routes do: the path picks the function, the answer passes the no-store wrapper. */
async function send(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url)
  let m: RegExpExecArray | null
  if ((m = /^\/api\/trip-dates\/([^/]+)\/availability$/.exec(pathname)) && request.method === 'GET') {
    const id = decodeURIComponent(m[1]!)
    return bookingApi('test', () => getAvailability(ctx(), id))
  }
  if (pathname === '/api/booking-drafts' && request.method === 'POST') return bookingApi('test', () => postDraft(ctx(), request))
  if ((m = /^\/api\/booking-drafts\/([^/]+)$/.exec(pathname)) && request.method === 'PUT') {
    const id = decodeURIComponent(m[1]!)
    return bookingApi('test', () => putDraft(ctx(), id, request))
  }
  if ((m = /^\/api\/booking-drafts\/([^/]+)\/book$/.exec(pathname)) && request.method === 'POST') {
    const id = decodeURIComponent(m[1]!)
    return bookingApi('test', () => postBooking(ctx(), id, request))
  }
  throw new Error(`no booking API route for ${request.method} ${pathname}`)
}

function jsonRequest(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
}

async function answer(response: Response): Promise<{ status: number; body: Json; headers: Headers }> {
  return { status: response.status, body: (await response.json()) as Json, headers: response.headers }
}

async function newDraftId(tripDateId: number): Promise<string> {
  const created = await answer(await send(jsonRequest('POST', '/api/booking-drafts', { tripDateId })))
  expect(created.status).toBe(201)
  return createdDraftSchema.parse(created.body).draftId
}

let keyCounter = 0
const newKey = () => `api-test-${++keyCounter}-${Date.now()}`

function expectApiHeaders(response: { headers: Headers }) {
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(response.headers.get('set-cookie')).toBeNull()
  expect(response.headers.get('access-control-allow-origin')).toBeNull()
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI document: first, while the database is fresh.

type Doc = {
  openapi: string
  info: { title: string; version: string }
  servers: { url: string }[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, Json> }
}
type OpenApiExample = { summary?: string; value: unknown }
type OpenApiParameter = { name: string; in: string; required?: boolean; schema: Json; examples?: Record<string, OpenApiExample> }
type OpenApiOperation = {
  operationId: string
  parameters?: OpenApiParameter[]
  requestBody?: { content: Record<string, { schema: Json; examples?: Record<string, OpenApiExample> }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: Json; examples?: Record<string, OpenApiExample> }>; links?: Record<string, { operationId: string; parameters: Record<string, string> }> }>
}

function operations(doc: Doc): { path: string; method: string; op: OpenApiOperation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
}

function findOperation(doc: Doc, operationId: string) {
  const found = operations(doc).find((o) => o.op.operationId === operationId)
  if (!found) throw new Error(`no operation ${operationId}`)
  return found
}

/** The names of an operation's request examples (parameters and body). */
function requestExampleNames(op: OpenApiOperation): Set<string> {
  const names = new Set<string>()
  for (const p of op.parameters ?? []) for (const name of Object.keys(p.examples ?? {})) names.add(name)
  for (const media of Object.values(op.requestBody?.content ?? {})) for (const name of Object.keys(media.examples ?? {})) names.add(name)
  return names
}

/** The status whose response carries an example of this name (exactly one). */
function documentedStatus(op: OpenApiOperation, name: string): number {
  const statuses = Object.entries(op.responses)
    .filter(([, r]) => Object.values(r.content ?? {}).some((m) => m.examples && name in m.examples))
    .map(([status]) => Number(status))
  expect(statuses, `${op.operationId}/${name}`).toHaveLength(1)
  return statuses[0]!
}

function responseExample(op: OpenApiOperation, name: string): unknown {
  const status = documentedStatus(op, name)
  return op.responses[String(status)]!.content!['application/json']!.examples![name]!.value
}

/** The request an example describes, built from the document alone (path values from links where it has none). */
function exampleRequest(doc: Doc, base: string, operationId: string, name: string, linked: Record<string, string> = {}): { request: Request; status: number } {
  const { path, method, op } = findOperation(doc, operationId)
  let url = path
  const query = new URLSearchParams()
  const headers = new Headers()
  for (const p of op.parameters ?? []) {
    const example = p.examples?.[name]
    const value = example ? example.value : p.in === 'path' ? linked[p.name] : undefined
    if (value === undefined) continue
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)))
    else if (p.in === 'query') for (const v of Array.isArray(value) ? value : [value]) query.append(p.name, String(v))
    else if (p.in === 'header') headers.set(p.name, String(value))
  }
  expect(url, `${operationId}/${name}: every path parameter has a value`).not.toMatch(/\{/)
  const body = op.requestBody?.content['application/json']?.examples?.[name]
  if (body) headers.set('Content-Type', 'application/json')
  const search = query.toString()
  const request = new Request(`${base}${url}${search ? `?${search}` : ''}`, {
    method: method.toUpperCase(),
    headers,
    ...(body ? { body: JSON.stringify(body.value) } : {}),
  })
  return { request, status: documentedStatus(op, name) }
}

/** Follows a response link (`$response.body#/draftId`) as a client of the document would. */
function linkedValue(doc: Doc, operationId: string, status: number, target: string, param: string, body: Json): string {
  const links = findOperation(doc, operationId).op.responses[String(status)]?.links ?? {}
  const link = Object.values(links).find((l) => l.operationId === target)
  const expression = link?.parameters[param]
  expect(expression, `a link from ${operationId} to ${target}`).toMatch(/^\$response\.body#\//)
  let value: unknown = body
  for (const key of expression!.replace('$response.body#/', '').split('/')) value = (value as Json)[key]
  return String(value)
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, out))
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value)
      else if (key !== 'examples' && key !== 'value') collectRefs(value, out)
    }
  }
  return out
}

function resolvePointer(doc: unknown, ref: string): unknown {
  expect(ref.startsWith('#/')).toBe(true)
  let node: unknown = doc
  for (const part of ref.slice(2).split('/')) node = (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  return node
}

/** The structure OpenAPI 3.1 asks for, and what this project promises on top (examples everywhere). */
function checkStructure(doc: Doc) {
  expect(doc.openapi).toBe('3.1.0')
  expect(typeof doc.info.title).toBe('string')
  expect(typeof doc.info.version).toBe('string')
  expect(doc.servers[0]?.url).toMatch(/^https?:\/\//)
  const ids = new Set<string>()
  for (const { path, method, op } of operations(doc)) {
    const where = `${method.toUpperCase()} ${path}`
    expect(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'], where).toContain(method)
    expect(path.startsWith('/'), where).toBe(true)
    expect(ids.has(op.operationId), `${where}: operationId unique`).toBe(false)
    ids.add(op.operationId)
    // Every {name} of the path is a required path parameter, and every path parameter is in the path.
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
    const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path')
    expect(pathParams.map((p) => p.name).sort(), where).toEqual([...templated].sort())
    for (const p of pathParams) expect(p.required, `${where} ${p.name}`).toBe(true)
    for (const p of op.parameters ?? []) {
      expect(['path', 'query', 'header', 'cookie'], where).toContain(p.in)
      expect(typeof p.schema, `${where} ${p.name}`).toBe('object')
    }
    expect(Object.keys(op.responses).length, where).toBeGreaterThan(0)
    for (const [status, response] of Object.entries(op.responses)) {
      expect(status, where).toMatch(/^[1-5][0-9][0-9]$/)
      expect(response.description, `${where} ${status}`).toBeTruthy()
      const media = response.content?.['application/json']
      expect(media?.schema, `${where} ${status} schema`).toBeTruthy()
      expect(Object.keys(media?.examples ?? {}).length, `${where} ${status} examples`).toBeGreaterThan(0)
    }
    // A working pair: each request example is answered by one documented status; an operation
    // without any (no parameters, no body) has a 2xx example for the bare request.
    const names = requestExampleNames(op)
    for (const n of names) documentedStatus(op, n)
    if (names.size === 0) {
      expect(op.parameters ?? [], where).toEqual([])
      expect(op.requestBody, where).toBeUndefined()
      expect(Object.keys(op.responses).some((s) => s.startsWith('2')), where).toBe(true)
    }
    if (op.requestBody) expect(op.requestBody.content['application/json']?.schema, where).toBeTruthy()
  }
  for (const ref of collectRefs(doc)) expect(resolvePointer(doc, ref), ref).toBeTruthy()
  expect(JSON.stringify(doc.components.schemas)).not.toMatch(/"\$schema"|"#\/\$defs\//)
}

describe('GET /api/openapi.json', () => {
  let doc: Doc
  let specs: OperationSpec[]

  beforeAll(async () => {
    const options = { origin: ORIGIN, settings, cacheClearTokenRequired: false }
    specs = await apiOperations(t.db, options)
    doc = toOpenApi(specs, ORIGIN) as unknown as Doc
  })

  it('is an OpenAPI 3.1 document with the four booking operations and the spec-7 endpoints, each with examples', () => {
    checkStructure(doc)
    // The booking operations each have a request example that succeeds.
    for (const operationId of ['getTripDateAvailability', 'createBookingDraft', 'saveBookingDraft', 'bookBookingDraft']) {
      const { op } = findOperation(doc, operationId)
      expect([...requestExampleNames(op)].some((n) => documentedStatus(op, n) < 300), operationId).toBe(true)
    }
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/booking-drafts',
        '/api/booking-drafts/{draftId}',
        '/api/booking-drafts/{draftId}/book',
        '/api/cache-clear',
        '/api/countries',
        '/api/health',
        '/api/init-data',
        '/api/search',
        '/api/trip-dates/{id}/availability',
        '/api/web/blog-web',
      ].sort(),
    )
    expect(JSON.stringify(doc)).toContain('Millionstel Euro')
    // Generated from the zod schemas: the draft's fields and the room types are there.
    const draft = JSON.stringify(doc.components.schemas.Buchungsentwurf)
    for (const field of ['allRooms', 'teilnehmer', 'buchender', 'boarding', 'insurance', 'bookingServices', 'vouchers', 'payment', 'lastschrift', 'DZ']) {
      expect(draft).toContain(field)
    }
  })

  it('every response example is valid against the zod schema the server answers with', () => {
    for (const op of specs) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [name, example] of Object.entries(response.examples)) {
          const parsed = response.schema.safeParse(example.value)
          expect(parsed.success, `${op.operationId} ${status} ${name}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true)
        }
      }
    }
  })

  it('the spec-7 query examples pass or fail the route’s own query schema as documented', async () => {
    const schemas: Record<string, Parameters<typeof parseQuery>[1]> = { getBlogEntries: blogQuerySchema, searchTrips: searchApiQuerySchema }
    for (const [operationId, schema] of Object.entries(schemas)) {
      const { op } = findOperation(doc, operationId)
      for (const name of requestExampleNames(op)) {
        const { request, status } = exampleRequest(doc, ORIGIN, operationId, name)
        const parsed = parseQuery(request, schema)
        expect(parsed.ok ? 200 : 400, `${operationId}/${name}`).toBe(status)
        if (!parsed.ok) expect(await parsed.response.json()).toEqual(responseExample(op, name))
      }
    }
  })

  it('executed in order against the fresh database, every booking example gives its documented status (and body)', async () => {
    const executed = new Map<string, Set<string>>()
    const run = async (operationId: string, name: string, linked: Record<string, string> = {}) => {
      const { request, status } = exampleRequest(doc, ORIGIN, operationId, name, linked)
      const result = await answer(await send(request))
      expect(result.status, `${operationId}/${name}: ${JSON.stringify(result.body).slice(0, 300)}`).toBe(status)
      expectApiHeaders(result)
      executed.set(operationId, (executed.get(operationId) ?? new Set()).add(name))
      return result
    }
    const example = (operationId: string, name: string) => responseExample(findOperation(doc, operationId).op, name)

    for (const name of ['sitzplan', 'kapazitaet', 'unbekannt', 'ungueltig']) {
      const result = await run('getTripDateAvailability', name)
      expect(result.body).toEqual(example('getTripDateAvailability', name))
    }

    const createdA = await run('createBookingDraft', 'neu')
    const a = linkedValue(doc, 'createBookingDraft', 201, 'saveBookingDraft', 'draftId', createdA.body)
    expect(linkedValue(doc, 'createBookingDraft', 201, 'bookBookingDraft', 'draftId', createdA.body)).toBe(a)
    expect((await run('createBookingDraft', 'unbekannterTermin')).body).toEqual(example('createBookingDraft', 'unbekannterTermin'))

    expect((await run('saveBookingDraft', 'ungueltig', { draftId: a })).body).toEqual(example('saveBookingDraft', 'ungueltig'))
    const saved = await run('saveBookingDraft', 'vollstaendig', { draftId: a })
    const documented = example('saveBookingDraft', 'vollstaendig') as Json
    const withoutTimes = (body: Json) => ({ ...body, draftId: null, expiresAt: null, holds: { ...(body.holds as Json), until: null } })
    expect(withoutTimes(saved.body)).toEqual(withoutTimes(documented))
    expect(saved.body.draftId).toBe(a)

    const b = linkedValue(doc, 'createBookingDraft', 201, 'saveBookingDraft', 'draftId', (await run('createBookingDraft', 'neu')).body)
    expect((await run('saveBookingDraft', 'sitzplatzBelegt', { draftId: b })).body).toEqual(example('saveBookingDraft', 'sitzplatzBelegt'))
    expect((await run('saveBookingDraft', 'unbekannt')).body).toEqual(example('saveBookingDraft', 'unbekannt'))

    expect((await run('bookBookingDraft', 'ohneSchluessel', { draftId: a })).body).toEqual(example('bookBookingDraft', 'ohneSchluessel'))
    expect((await run('bookBookingDraft', 'ohneAgb', { draftId: a })).body).toEqual(example('bookBookingDraft', 'ohneAgb'))
    const changed = await run('bookBookingDraft', 'geaendert', { draftId: a })
    const documentedStale = example('bookBookingDraft', 'geaendert') as Json
    expect({ ...changed.body, current: withoutTimes(changed.body.current as Json) }).toEqual({ ...documentedStale, current: withoutTimes(documentedStale.current as Json) })
    const booked = await run('bookBookingDraft', 'gebucht', { draftId: a })
    expect(booked.body.gesamtpreis).toBe((example('bookBookingDraft', 'gebucht') as Json).gesamtpreis)
    expect(booked.body.bookingNumber).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    const replayed = await run('bookBookingDraft', 'wiederholt', { draftId: a })
    expect(replayed.body).toEqual(booked.body)
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')
    expect((await run('bookBookingDraft', 'unvollstaendig', { draftId: b })).body).toEqual(example('bookBookingDraft', 'unvollstaendig'))
    expect((await run('bookBookingDraft', 'unbekannt')).body).toEqual(example('bookBookingDraft', 'unbekannt'))

    const after = await run('saveBookingDraft', 'nachBuchung', { draftId: a })
    expect(after.body.error).toBe(`Dieser Entwurf wurde bereits gebucht (Buchungsnummer ${String(booked.body.bookingNumber)}).`)

    // Every request example of the booking operations was executed.
    for (const operationId of ['getTripDateAvailability', 'createBookingDraft', 'saveBookingDraft', 'bookBookingDraft']) {
      expect([...(executed.get(operationId) ?? [])].sort(), operationId).toEqual([...requestExampleNames(findOperation(doc, operationId).op)].sort())
    }
  })

  it('openApiDocument is the same document the route serves, with the public origin as server', async () => {
    const served = (await openApiDocument(t.db, { origin: 'https://reisen.example', settings, cacheClearTokenRequired: true })) as unknown as Doc
    checkStructure(served)
    expect(served.servers).toEqual([{ url: 'https://reisen.example', description: 'Diese Website' }])
    const clear = findOperation(served, 'clearCache').op
    expect(documentedStatus(clear, 'ohneToken')).toBe(403)
  })
})

// ---------------------------------------------------------------------------------------------

describe('GET /api/trip-dates/{id}/availability', () => {
  it('a seat-plan date: every seat with its state, free places, rooms, boarding points, zones, add-ons, insurance', async () => {
    const offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
    const first = await answer(await send(new Request(`${ORIGIN}/api/trip-dates/${offer.tripDateId}/availability`)))
    expect(first.status).toBe(200)
    expectApiHeaders(first)
    const body = availabilitySchema.parse(first.body)
    expect(body.seats.map((s) => s.seat)).toEqual(layoutSeats(offer))
    expect(body.seats.every((s) => s.state === 'free')).toBe(true)
    expect(body.freePlaces).toBe(layoutSeats(offer).length)
    expect(body.bookableNow).toBe(true)
    expect(body.roomTypes).toEqual(['DZ', 'EZ'])
    expect(body.boardingPoints.length).toBeGreaterThan(0)
    expect(body.insuranceOffers.length).toBeGreaterThan(0)
    expect(body.services.length).toBeGreaterThan(0)
    expect(body.price).toBe(offer.price)

    // A draft holds two seats: they show as held, and two places fewer are free.
    const seats = layoutSeats(offer).slice(0, 2)
    const id = await newDraftId(offer.tripDateId)
    const put = await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, completeDraft(offer, await storedDraft(id), { travellers: 2, seats })))
    expect(put.status).toBe(200)
    const again = availabilitySchema.parse((await answer(await send(new Request(`${ORIGIN}/api/trip-dates/${offer.tripDateId}/availability`)))).body)
    expect(again.seats.filter((s) => s.state === 'held').map((s) => s.seat)).toEqual(seats)
    expect(again.freePlaces).toBe(layoutSeats(offer).length - 2)
  })

  it('a capacity date (no seat plan): free places from the capacity, no seats', async () => {
    const offer = await takeDate({ seatPlan: false })
    const result = await answer(await send(new Request(`${ORIGIN}/api/trip-dates/${offer.tripDateId}/availability`)))
    expect(result.status).toBe(200)
    const body = availabilitySchema.parse(result.body)
    expect(body.seatPlan).toBeNull()
    expect(body.seats).toEqual([])
    expect(body.freePlaces).toBeGreaterThan(2)
  })

  it('unknown date 404, a malformed id 400, both in German', async () => {
    const unknown = await answer(await send(new Request(`${ORIGIN}/api/trip-dates/999999999/availability`)))
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatch(/Reisetermin/)
    const malformed = await answer(await send(new Request(`${ORIGIN}/api/trip-dates/1e3/availability`)))
    expect(malformed.status).toBe(400)
    expect(malformed.body.issues).toEqual([{ path: 'id', message: expect.stringMatching(/positive ganze Zahl/) }])
  })
})

/** The draft as the server stored it (for building a complete one on top). */
async function storedDraft(id: string): Promise<BookingDraft> {
  const [row] = await t.db.select().from(bookingDrafts).where(eq(bookingDrafts.id, id))
  return row!.data as BookingDraft
}

describe('booking drafts over HTTP', () => {
  let offer: BookingOffer
  beforeAll(async () => {
    offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
  })

  it('POST /api/booking-drafts: 201 with draftId, ISO expiresAt and Location', async () => {
    const before = Date.now()
    const created = await answer(await send(jsonRequest('POST', '/api/booking-drafts', { tripDateId: offer.tripDateId })))
    expect(created.status).toBe(201)
    expectApiHeaders(created)
    expect(Object.keys(created.body).sort()).toEqual(['draftId', 'expiresAt'])
    const body = createdDraftSchema.parse(created.body)
    expect(body.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThanOrEqual(before + settings.draftMinutes * 60_000 - 1000)
    expect(created.headers.get('location')).toBe(`/api/booking-drafts/${body.draftId}`)
  })

  it('POST with a bad tripDateId: 422 naming the field in German', async () => {
    const wrongType = await answer(await send(jsonRequest('POST', '/api/booking-drafts', { tripDateId: 'sieben' })))
    expect(wrongType.status).toBe(422)
    expect(wrongType.body.issues).toEqual([{ path: 'tripDateId', message: expect.stringMatching(/Ungültig|erwartet/i) }])
    const extra = await answer(await send(jsonRequest('POST', '/api/booking-drafts', { tripDateId: offer.tripDateId, agencyId: 4 })))
    expect(extra.status).toBe(422)
  })

  it('PUT with invalid fields: 422 with a German message per path, nothing stored', async () => {
    const id = await newDraftId(offer.tripDateId)
    const before = await storedDraft(id)
    const draft = completeDraft(offer, before, { travellers: 2, seats: layoutSeats(offer).slice(2, 4) })
    const input = JSON.parse(JSON.stringify(draft)) as Json & { allRooms: { teilnehmer: Json[] }[]; payment: Json }
    input.allRooms[0]!.teilnehmer[0]!.email = 42
    input.allRooms[0]!.teilnehmer[1]!.mobility = 'Sänfte'
    input.payment.method = 'bar'
    const result = await answer(await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, input)))
    expect(result.status).toBe(422)
    expectApiHeaders(result)
    expect(result.body.error).toBe('Bitte prüfen Sie die Angaben.')
    const issues = result.body.issues as { path: string; message: string }[]
    expect(issues.map((i) => i.path).sort()).toEqual(['allRooms.0.teilnehmer.0.email', 'allRooms.0.teilnehmer.1.mobility', 'payment.method'])
    for (const issue of issues) expect(issue.message).toMatch(/Ungültig|erwartet|Option/i)
    expect(issues.map((i) => i.message).join(' ')).not.toMatch(/Invalid|expected/)

    // Structural checks of the service: a seat the coach does not have.
    const noSuchSeat = completeDraft(offer, before, { travellers: 2, seats: ['99Z', layoutSeats(offer)[5]!] })
    const seat = await answer(await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, noSuchSeat)))
    expect(seat.status).toBe(422)
    expect(seat.body.issues).toEqual([{ path: 'allRooms.0.teilnehmer.0.seat', message: 'Den Sitzplatz 99Z gibt es in diesem Bus nicht.' }])
    expect(await storedDraft(id)).toEqual(before)
  })

  it('PUT with a seat another draft holds: 409 with the seats and the traveller’s path', async () => {
    const seats = layoutSeats(offer).slice(6, 8)
    const first = await newDraftId(offer.tripDateId)
    const second = await newDraftId(offer.tripDateId)
    expect((await send(jsonRequest('PUT', `/api/booking-drafts/${first}`, completeDraft(offer, await storedDraft(first), { travellers: 2, seats })))).status).toBe(200)
    const other = layoutSeats(offer)[8]!
    const result = await answer(
      await send(jsonRequest('PUT', `/api/booking-drafts/${second}`, completeDraft(offer, await storedDraft(second), { travellers: 2, seats: [other, seats[1]!] }))),
    )
    expect(result.status).toBe(409)
    expectApiHeaders(result)
    expect(result.body.seats).toEqual([seats[1]])
    expect(result.body.issues).toEqual([{ path: 'allRooms.0.teilnehmer.1.seat', message: `Der Sitzplatz ${seats[1]} ist nicht mehr frei.` }])
    expect(result.body.error).toMatch(/nicht mehr frei/)
    // Nothing of the second draft was held.
    const held = await t.db.select().from(seatReservations).where(eq(seatReservations.holdToken, second))
    expect(held).toEqual([])
  })

  it('PUT valid: 200 with the server’s price lines, the holds and no open step (client prices ignored)', async () => {
    const id = await newDraftId(offer.tripDateId)
    const seats = layoutSeats(offer).slice(10, 12)
    const draft = withClientPrices(completeDraft(offer, await storedDraft(id), { travellers: 2, seats, insurance: true }), 1)
    const result = await answer(await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, draft)))
    expect(result.status).toBe(200)
    expectApiHeaders(result)
    const body = savedDraftSchema.parse(result.body)
    expect(body.incompleteStep).toBeNull()
    expect(body.incompleteIssues).toEqual([])
    expect(body.holds.seats).toEqual(seats)
    expect(new Date(body.holds.until!).getTime()).toBeGreaterThan(Date.now() + (settings.holdMinutes - 1) * 60_000)
    expect(body.pricing.lines.filter((l) => l.kind === 'travel')).toHaveLength(2)
    expect(body.pricing.lines.some((l) => l.kind === 'insurance')).toBe(true)
    const sum = body.pricing.lines.reduce((s, l) => s + l.amount, 0)
    expect(body.pricing.gesamtpreis).toBe(sum)
    expect(body.pricing.gesamtpreis).toBeGreaterThan(2 * offer.price - 1)
    expect(body.draft.gesamtpreis).toBe(body.pricing.gesamtpreis)
    expect(travellers(body.draft).map(({ p }) => p.price_per_person)).toEqual(body.pricing.perPerson)
  })

  it('PUT an incomplete draft: 200 naming the first open step and what it lacks', async () => {
    const id = await newDraftId(offer.tripDateId)
    const result = await answer(await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, await storedDraft(id))))
    expect(result.status).toBe(200)
    const body = savedDraftSchema.parse(result.body)
    expect(body.incompleteStep).toBe(1)
    expect(body.incompleteIssues.map((i) => i.path)).toContain('allRooms.0.teilnehmer.0.seat')
  })

  it('unknown and expired drafts are 404; a booked one 410', async () => {
    const unknown = await answer(await send(jsonRequest('PUT', `/api/booking-drafts/${'x'.repeat(43)}`, {})))
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatch(/gibt es nicht oder er ist abgelaufen/)
    const malformed = await answer(await send(jsonRequest('PUT', '/api/booking-drafts/kurz', {})))
    expect(malformed.status).toBe(404)
    const id = await newDraftId(offer.tripDateId)
    await t.db.update(bookingDrafts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(bookingDrafts.id, id))
    expect((await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, {}))).status).toBe(404)
    expect((await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, { acceptAgb: true, acceptPrivacy: true }, { 'Idempotency-Key': newKey() }))).status).toBe(404)
  })
})

describe('POST /api/booking-drafts/{draftId}/book', () => {
  let offer: BookingOffer
  beforeAll(async () => {
    offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
  })
  // A draft made (revision 1) and saved complete (2).
  const accept = { acceptAgb: true, acceptPrivacy: true, referrer: null, revision: 2 }

  async function completeOne(seats: readonly string[]): Promise<string> {
    const id = await newDraftId(offer.tripDateId)
    const response = await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, completeDraft(offer, await storedDraft(id), { travellers: 2, seats })))
    expect(response.status).toBe(200)
    return id
  }

  it('without an Idempotency-Key 400, with a malformed one 400 (German, naming the header)', async () => {
    const id = await completeOne(layoutSeats(offer).slice(0, 2))
    const missing = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, accept)))
    expect(missing.status).toBe(400)
    expectApiHeaders(missing)
    expect(missing.body.issues).toEqual([{ path: 'Idempotency-Key', message: expect.stringMatching(/Idempotency-Key/) }])
    const short = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, accept, { 'Idempotency-Key': 'kurz' })))
    expect(short.status).toBe(400)
    expect(short.body.error).toBe('Der Idempotency-Key muss mindestens 8 Zeichen lang sein.')
  })

  it('an incomplete draft: 422 with the step and the issues of that step', async () => {
    const id = await newDraftId(offer.tripDateId)
    const result = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, { ...accept, revision: 1 }, { 'Idempotency-Key': newKey() })))
    expect(result.status).toBe(422)
    expect(result.body.step).toBe(1)
    expect(result.body.error).toMatch(/Schritt 1 \(Termin und Plätze\)/)
    expect((result.body.issues as { path: string }[]).some((i) => i.path.endsWith('.seat'))).toBe(true)
  })

  it('without consent: 422 per field', async () => {
    const id = await completeOne(layoutSeats(offer).slice(2, 4))
    const result = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, { ...accept, acceptAgb: false, acceptPrivacy: false }, { 'Idempotency-Key': newKey() })))
    expect(result.status).toBe(422)
    expect((result.body.issues as { path: string }[]).map((i) => i.path).sort()).toEqual(['acceptAgb', 'acceptPrivacy'])
  })

  it('complete: 201 { bookingNumber, gesamtpreis }; the same key again: 201 with the same body; another request with it: 422', async () => {
    const id = await completeOne(layoutSeats(offer).slice(4, 6))
    const key = `"${newKey()}"`
    let booked = 0
    const first = await answer(await postBooking({ ...ctx(), afterBooking: () => booked++ }, id, jsonRequest('POST', `/api/booking-drafts/${id}/book`, accept, { 'Idempotency-Key': key })))
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(Object.keys(first.body).sort()).toEqual(['bookingNumber', 'gesamtpreis'])
    const body = bookedSchema.parse(first.body)
    const [row] = await t.db.select().from(bookings).where(eq(bookings.bookingNumber, body.bookingNumber))
    expect(row?.gesamtpreis).toBe(body.gesamtpreis)
    expect(booked).toBe(1)

    const again = await answer(await postBooking({ ...ctx(), afterBooking: () => booked++ }, id, jsonRequest('POST', `/api/booking-drafts/${id}/book`, accept, { 'Idempotency-Key': key })))
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(booked).toBe(1)

    const reused = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, { ...accept, referrer: 'partner' }, { 'Idempotency-Key': key })))
    expect(reused.status).toBe(422)
    expect(reused.body.issues).toEqual([{ path: 'Idempotency-Key', message: expect.stringMatching(/schon für eine andere Anfrage/) }])

    // Another key for the booked draft: 410 with the booking number; saving it again too.
    const otherKey = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, accept, { 'Idempotency-Key': newKey() })))
    expect(otherKey.status).toBe(410)
    expect(otherKey.body.error).toContain(body.bookingNumber)
    expect((await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, {}))).status).toBe(410)
  })

  it('without the revision it books: 422 naming the field, nothing booked', async () => {
    const id = await completeOne(layoutSeats(offer).slice(12, 14))
    const { revision: _revision, ...withoutRevision } = accept
    const result = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, withoutRevision, { 'Idempotency-Key': newKey() })))
    expect(result.status).toBe(422)
    expect((result.body.issues as { path: string }[]).map((i) => i.path)).toEqual(['revision'])
    expect(await t.db.select().from(bookings).where(eq(bookings.draftId, id))).toEqual([])
  })

  it('a draft saved since the revision named: 409 with the draft as it is now, nothing booked; its revision books', async () => {
    const seats = layoutSeats(offer).slice(14, 16)
    const id = await completeOne(seats)
    // Another window changes the booker's town (revision 3).
    const changed = completeDraft(offer, await storedDraft(id), { travellers: 2, seats })
    changed.allRooms[0]!.teilnehmer[0]!.city = 'Detmold'
    const saved = await answer(await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, changed)))
    expect(saved.status).toBe(200)
    expect(saved.body.revision).toBe(3)

    const stale = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, accept, { 'Idempotency-Key': newKey() })))
    expect(stale.status).toBe(409)
    expectApiHeaders(stale)
    expect(stale.body.step).toBe(4)
    expect(stale.body.error).toMatch(/inzwischen geändert.*Gebucht wurde nichts/)
    const current = stale.body.current as Json
    expect(current.revision).toBe(3)
    expect(current.pricing).toEqual(saved.body.pricing)
    expect(await t.db.select().from(bookings).where(eq(bookings.draftId, id))).toEqual([])
    const held = await t.db.select({ seat: seatReservations.seat }).from(seatReservations).where(eq(seatReservations.holdToken, id))
    expect(held.map((r) => r.seat).sort()).toEqual([...seats].sort())

    const booked = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, { ...accept, revision: 3 }, { 'Idempotency-Key': newKey() })))
    expect(booked.status).toBe(201)
    expect(booked.body.gesamtpreis).toBe((saved.body.pricing as Json).gesamtpreis)
  })

  it('a conflict at booking time: 409 with the step to fix', async () => {
    // The draft's hold lapses and another draft takes the seat; booking then fails on step 1.
    const seats = layoutSeats(offer).slice(8, 10)
    const id = await completeOne(seats)
    await t.db.update(seatReservations).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(seatReservations.holdToken, id))
    const other = await newDraftId(offer.tripDateId)
    expect((await send(jsonRequest('PUT', `/api/booking-drafts/${other}`, completeDraft(offer, await storedDraft(other), { travellers: 2, seats })))).status).toBe(200)
    const result = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${id}/book`, accept, { 'Idempotency-Key': newKey() })))
    expect(result.status).toBe(409)
    expect(result.body.step).toBe(1)
    expect(result.body.error).toMatch(/Sitzplatz/)
  })
})

describe('HTTP rules of the booking API', () => {
  let offer: BookingOffer
  beforeAll(async () => {
    offer = await takeDate({ seatPlan: false })
  })

  it('a cookie authenticates nothing: the browser’s draft cookie opens no other path, and no answer sets one', async () => {
    const id = await newDraftId(offer.tripDateId)
    const cookie = { Cookie: `buchung-${offer.tripDateId}=${id}` }
    const unknown = 'y'.repeat(43)
    const put = await answer(await send(jsonRequest('PUT', `/api/booking-drafts/${unknown}`, await storedDraft(id), cookie)))
    expect(put.status).toBe(404)
    expectApiHeaders(put)
    const book = await answer(await send(jsonRequest('POST', `/api/booking-drafts/${unknown}/book`, { acceptAgb: true, acceptPrivacy: true }, { ...cookie, 'Idempotency-Key': newKey() })))
    expect(book.status).toBe(404)
    // And the draft itself is reached by its path alone, with no cookie.
    expect((await send(jsonRequest('PUT', `/api/booking-drafts/${id}`, await storedDraft(id)))).status).toBe(200)
  })

  it('415 unless the body is application/json', async () => {
    const id = await newDraftId(offer.tripDateId)
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const request = new Request(`${ORIGIN}/api/booking-drafts/${id}`, { method: 'PUT', headers: type ? { 'Content-Type': type } : {}, body: '{}' })
      if (!type) request.headers.delete('content-type')
      const result = await answer(await send(request))
      expect(result.status, type).toBe(415)
      expectApiHeaders(result)
      expect(result.body.error).toMatch(/Content-Type: application\/json/)
    }
    const charset = await send(new Request(`${ORIGIN}/api/booking-drafts`, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify({ tripDateId: offer.tripDateId }) }))
    expect(charset.status).toBe(201)
  })

  it('413 for a 70 KB body, declared or streamed without a length', async () => {
    const id = await newDraftId(offer.tripDateId)
    const big = JSON.stringify({ allRooms: [], padding: 'x'.repeat(70 * 1024) })
    const declared = await answer(await send(new Request(`${ORIGIN}/api/booking-drafts/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) }, body: big })))
    expect(declared.status).toBe(413)
    expectApiHeaders(declared)
    expect(declared.body.error).toMatch(/64 KB/)
    const bytes = new TextEncoder().encode(big)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192))
        controller.close()
      },
    })
    const streamed = new Request(`${ORIGIN}/api/booking-drafts/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit)
    expect(streamed.headers.get('content-length')).toBeNull()
    expect((await send(streamed)).status).toBe(413)
  })

  it('400 in German for a body that is not JSON or empty', async () => {
    const id = await newDraftId(offer.tripDateId)
    const broken = await answer(await send(new Request(`${ORIGIN}/api/booking-drafts/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"allRooms": [' })))
    expect(broken.status).toBe(400)
    expect(broken.body).toEqual({ error: 'Der Inhalt der Anfrage ist kein gültiges JSON.', issues: [] })
    const empty = await answer(await send(new Request(`${ORIGIN}/api/booking-drafts`, { method: 'POST', headers: { 'Content-Type': 'application/json' } })))
    expect(empty.status).toBe(400)
  })

  it('another method: 405 with Allow (OPTIONS too: no CORS preflight)', async () => {
    const result = await answer(await bookingApi('test', methodNotAllowed(['PUT'])))
    expect(result.status).toBe(405)
    expect(result.headers.get('allow')).toBe('PUT')
    expectApiHeaders(result)
  })

  it('an unexpected failure: 500 without details, still no-store', async () => {
    const result = await answer(
      await bookingApi('test', async () => {
        throw new Error('secret detail')
      }),
    )
    expect(result.status).toBe(500)
    expect(JSON.stringify(result.body)).not.toContain('secret')
    expectApiHeaders(result)
  })
})
