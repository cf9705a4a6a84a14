// The booking API (DESIGN 4, the operator's "upstream API" for partners and checks): the HTTP
// mapping of the booking services that the pages use through server functions. The routes under
// app/routes/api/ stay thin: they pass the database and the settings in, so these functions run
// in tests against a test database with real Request objects.
//
// Decisions:
// - JSON only. A body must be `Content-Type: application/json` (else 415), at most 64 KB (else
//   413) and well-formed JSON (else 400). Every answer is JSON with `Cache-Control: no-store`.
// - Errors are `{ error, issues: [{ path, message }] }` in German; `path` names the field in the
//   draft as the booking form does ('allRooms.0.teilnehmer.1.seat'). A 409 of the booking adds
//   `step` (the step to fix), a 409 of a save adds `seats` (the seats someone else has).
// - No cookie authenticates anything: the draftId in the path is the only key (the same
//   unguessable id the browser keeps in its HttpOnly cookie). No CORS headers are sent.
// - An unknown or expired draft is 404: expired drafts are deleted with their personal data
//   (DESIGN 6), after which nobody can tell them from drafts that never existed. A draft that was
//   booked is 410, with the booking number.
// - POST …/book needs an `Idempotency-Key` header (IETF draft): missing or malformed 400; the same
//   key with the same request answers the first answer again (201, `Idempotent-Replayed: true`);
//   the same key with another request 422. Its body names the draft's `revision` it books (the one
//   the last save answered): a draft saved since is not booked (409 with the draft as it is now).
import { cleanInput } from '~/lib/control-characters'
import '~/lib/zod-de'
import { eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { BOOKABLE_LABELS } from '~/lib/bookable'
import { bookingDraftSchema, travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import { bookingOfferSchema } from '~/lib/booking/offer'
import type { BookingOffer } from '~/lib/booking/offer'
import { MONEY_DESCRIPTION, pricingSchema } from '~/lib/booking/price'
import type { SeatState } from '~/lib/booking/seat-plan'
import { BOOKING_STEPS } from '~/lib/booking/route'
import { STEP_LABELS, stepIssues } from '~/lib/booking/steps'
import { VOUCHER_GUESSES_MESSAGE } from '~/lib/booking/vouchers'
import type { BookingStep } from '~/lib/booking/route'
import type { StepIssue } from '~/lib/booking/steps'
import { tripIdSchema } from '~/lib/wishlist'
import type { Database } from '../../db/database.server'
import { agencies, bookings } from '../../db/schema'
import { errorFields, log } from '../../log.server'
import { agencyForBooking, checkAgencyToken } from '../agency/login.server'
import { bookDraft, bookRequestSchema, draftRevisionSchema, idempotencyKeySchema } from './book.server'
import type { BookOptions } from './book.server'
import { createDraft, DRAFT_ID_PATTERN, loadDraft, saveDraft } from './drafts.server'
import type { SavedDraft } from './drafts.server'
import { draftWithOffer, freePlaces, offerOf, seatStates, unbookableReason, UNBOOKABLE_MESSAGES } from './offer.server'
import type { BookingSettings } from './settings.server'
import { BODY_TOO_LARGE_MESSAGE, readBodyLimited } from '../../http/body-limit.server'
import { CLIENT_CLOSED_REQUEST } from '../../http/client-closed.server'
import { TOO_MANY_REQUESTS_MESSAGE, requestClientAddress, takeClientBudget } from '../../http/client-limits.server'
import type { LimitScope } from '../../http/client-limits.server'

// ---------------------------------------------------------------------------------------------
// Schemas of what the API answers (they are its TypeScript types and its OpenAPI document).

/** How every price of the API is written (spec 9). */
const money = (what: string) => z.int().check(z.describe(`${what} ${MONEY_DESCRIPTION}`))

export const apiIssueSchema = z.object({
  path: z
    .string()
    .check(
      z.describe(
        "Das Feld, punktgetrennt wie im Entwurf ('allRooms.0.teilnehmer.1.seat'); leer oder ein Name wie 'Idempotency-Key' für die Anfrage selbst.",
      ),
    ),
  message: z.string().check(z.describe('Was zu tun ist, auf Deutsch.')),
})
export type ApiIssue = z.infer<typeof apiIssueSchema>

export const apiErrorSchema = z.object({
  error: z.string().check(z.describe('Der Fehler in einem deutschen Satz.')),
  issues: z.array(apiIssueSchema).check(z.describe('Ein Eintrag je Feld; leer, wenn der Fehler kein einzelnes Feld betrifft.')),
})
export type ApiError = z.infer<typeof apiErrorSchema>

const stepSchema = z
  .literal(BOOKING_STEPS)
  .check(z.describe('Buchungsschritt: 1 Termin und Plätze, 2 Reisende, 3 Versicherung und Zahlung, 4 Prüfen und buchen.'))

export const stepErrorSchema = z.extend(apiErrorSchema, {
  step: stepSchema.check(z.describe('Der Schritt, dessen Angaben zu ändern sind (1 Termin und Plätze, 2 Reisende, 3 Versicherung und Zahlung).')),
})

export const seatConflictSchema = z.extend(apiErrorSchema, {
  seats: z.array(z.string()).check(z.describe('Die gewünschten Sitzplätze, die jemand anderes hält oder gebucht hat.')),
})

const isoTime = z.iso.datetime({ offset: true })

/** Seat states as the API shows them to someone without a draft: a seat is free, held by a draft, or booked. */
export const API_SEAT_STATES = ['free', 'held', 'taken'] as const
type ApiSeatState = (typeof API_SEAT_STATES)[number]
const SEAT_STATE: Record<SeatState, ApiSeatState> = { free: 'free', held: 'held', mine: 'held', taken: 'taken' }

export const availabilitySchema = z.extend(bookingOfferSchema, {
  bookableLabel: z.string().check(z.describe("Der Buchungsstatus in Worten ('Buchbar', 'Nur noch wenige Plätze' …).")),
  bookableNow: z
    .boolean()
    .check(z.describe('Ob der Termin jetzt online gebucht werden kann (kommend, Status 0, 4 oder 5, mindestens ein freier Platz).')),
  unbookableReason: z
    .nullable(z.enum(['past', 'closed', 'full']))
    .check(z.describe('Warum nicht: vergangen, nicht online buchbar, ausgebucht; null, wenn buchbar.')),
  message: z.nullable(z.string()).check(z.describe('Der Grund auf Deutsch, wie ihn die Website zeigt; null, wenn buchbar.')),
  freePlaces: z
    .int()
    .check(
      z.nonnegative(),
      z.describe('Freie Plätze: mit Sitzplan die freien (weder gehaltenen noch gebuchten) Sitze, sonst Kapazität minus gebuchte Reisende.'),
    ),
  seats: z
    .array(z.object({ seat: z.string(), state: z.enum(API_SEAT_STATES) }))
    .check(
      z.describe(
        'Jeder verkäufliche Sitz des Sitzplans mit seinem Zustand (free: frei, held: von einem Entwurf gehalten, taken: gebucht); leer ohne Sitzplan.',
      ),
    ),
})
export type Availability = z.infer<typeof availabilitySchema>

export const createDraftRequestSchema = z.strictObject({ tripDateId: tripIdSchema.check(z.describe('Die Id des Reisetermins (siehe Verfügbarkeit).')) })

export const createdDraftSchema = z.object({
  draftId: z
    .string()
    .check(
      z.regex(DRAFT_ID_PATTERN),
      z.describe(
        'Der Schlüssel des Entwurfs (43 Zeichen, base64url). Wer ihn kennt, kann den Entwurf ändern und buchen: vertraulich behandeln.',
      ),
    ),
  expiresAt: isoTime.check(z.describe('Bis wann der Entwurf ohne Änderung besteht (ISO 8601); jedes Speichern verlängert ihn.')),
})

export const savedDraftSchema = z.object({
  draftId: z.string(),
  tripDateId: z.int(),
  expiresAt: isoTime.check(z.describe('Bis wann der Entwurf ohne weitere Änderung besteht (ISO 8601).')),
  holds: z
    .object({
      seats: z.array(z.string()).check(z.describe('Die Sitze, die der Entwurf hält.')),
      until: z
        .nullable(isoTime)
        .check(
          z.describe(
            'Bis wann die Sitze gehalten werden (ISO 8601); null ohne Sitze. Jedes Speichern verlängert die Haltezeit bis zu ihrem Höchstwert.',
          ),
        ),
    })
    .check(z.describe('Die Sitzplatzreservierungen des Entwurfs.')),
  pricing: pricingSchema.check(z.describe('Vom Server aus der Datenbank neu berechnete Preise; Preise, die der Client sendet, zählen nicht.')),
  incompleteStep: z.nullable(stepSchema).check(z.describe('Der erste Schritt, dem noch etwas fehlt; null, wenn der Entwurf gebucht werden kann.')),
  incompleteIssues: z.array(apiIssueSchema).check(z.describe('Was diesem Schritt fehlt, je Feld.')),
  revision: z
    .int()
    .check(
      z.positive(),
      z.describe('Die Revision des Entwurfs: steigt mit jedem Speichern, das etwas ändert. Die Buchung nennt die Revision, die sie bestätigt.'),
    ),
  draft: bookingDraftSchema.check(z.describe('Der gespeicherte Entwurf (mit showName, price_per_person und gesamtpreis vom Server).')),
})
export type SavedDraftBody = z.infer<typeof savedDraftSchema>

export const bookRequestBodySchema = z.extend(bookRequestSchema, {
  revision: draftRevisionSchema.check(
    z.describe(
      'Die Revision des Entwurfs, deren Preise und Angaben gebucht werden sollen (aus der Antwort des letzten Speicherns). Wurde der Entwurf seitdem geändert, wird nichts gebucht (409 mit dem aktuellen Stand).',
    ),
  ),
})

/** A 409 of the booking: a conflict to fix in `step`, or (`current`) the draft changed since the revision named. */
export const bookConflictSchema = z.extend(stepErrorSchema, {
  current: z
    .optional(savedDraftSchema)
    .check(
      z.describe(
        'Nur wenn der Entwurf seit der genannten Revision geändert wurde: der Entwurf, wie er jetzt ist, mit Preisen und Revision. Nichts wurde gebucht; wer diesen Stand buchen will, sendet dessen Revision.',
      ),
    ),
})

export const bookedSchema = z.object({
  bookingNumber: z.string().check(z.describe("Die Buchungsnummer, z. B. '7K4P-9XQ2'.")),
  gesamtpreis: money('Gesamtpreis der Buchung.'),
  agency: z
    .optional(z.object({ name: z.string() }))
    .check(z.describe('Nur bei einer Buchung mit gültigem Header X-Agency-Token: das Reisebüro, dem sie zugeordnet ist.')),
  agencyNotice: z
    .optional(z.string())
    .check(
      z.describe(
        'Nur wenn ein X-Agency-Token gesendet wurde, das nicht gilt (gefälscht, abgelaufen): die Buchung ist eine Kundenbuchung ohne Reisebüro.',
      ),
    ),
})

// The schemas describe what the services return: these lines fail to compile when they drift.

// ---------------------------------------------------------------------------------------------
// HTTP helpers.

const NO_STORE = 'no-store'

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...headers, 'Cache-Control': NO_STORE } })
}

