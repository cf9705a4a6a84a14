// Booking drafts on the server (DESIGN 6): created on entry, saved at every step with the seat
// holds kept in step, priced by the one price function, and deleted with their personal data and
// holds when they expire. The browser reaches its draft through an HttpOnly cookie, the API
// through the draftId; both are the same unguessable id. Every save that changes the draft raises
// its revision; a save based on an older revision is refused with the current draft (issue 23).
import { createHmac, randomBytes } from 'node:crypto'
import * as z from 'zod/mini'
import { and, eq, gt, inArray, lt, sql, TransactionRollbackError } from 'drizzle-orm'
import { dateSeatShare, holdLimitMessage } from '~/lib/booking/hold-limits'
import type { HoldLimit } from '~/lib/booking/hold-limits'
import { bookingDraftSchema, newDraft, travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { priceBooking } from '~/lib/booking/price'
import type { CheckedVoucher, Pricing } from '~/lib/booking/price'
import { normaliseVoucherCode } from '~/lib/booking/rules'
import { sellableSeats } from '~/lib/booking/seat-plan'
import { firstIncompleteStep } from '~/lib/booking/steps'
import type { BookingStep } from '~/lib/booking/route'
import type { StepIssue } from '~/lib/booking/steps'
import { VOUCHER_GUESSES_MESSAGE, voucherNotAccepted, voucherNotNeeded, voucherProblem } from '~/lib/booking/vouchers'
import type { VoucherRow } from '~/lib/booking/vouchers'
import { todayInBerlin } from '~/lib/calendar'
import type { Database } from '../../db/database.server'
import { inOrder, queryRows } from '../../db/query.server'
import { bookingDrafts, seatHoldStarts, seatReservations, vouchers } from '../../db/schema'
import { holdLapsed, reservationState } from './seat-reservation.server'
import { clientFailures } from '../../http/client-limits.server'
import type { BookingSettings } from './settings.server'

export const DRAFT_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function newDraftId(): string {
  return randomBytes(32).toString('base64url')
}

const minutes = (n: number) => n * 60_000

export type DraftRow = {
  id: string
  tripDateId: number
  draft: BookingDraft
  /** Raised by every save that changes the draft; saves and bookings name the one they are based on. */
  revision: number
  agencyId: number | null
  expiresAt: Date
}

/** A new draft for a date: one double room (or two day-trip travellers), nothing else chosen. */
export async function createDraft(db: Database, offer: BookingOffer, settings: BookingSettings, now = new Date()): Promise<DraftRow> {
  const row = {
    id: newDraftId(),
    tripDateId: offer.tripDateId,
    draft: normaliseDraft(newDraft(offer), priceBooking(offer, newDraft(offer))),
    revision: 1,
    agencyId: null,
    expiresAt: new Date(now.getTime() + minutes(settings.draftMinutes)),
  }
  await db.insert(bookingDrafts).values({ id: row.id, tripDateId: row.tripDateId, data: row.draft, revision: row.revision, expiresAt: row.expiresAt })
  return row
}

/** The draft behind an id, or null when there is none or it has expired. */
export async function loadDraft(db: Database, id: string, now = new Date()): Promise<DraftRow | null> {
  if (!DRAFT_ID_PATTERN.test(id)) return null
  const [row] = await db
    .select()
    .from(bookingDrafts)
    .where(and(eq(bookingDrafts.id, id), gt(bookingDrafts.expiresAt, now)))
    .limit(1)
  if (!row) return null
  const draft = bookingDraftSchema.safeParse(row.data)
  if (!draft.success) return null
  return { id: row.id, tripDateId: row.tripDateId, draft: draft.data, revision: row.revision, agencyId: row.agencyId, expiresAt: row.expiresAt }
}

/**
 * Checks the draft's vouchers against the table; the first problem per code, by position, in the
 * words of `problemOf` (the booking tells why a code it had accepted no longer applies).
 */
export async function checkVouchers(
  db: Pick<Database, 'select'>,
  codes: readonly string[],
  today = todayInBerlin(),
  problemOf: (code: string, row: VoucherRow | null, today: string) => string | null = voucherProblem,
): Promise<{ checked: CheckedVoucher[]; issues: StepIssue[]; ids: number[] }> {
  if (codes.length === 0) return { checked: [], issues: [], ids: [] }
  const rows = await db
    .select()
    .from(vouchers)
    .where(inArray(vouchers.einloesecode, [...codes]))
  const byCode = new Map(rows.map((r) => [r.einloesecode, r]))
  const checked: CheckedVoucher[] = []
  const issues: StepIssue[] = []
  const ids: number[] = []
  codes.forEach((code, i) => {
    const row = byCode.get(code) ?? null
    const problem = problemOf(code, row, today)
    if (problem || !row) issues.push({ path: `vouchers.${i}.einloesecode`, message: problem ?? '' })
    else {
      checked.push({ einloesecode: code, value: row.value })
      ids.push(row.id)
    }
  })
  return { checked, issues, ids }
}

/** The server's own fields: names shown, prices per person and the total. */
export function normaliseDraft(draft: BookingDraft, pricing: Pricing): BookingDraft {
  let i = 0
  return {
    ...draft,
    allRooms: draft.allRooms.map((room) => ({
      ...room,
      teilnehmer: room.teilnehmer.map((p) => ({
        ...p,
        showName: [p.firstname.trim(), p.lastname.trim()].filter(Boolean).join(' '),
        price_per_person: pricing.perPerson[i++] ?? 0,
      })),
    })),
    gesamtpreis: pricing.gesamtpreis,
  }
}

export type SavedDraft = {
  draft: BookingDraft
  /** The draft's revision after the save (unchanged when the save changed nothing). */
  revision: number
  pricing: Pricing
  /** When the draft's seat holds end (null without holds). */
  holdsUntil: Date | null
  expiresAt: Date
  /** The first step that still needs something, or null when the draft can be booked. */
  incompleteStep: BookingStep | null
}

export type SaveResult =
  | ({ kind: 'saved' } & SavedDraft)
  | { kind: 'invalid'; issues: StepIssue[] }
  | { kind: 'seat-conflict'; seats: string[] }
  /** The save was based on an older revision: nothing stored; `current` is the draft as it is now. */
  | { kind: 'stale'; current: SavedDraft }
  /** The client would hold more seats than it may (issue 24): these newly picked seats were not taken. */
  | { kind: 'hold-limit'; seats: string[]; message: string; retryAfterSeconds: number }
  /** Too many wrong voucher codes from this client or in this draft (issue 24): the new codes were not looked at. */
  | { kind: 'voucher-limit'; issues: StepIssue[]; retryAfterSeconds: number }
  | { kind: 'gone' }

/**
 * The client that holds seats, as the database keeps it: an HMAC of its address under its own
 * purpose, which nobody can turn back into the address without the secret.
 */
export function holdClientKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`seat-holds\n${address}`).digest('base64url')
}

/**
 * The limits on wrong voucher codes, per draft and per client (without a client, per draft only):
 * how long until new codes are looked at again (0: now), and `failed` to count one wrong code.
 */
function voucherGuesses(draftId: string, clientAddress: string | null): { retryAfterSeconds: number; failed: () => void } {
  const limits = [clientFailures('voucherGuessDraft', draftId), ...(clientAddress === null ? [] : [clientFailures('voucherGuess', clientAddress)])]
  return {
    retryAfterSeconds: Math.max(0, ...limits.map((l) => (l.blocked.ok ? 0 : l.blocked.retryAfterSeconds))),
    failed: () => limits.forEach((l) => l.failed()),
  }
}

/** What a save knows of the client for the hold limits: its key and how many seats it and the date allow. */
type HoldClient = { key: string; cap: number; share: number; sellable: number }
type HoldsOverLimit = { seats: string[]; limit: HoldLimit; retryAfterSeconds: number }

function structuralIssues(offer: BookingOffer, draft: BookingDraft): StepIssue[] {
  const issues: StepIssue[] = []
  const seats = offer.seatPlan ? sellableSeats(offer.seatPlan) : null
  const taken = new Set<string>()
  for (const { p, roomIndex, participantIndex } of travellers(draft)) {
    if (p.seat === null) continue
    const path = `allRooms.${roomIndex}.teilnehmer.${participantIndex}.seat`
    if (!seats || !seats.has(p.seat)) issues.push({ path, message: `Den Sitzplatz ${p.seat} gibt es in diesem Bus nicht.` })
    else if (taken.has(p.seat)) issues.push({ path, message: `Der Sitzplatz ${p.seat} ist schon für eine andere Person gewählt.` })
    taken.add(p.seat)
  }
  draft.allRooms.forEach((room, i) => {
    if (!offer.roomTypes.includes(room.type))
      issues.push({ path: `allRooms.${i}.type`, message: 'Diese Zimmerart gibt es für diesen Termin nicht.' })
  })
  return issues
}