export function problem(status: number, error: string, issues: readonly ApiIssue[] = [], extra: Record<string, unknown> = {}): Response {
  return json(status, { error, issues: [...issues], ...extra } satisfies ApiError)
}

export const MESSAGES = {
  unsupportedType: 'Bitte senden Sie den Inhalt als JSON mit dem Header „Content-Type: application/json“.',
  badJson: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  emptyBody: 'Die Anfrage enthält keinen Inhalt. Bitte senden Sie ein JSON-Objekt.',
  badEncoding: 'Der Inhalt der Anfrage ist nicht in UTF-8 kodiert.',
  invalid: 'Bitte prüfen Sie die Angaben.',
  draftUnknown: 'Diesen Buchungsentwurf gibt es nicht oder er ist abgelaufen. Bitte legen Sie einen neuen an.',
  keyMissing:
    'Bitte senden Sie einen Idempotency-Key im Header „Idempotency-Key“ (zum Beispiel eine UUID), damit eine wiederholte Anfrage nicht zweimal bucht.',
  keyReused:
    'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet. Bitte verwenden Sie für jede neue Buchung einen neuen Schlüssel.',
  internal: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es in einigen Minuten erneut.',
  methodNotAllowed: (allow: readonly string[]) => `Diese Adresse nimmt nur ${allow.join(', ')} an.`,
  badTripDateId: 'Die Id des Reisetermins muss eine positive ganze Zahl sein.',
  aborted: 'Die Anfrage wurde abgebrochen.',
} as const

type Body = { ok: true; value: unknown } | { ok: false; response: Response }

function isJsonType(contentType: string | null): boolean {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  return media === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(media)
}

/** Reads the JSON body: 415 for another type, 413 above 64 KB (read no further), 400 when it is not JSON. */
export async function readJsonBody(request: Request): Promise<Body> {
  if (!isJsonType(request.headers.get('content-type'))) {
    await request.body?.cancel().catch(() => {})
    return { ok: false, response: problem(415, MESSAGES.unsupportedType) }
  }
  const body = await readBodyLimited(request)
  if (body === 'too-large') return { ok: false, response: problem(413, BODY_TOO_LARGE_MESSAGE) }
  if (body === 'aborted') return { ok: false, response: problem(CLIENT_CLOSED_REQUEST, MESSAGES.aborted) }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body)
  } catch {
    return { ok: false, response: problem(400, MESSAGES.badEncoding) }
  }
  if (text.trim() === '') return { ok: false, response: problem(400, MESSAGES.emptyBody) }
  try {
    // The rule for every text input: control characters are dropped (app/lib/control-characters.ts).
    return { ok: true, value: cleanInput(JSON.parse(text)) }
  } catch {
    return { ok: false, response: problem(400, MESSAGES.badJson) }
  }
}

function zodIssues(error: z.core.$ZodError): ApiIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
}