/**
 * Holds exactly the wanted seats for the draft: releases the others, takes free seats and seats
 * whose other holder's hold lapsed, and extends every own hold by the hold time, at most to the
 * maximum after the seat was first held by this draft or this client (remembered in
 * seat_hold_starts, so dropping a seat and picking it again never restarts the maximum). An own
 * hold past that maximum is not renewed: the seat stays the draft's until somebody else picks it
 * (then this draft gets a seat conflict).
 * With a client, its holds are counted under a lock per client in the same transaction: seats
 * this save took beyond the client's cap or the date's share come back in `over` (the caller
 * rolls back), so parallel saves of one client can never hold more together.
 * Returns the wanted seats it could not get (someone else holds or booked them).
 */
async function syncHolds(
  tx: Pick<Database, 'execute'>,
  draftId: string,
  tripDateId: number,
  wanted: readonly string[],
  settings: BookingSettings,
  now: Date,
  client: HoldClient | null,
): Promise<{ missing: string[]; until: Date | null; over: HoldsOverLimit | null }> {
  // Seat labels were checked against the seat plan (letters and digits only), so the array literal is safe.
  const list = sql`${`{${wanted.join(',')}}`}::text[]`
  const clientHolder = client ? `client:${client.key}` : null
  const holders = sql`${`{${[draftId, ...(clientHolder ? [clientHolder] : [])].join(',')}}`}::text[]`
  const until = new Date(now.getTime() + minutes(settings.holdMinutes))
  const at = now.toISOString()
  // Sent together: PostgreSQL runs them in this order on the transaction's connection, without a
  // round trip each. The insert takes seats only for a draft that is still there (the caller's
  // update of the draft, sent before, found it or not).
  const [, , , inserted, , rows, counts] = await Promise.all([
    client ? inOrder(tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`seat-holds ${client.key}`}, 0))`)) : null,
    inOrder(tx.execute(sql`delete from seat_reservations where hold_token = ${draftId} and not (seat = any(${list}))`)),
    inOrder(
      tx.execute(sql`
      delete from seat_reservations
      where trip_date_id = ${tripDateId} and seat = any(${list}) and hold_token <> ${draftId} and ${holdLapsed(now)}`),
    ),
    queryRows(
      tx,
      sql`insert into seat_reservations (trip_date_id, seat, hold_token, held_until, client_key, created_at)
      select ${tripDateId}, s, ${draftId}, ${until.toISOString()}::timestamptz, ${client?.key ?? null}, ${at}::timestamptz from unnest(${list}) as s
      where exists (select 1 from booking_drafts where id = ${draftId})
      on conflict on constraint seat_reservations_trip_date_seat_unique do nothing
      returning seat`,
      z.object({ seat: z.string() }),
    ),
    inOrder(
      tx.execute(sql`
      insert into seat_hold_starts (trip_date_id, seat, holder, started_at)
      select r.trip_date_id, r.seat, h, r.created_at from seat_reservations r cross join unnest(${holders}) as h
      where r.hold_token = ${draftId}
      on conflict on constraint seat_hold_starts_pk do nothing`),
    ),
    queryRows(
      tx,
      sql`update seat_reservations r
          set held_until = least(
            ${until.toISOString()}::timestamptz,
            (select least(r.created_at, min(s.started_at)) from seat_hold_starts s
             where s.trip_date_id = r.trip_date_id and s.seat = r.seat
               and (s.holder = any(${holders}) or s.holder = 'client:' || r.client_key))
              + make_interval(mins => ${settings.holdMaxMinutes}))
          where hold_token = ${draftId}
          returning seat, held_until`,
      z.object({ seat: z.string(), held_until: z.union([z.string(), z.date()]) }),
    ),
    client
      ? queryRows(
          tx,
          sql`select count(*)::int as total, (count(*) filter (where trip_date_id = ${tripDateId}))::int as on_date, min(held_until) as first_end
              from seat_reservations
              where client_key = ${client.key} and hold_token is not null and held_until > ${at}::timestamptz`,
          z.object({ total: z.number(), on_date: z.number(), first_end: z.nullable(z.union([z.string(), z.date()])) }),
        )
      : null,
  ])
  const mine = new Set(rows.map((r) => r.seat))
  const ends = rows.map((r) => new Date(r.held_until).getTime())
  const missing = wanted.filter((s) => !mine.has(s))
  let over: HoldsOverLimit | null = null
  const count = counts?.[0]
  if (client && count) {
    const overCap = count.total - client.cap
    const overShare = count.on_date - client.share
    const excess = Math.max(overCap, overShare)
    // Only what this save newly took and holds now can be given back; holds taken before stay.
    const taken = new Set(inserted.map((r) => r.seat))
    const live = new Set(rows.filter((r) => new Date(r.held_until) > now).map((r) => r.seat))
    const fresh = wanted.filter((s) => taken.has(s) && live.has(s))
    if (excess > 0 && fresh.length > 0) {
      const firstEnd = count.first_end ? new Date(count.first_end).getTime() : now.getTime()
      over = {
        seats: fresh.slice(Math.max(0, fresh.length - excess)),
        limit: overCap >= overShare ? { kind: 'client', cap: client.cap } : { kind: 'date', share: client.share, seats: client.sellable },
        retryAfterSeconds: Math.max(1, Math.ceil((firstEnd - now.getTime()) / 1000)),
      }
    }
  }
  return { missing, until: ends.length ? new Date(Math.min(...ends)) : null, over }
}

/**
 * Saves the whole draft. Nothing is stored when the input is invalid, a wanted seat is taken
 * (the client keeps its entries and shows the refreshed plan) or the save is based on an older
 * revision than the stored one (`basedOn`; the answer carries the current draft, which the client
 * merges its entries into); otherwise the holds follow the chosen seats, the prices are the
 * server's and the revision rises when the stored draft changed. Without `basedOn` (the server's
 * own re-save of what it stored, an API client that sends no revision) the save applies to
 * whatever is stored.
 */
export async function saveDraft(
  db: Database,
  row: Pick<DraftRow, 'id' | 'draft'>,
  offer: BookingOffer,
  input: unknown,
  settings: BookingSettings,
  now = new Date(),
  basedOn: number | null = null,
  /** The client's address (the per-client hold limits); null only where no client asks (tests of other rules). */
  clientAddress: string | null = null,
): Promise<SaveResult> {
  const parsed = bookingDraftSchema.safeParse(input)
  if (!parsed.success) {
    return { kind: 'invalid', issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) }
  }
  const codes = [...new Set(parsed.data.vouchers.map((v) => normaliseVoucherCode(v.einloesecode)).filter(Boolean))]
  // Whether the office takes it on the phone is the stored draft's (set by openBooking for a clerk).
  const draft: BookingDraft = { ...parsed.data, telefon: row.draft.telefon, vouchers: codes.map((einloesecode) => ({ einloesecode })) }
  if (!offer.seatPlan) for (const { p } of travellers(draft)) p.seat = null
  const issues = structuralIssues(offer, draft)
  // Codes the stored draft does not have yet are being entered now: they count against the
  // limit on wrong codes, and whatever is wrong with one gets the same answer (issue 24).
  const stored = new Set(row.draft.vouchers.map((v) => normaliseVoucherCode(v.einloesecode)))
  const entered = codes.map((code, i) => ({ code, i })).filter(({ code }) => !stored.has(code))
  const guesses = entered.length ? voucherGuesses(row.id, clientAddress) : null
  if (guesses && guesses.retryAfterSeconds > 0) {
    const issues = entered.map(({ i }) => ({ path: `vouchers.${i}.einloesecode`, message: VOUCHER_GUESSES_MESSAGE }))
    return { kind: 'voucher-limit', issues, retryAfterSeconds: guesses.retryAfterSeconds }
  }
  const voucherCheck = await checkVouchers(db, codes, todayInBerlin(now), (code, voucher, today) => {
    const problem = voucherProblem(code, voucher, today)
    return problem && !stored.has(code) ? voucherNotAccepted(code) : problem
  })
  const wrong = entered.filter(({ i }) => voucherCheck.issues.some((issue) => issue.path === `vouchers.${i}.einloesecode`)).length
  for (let n = 0; n < wrong; n++) guesses?.failed()
  issues.push(...voucherCheck.issues)
  if (issues.length) return { kind: 'invalid', issues }
  const pricing = priceBooking(offer, draft, voucherCheck.checked)
  const unneeded = pricing.lines.filter((l) => l.kind === 'voucher' && l.amount === 0)
  if (unneeded.length) {
    return {
      kind: 'invalid',
      issues: unneeded.map((l) => {
        const code = l.label.replace(/^Gutschein /, '')
        return { path: `vouchers.${codes.indexOf(code)}.einloesecode`, message: voucherNotNeeded(code) }
      }),
    }
  }
  const normalised = normaliseDraft(draft, pricing)
  const wanted = travellers(normalised).flatMap(({ p }) => (p.seat ? [p.seat] : []))
  const expiresAt = new Date(now.getTime() + minutes(settings.draftMinutes))
  const sellable = offer.seatPlan ? sellableSeats(offer.seatPlan).size : 0
  const client: HoldClient | null =
    clientAddress === null
      ? null
      : { key: holdClientKey(settings.linkSecret, clientAddress), cap: settings.clientSeatCap, share: dateSeatShare(sellable), sellable }

  let missed = false
  let over: HoldsOverLimit | null = null
  return db
    .transaction(async (tx) => {
      // The draft's update and its holds, sent together (see syncHolds). The update waits for a
      // save of the same draft running at once and then finds the revision raised: it is refused.
      const [updated, holds] = await Promise.all([
        inOrder(
          tx
            .update(bookingDrafts)
            .set({
              data: normalised,
              updatedAt: now,
              expiresAt,
              revision: sql`${bookingDrafts.revision} + (${bookingDrafts.data} is distinct from ${JSON.stringify(normalised)}::jsonb)::int`,
            })
            .where(
              and(
                eq(bookingDrafts.id, row.id),
                gt(bookingDrafts.expiresAt, now),
                basedOn === null ? undefined : eq(bookingDrafts.revision, basedOn),
              ),
            )
            .returning({ revision: bookingDrafts.revision }),
        ),
        syncHolds(tx, row.id, offer.tripDateId, wanted, settings, now, wanted.length ? client : null),
      ])
      const revision = updated[0]?.revision
      if (revision === undefined) {
        missed = true
        tx.rollback()
      }
      if (holds.missing.length) tx.rollback()
      if (holds.over) {
        over = holds.over
        tx.rollback()
      }
      return {
        kind: 'saved',
        draft: normalised,
        revision: revision ?? 0,
        pricing,
        holdsUntil: holds.until,
        expiresAt,
        incompleteStep: firstIncompleteStep(offer, normalised),
      } as const
    })
    .catch(async (error: unknown): Promise<SaveResult> => {
      if (!isRollback(error)) throw error
      if (over) {
        return { kind: 'hold-limit', seats: over.seats, message: holdLimitMessage(over.limit), retryAfterSeconds: over.retryAfterSeconds }
      }
      if (!missed) return seatConflict(db, row.id, offer.tripDateId, wanted, now)
      // No row with that revision: the draft is gone, or it was saved since the revision named.
      const current = await loadDraft(db, row.id, now)
      return current ? { kind: 'stale', current: await describeDraft(db, current, offer, now) } : { kind: 'gone' }
    })
}

/**
 * A stored draft as a save would answer it, without writing anything: its prices (vouchers that
 * no longer hold left out), its holds and the first incomplete step. For reading a draft (the
 * booking page's loader, the answer to a save or booking based on an older revision).
 */
export async function describeDraft(db: Database, row: DraftRow, offer: BookingOffer, now = new Date()): Promise<SavedDraft> {
  const [voucherCheck, holds] = await Promise.all([
    checkVouchers(
      db,
      row.draft.vouchers.map((v) => v.einloesecode),
      todayInBerlin(now),
    ),
    db
      .select({ until: sql<string | Date | null>`min(${seatReservations.heldUntil})` })
      .from(seatReservations)
      .where(and(eq(seatReservations.holdToken, row.id), gt(seatReservations.heldUntil, now))),
  ])
  const pricing = priceBooking(offer, row.draft, voucherCheck.checked)
  const until = holds[0]?.until
  return {
    draft: row.draft,
    revision: row.revision,
    pricing,
    holdsUntil: until ? new Date(until) : null,
    expiresAt: row.expiresAt,
    incompleteStep: firstIncompleteStep(offer, row.draft),
  }
}

// tx.rollback() throws a TransactionRollbackError whose name is 'DrizzleError', so match the class.
/**
 * The draft without what a save refused: the seats others have, seats and vouchers named in the
 * issues, rooms of a type the date no longer offers.
 */
export function repairDraft(draft: BookingDraft, refused: Extract<SaveResult, { kind: 'seat-conflict' | 'hold-limit' | 'invalid' }>): BookingDraft {
  const paths = new Set(refused.kind === 'invalid' ? refused.issues.map((i) => i.path) : [])
  const lostSeats = new Set(refused.kind === 'invalid' ? [] : refused.seats)
  return {
    ...draft,
    allRooms: draft.allRooms
      .map((room, r) => ({
        ...room,
        teilnehmer: room.teilnehmer.map((p, t) =>
          p.seat && (lostSeats.has(p.seat) || paths.has(`allRooms.${r}.teilnehmer.${t}.seat`)) ? { ...p, seat: null } : p,
        ),
      }))
      .filter((_, r) => !paths.has(`allRooms.${r}.type`)),
    vouchers: draft.vouchers.filter((_, i) => !paths.has(`vouchers.${i}.einloesecode`)),
  }
}

function isRollback(error: unknown): boolean {
  return error instanceof TransactionRollbackError
}

/** After a rolled-back save: which of the wanted seats others hold or booked. */
async function seatConflict(db: Database, draftId: string, tripDateId: number, wanted: readonly string[], now: Date): Promise<SaveResult> {
  if (wanted.length === 0) return { kind: 'seat-conflict', seats: [] }
  const rows = await db
    .select({ seat: seatReservations.seat, state: reservationState(now, draftId) })
    .from(seatReservations)
    .where(and(eq(seatReservations.tripDateId, tripDateId), inArray(seatReservations.seat, [...wanted])))
  const seats = rows.filter((r) => r.state === 'taken' || r.state === 'held').map((r) => r.seat)
  return { kind: 'seat-conflict', seats }
}

/**
 * Deletes expired drafts (their holds go with them) and lapsed holds; returns how many of each.
 * When a draft or client first held a seat is kept for twice the hold's maximum: within that time
 * a seat held to its maximum is not held again by the same draft or client.
 */
export async function sweepExpired(db: Database, now = new Date(), holdMaxMinutes = 60): Promise<{ drafts: number; holds: number }> {
  const drafts = await db.delete(bookingDrafts).where(lt(bookingDrafts.expiresAt, now)).returning({ id: bookingDrafts.id })
  const holds = await db
    .delete(seatReservations)
    .where(holdLapsed(now))
    .returning({ id: seatReservations.id })
  await db.delete(seatHoldStarts).where(lt(seatHoldStarts.startedAt, new Date(now.getTime() - 2 * minutes(holdMaxMinutes))))
  return { drafts: drafts.length, holds: holds.length }
}