/**
 * Runs a route's work: every answer carries no-store; an unexpected failure is a logged 500 without
 * details. With a scope the request counts against the client's limit first (429 over it).
 */
export async function bookingApi(name: string, run: () => Promise<Response>, scope?: LimitScope): Promise<Response> {
  let response: Response
  try {
    response = (scope && overLimit(scope)) || (await run())
  } catch (error) {
    log('error', 'api failed', { api: name, ...errorFields(error) })
    response = problem(500, MESSAGES.internal)
  }
  response.headers.set('Cache-Control', NO_STORE)
  return response
}

function overLimit(scope: LimitScope): Response | null {
  const attempt = takeClientBudget(scope, requestClientAddress())
  if (attempt.ok) return null
  return json(429, { error: TOO_MANY_REQUESTS_MESSAGE[scope], issues: [] } satisfies ApiError, {
    'Retry-After': String(attempt.retryAfterSeconds),
  })
}

/** Any other method: 405 with the allowed ones (this also answers OPTIONS: no CORS preflight succeeds). */
export function methodNotAllowed(allow: readonly string[]) {
  return async (): Promise<Response> =>
    json(405, { error: MESSAGES.methodNotAllowed(allow), issues: [] } satisfies ApiError, { Allow: allow.join(', ') })
}

// ---------------------------------------------------------------------------------------------
// The operations.

export type BookingApiContext = {
  db: Database
  settings: BookingSettings
  /** Writes the confirmation mail in the booking's transaction (the route passes the outbox writer). */
  onBooked?: BookOptions['onBooked']
  /** After a new booking committed (the route kicks the outbox worker). */
  afterBooking?: () => void
  now?: () => Date
  /** The client's address, for the per-client seat-hold limits of a save (the route passes the request's). */
  client?: string
}

const nowOf = (ctx: BookingApiContext) => ctx.now?.() ?? new Date()

/** The availability of an offer, as GET /api/trip-dates/{id}/availability answers it. */
export async function availabilityOf(db: Database, offer: BookingOffer, now = new Date()): Promise<Availability> {
  const [states, reason] = await Promise.all([seatStates(db, offer, null, now), unbookableReason(db, offer)])
  const seats = Object.entries(states).map(([seat, state]) => ({ seat, state: SEAT_STATE[state] }))
  const free = offer.seatPlan ? seats.filter((s) => s.state === 'free').length : await freePlaces(db, offer, now)
  const blocking = reason === 'unknown' ? null : reason
  return {
    ...offer,
    bookableLabel: BOOKABLE_LABELS[offer.bookable],
    bookableNow: reason === null,
    unbookableReason: blocking,
    message: blocking ? UNBOOKABLE_MESSAGES[blocking] : null,
    freePlaces: free,
    seats,
  }
}

/** Reads a trip date id from the path: digits only, a positive 32-bit integer. */
export function parseTripDateId(raw: string): number | null {
  if (!/^[0-9]{1,10}$/.test(raw)) return null
  const parsed = tripIdSchema.safeParse(Number(raw))
  return parsed.success ? parsed.data : null
}

/** GET /api/trip-dates/{id}/availability */
export async function getAvailability(ctx: Pick<BookingApiContext, 'db' | 'now'>, id: string): Promise<Response> {
  const tripDateId = parseTripDateId(id)
  if (tripDateId === null)
    return problem(400, `Ungültiger Parameter id: ${MESSAGES.badTripDateId}`, [{ path: 'id', message: MESSAGES.badTripDateId }])
  const offer = await offerOf(ctx.db, tripDateId)
  if (!offer) return problem(404, UNBOOKABLE_MESSAGES.unknown)
  return json(200, await availabilityOf(ctx.db, offer, ctx.now?.() ?? new Date()))
}

/** POST /api/booking-drafts */
export async function postDraft(ctx: BookingApiContext, request: Request): Promise<Response> {
  const body = await readJsonBody(request)
  if (!body.ok) return body.response
  const input = createDraftRequestSchema.safeParse(body.value)
  if (!input.success) return problem(422, MESSAGES.invalid, zodIssues(input.error))
  const offer = await offerOf(ctx.db, input.data.tripDateId)
  const reason = await unbookableReason(ctx.db, offer)
  if (!offer || reason === 'unknown') return problem(422, MESSAGES.invalid, [{ path: 'tripDateId', message: UNBOOKABLE_MESSAGES.unknown }])
  if (reason !== null) return problem(409, UNBOOKABLE_MESSAGES[reason], [{ path: 'tripDateId', message: UNBOOKABLE_MESSAGES[reason] }])
  const row = await createDraft(ctx.db, offer, ctx.settings, nowOf(ctx))
  return json(201, createdDraftBody(row.id, row.expiresAt), { Location: `/api/booking-drafts/${row.id}` })
}

export function createdDraftBody(draftId: string, expiresAt: Date): z.infer<typeof createdDraftSchema> {
  return { draftId, expiresAt: expiresAt.toISOString() }
}

/** A draft that is no more: 410 when it became a booking, else 404 (unknown or expired alike). */
async function missingDraft(db: Database, draftId: string): Promise<Response> {
  if (DRAFT_ID_PATTERN.test(draftId)) {
    const [done] = await db.select({ bookingNumber: bookings.bookingNumber }).from(bookings).where(eq(bookings.draftId, draftId)).limit(1)
    if (done) return problem(410, alreadyBooked(done.bookingNumber))
  }
  return problem(404, MESSAGES.draftUnknown)
}

const alreadyBooked = (bookingNumber: string) => `Dieser Entwurf wurde bereits gebucht (Buchungsnummer ${bookingNumber}).`

export function invalidDraftBody(issues: readonly StepIssue[]): ApiError {
  return { error: MESSAGES.invalid, issues: [...issues] }
}

/** The 409 of a save: which seats others have, and which travellers wanted them. */
export function seatConflictBody(input: unknown, seats: readonly string[]): z.infer<typeof seatConflictSchema> {
  const list = seats.join(', ')
  const error =
    seats.length === 1
      ? `Der Sitzplatz ${list} ist nicht mehr frei. Bitte wählen Sie einen anderen Platz; Ihr Entwurf ist unverändert.`
      : `Die Sitzplätze ${list} sind nicht mehr frei. Bitte wählen Sie andere Plätze; Ihr Entwurf ist unverändert.`
  const parsed = bookingDraftSchema.safeParse(input)
  const taken = new Set(seats)
  const issues = parsed.success
    ? travellers(parsed.data).flatMap(({ p, roomIndex, participantIndex }) =>
        p.seat && taken.has(p.seat)
          ? [{ path: `allRooms.${roomIndex}.teilnehmer.${participantIndex}.seat`, message: `Der Sitzplatz ${p.seat} ist nicht mehr frei.` }]
          : [],
      )
    : []
  return { error, issues, seats: [...seats] }
}

/** The 429 of a save over the client's hold limits: the message, and the travellers whose new seats were not taken. */
export function holdLimitBody(input: unknown, seats: readonly string[], message: string): z.infer<typeof seatConflictSchema> {
  const conflict = seatConflictBody(input, seats)
  return {
    error: message,
    issues: conflict.issues.map((i) => ({ ...i, message: 'Diesen Sitzplatz können Sie zurzeit nicht zusätzlich halten.' })),
    seats: conflict.seats,
  }
}

export function savedDraftBody(draftId: string, tripDateId: number, offer: BookingOffer, saved: SavedDraft): SavedDraftBody {
  const draft: BookingDraft = saved.draft
  return {
    draftId,
    tripDateId,
    expiresAt: saved.expiresAt.toISOString(),
    holds: {
      seats: travellers(draft).flatMap(({ p }) => (p.seat ? [p.seat] : [])),
      until: saved.holdsUntil?.toISOString() ?? null,
    },
    pricing: saved.pricing,
    incompleteStep: saved.incompleteStep,
    incompleteIssues: saved.incompleteStep === null ? [] : stepIssues(saved.incompleteStep, offer, draft),
    revision: saved.revision,
    draft,
  }
}

/** PUT /api/booking-drafts/{draftId} */
export async function putDraft(ctx: BookingApiContext, draftId: string, request: Request): Promise<Response> {
  const body = await readJsonBody(request)
  if (!body.ok) return body.response
  const now = nowOf(ctx)
  const [row, offer] = await draftWithOffer(ctx.db, draftId, now)
  if (!row) return missingDraft(ctx.db, draftId)
  if (!offer) return problem(409, UNBOOKABLE_MESSAGES.unknown, [], { step: 1 })
  const result = await saveDraft(ctx.db, row, offer, body.value, ctx.settings, now, null, ctx.client ?? null)
  switch (result.kind) {
    case 'saved':
      return json(200, savedDraftBody(row.id, row.tripDateId, offer, result))
    case 'hold-limit':
      // 429, not 409: the seats are free, this client may not hold more of them now. Picking other
      // seats (what a 409 asks for) would not help; waiting or booking would (Retry-After).
      return json(429, holdLimitBody(body.value, result.seats, result.message), { 'Retry-After': String(result.retryAfterSeconds) })
    case 'voucher-limit':
      return json(429, { error: VOUCHER_GUESSES_MESSAGE, issues: result.issues } satisfies ApiError, { 'Retry-After': String(result.retryAfterSeconds) })
    case 'invalid':
      return json(422, invalidDraftBody(result.issues))
    case 'seat-conflict':
      return json(409, seatConflictBody(body.value, result.seats))
    case 'stale':
    case 'gone':
      // Without a revision in the request (the API's saves name none), only a draft gone meanwhile.
      return missingDraft(ctx.db, draftId)
  }
}

/** The Idempotency-Key header: a token, or an sf-string in quotes as the IETF draft writes it. */
export function readIdempotencyKey(request: Request): { ok: true; key: string } | { ok: false; response: Response } {
  const raw = request.headers.get('idempotency-key')
  if (raw === null || raw.trim() === '')
    return { ok: false, response: problem(400, MESSAGES.keyMissing, [{ path: 'Idempotency-Key', message: MESSAGES.keyMissing }]) }
  const unquoted = /^\s*"(.*)"\s*$/.exec(raw)?.[1] ?? raw
  const key = idempotencyKeySchema.safeParse(unquoted)
  if (!key.success) {
    const message = key.error.issues[0]?.message ?? MESSAGES.keyMissing
    return { ok: false, response: problem(400, message, [{ path: 'Idempotency-Key', message }]) }
  }
  return { ok: true, key: key.data }
}

/** The 409 of a booking based on an older revision: nothing booked; the draft as it is now. */
export function staleBookingBody(draftId: string, offer: BookingOffer, current: SavedDraft, message: string): z.infer<typeof bookConflictSchema> {
  return { error: message, issues: [], step: 4, current: savedDraftBody(draftId, offer.tripDateId, offer, current) }
}

export function incompleteBody(step: BookingStep, issues: readonly StepIssue[]): z.infer<typeof stepErrorSchema> {
  return {
    error: `Die Buchung ist noch nicht vollständig: Bitte ergänzen Sie Schritt ${step} (${STEP_LABELS[step]}).`,
    issues: [...issues],
    step,
  }
}

/** POST /api/booking-drafts/{draftId}/book */
export async function postBooking(ctx: BookingApiContext, draftId: string, request: Request): Promise<Response> {
  const body = await readJsonBody(request)
  if (!body.ok) return body.response
  const key = readIdempotencyKey(request)
  if (!key.ok) return key.response
  const now = nowOf(ctx)
  const revision = z.object({ revision: bookRequestBodySchema.shape.revision }).safeParse(body.value)
  if (!revision.success) {
    // A draft that is gone is that (404, 410), whatever else the request lacks.
    if (!(await loadDraft(ctx.db, draftId, now))) return missingDraft(ctx.db, draftId)
    return problem(422, MESSAGES.invalid, zodIssues(revision.error))
  }
  // Agency staff send their login card's token; only a token the server verifies attributes the booking.
  const agency = agencyForBooking(
    await checkAgencyToken(ctx.db, ctx.settings.linkSecret, request.headers.get('x-agency-token'), { now: now.getTime() }),
  )
  const result = await bookDraft(ctx.db, draftId, key.key, body.value, ctx.settings, {
    now,
    onBooked: ctx.onBooked,
    agencyId: agency.agencyId,
    revision: revision.data.revision,
  })
  switch (result.kind) {
    case 'booked': {
      if (!result.replayed) ctx.afterBooking?.()
      // The stored booking's agency, so that a replayed answer is the first one (a new booking
      // without a verified agency has none).
      const [booked] =
        result.replayed || agency.agencyId !== null
          ? await ctx.db
              .select({ agency: agencies.name })
              .from(bookings)
              .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
              .where(eq(bookings.bookingNumber, result.bookingNumber))
              .limit(1)
          : []
      const answer: z.infer<typeof bookedSchema> = {
        bookingNumber: result.bookingNumber,
        gesamtpreis: result.gesamtpreis,
        ...(booked ? { agency: { name: booked.agency } } : {}),
        ...(agency.notice ? { agencyNotice: agency.notice } : {}),
      }
      return json(201, answer, result.replayed ? { 'Idempotent-Replayed': 'true' } : {})
    }
    case 'incomplete':
      return json(422, incompleteBody(result.step, result.issues))
    case 'invalid':
      return problem(422, MESSAGES.invalid, result.issues)
    case 'key-reused':
      return problem(422, MESSAGES.keyReused, [{ path: 'Idempotency-Key', message: MESSAGES.keyReused }])
    case 'conflict':
      return problem(409, result.message, [], { step: result.step })
    case 'stale':
      return json(409, staleBookingBody(draftId, result.offer, result.current, result.message))
    case 'gone': {
      // The service says 'gone' for a missing draft, a booked one and a date no longer bookable.
      const row = await loadDraft(ctx.db, draftId, now)
      if (row) return problem(409, result.message, [], { step: 1 })
      return missingDraft(ctx.db, draftId)
    }
  }
}
