// The booking boundary for the pages: the draft is found through an HttpOnly cookie per trip date,
// every save and the booking itself go through the same services as the booking API. Reading (the
// route's loader, also on hover and preload) changes nothing; the draft is made by a POST when the
// step page is really opened (issue 23).
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { getCookie, setCookie, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import * as z from 'zod/mini'
import type { BookingDraft } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { paymentSchedule } from '~/lib/booking/payment-terms'
import type { PaymentTerms, ScheduledPayment } from '~/lib/booking/payment-terms'
import type { Pricing } from '~/lib/booking/price'
import type { SeatState } from '~/lib/booking/seat-plan'
import type { BookingStep } from '~/lib/booking/route'
import type { StepIssue } from '~/lib/booking/steps'
import type { BankDetails, BookingSummary } from '~/lib/booking/summary'
import { todayInBerlin } from '~/lib/calendar'
import { PHONE_BOOKING_REFUSED } from '~/lib/office/phone-booking'
import { tripIdSchema } from '~/lib/wishlist'
import { currentRequesterOverLimit, limitCurrentClient, limitCurrentRequester, requestClientAddress } from './http/client-limits.server'
import type { Limited } from './http/client-limits.server'
import { publicOrigin } from './origin.server'
import { currentClerk, currentStaff, needsTwoFactorSetup } from './office/staff.server'
import { getDb } from './runtime.server'
import { eq } from 'drizzle-orm'
import { newDraft } from '~/lib/booking/draft'
import { withBookerFromAccount } from '~/lib/account/profile'
import { priceBooking } from '~/lib/booking/price'
import { firstIncompleteStep } from '~/lib/booking/steps'
import { bookings } from './db/schema'
import { bookDraft, draftRevisionSchema, idempotencyKeySchema } from './services/booking/book.server'
import { createDraft, describeDraft, DRAFT_ID_PATTERN, loadDraft, repairDraft, saveDraft } from './services/booking/drafts.server'
import type { SavedDraft, SaveResult } from './services/booking/drafts.server'
import { currentCustomer } from './account/customer.server'
import { accountProfile } from './account/profile.server'
import { bookingAccess, cookieOptions, grantBookingAccess } from './booking/access.server'
import { offerOf, seatStates, unbookableReason, UNBOOKABLE_MESSAGES } from './services/booking/offer.server'
import { bookingSettings } from './services/booking/runtime.server'
import { afterBooking, confirmationMailWriter } from './services/booking/confirmation.server'
import { loadBookingSummary } from './services/booking/summary.server'
import { PAYMENT_LINK_MESSAGES, giveMandate, loadPaymentRequest } from './services/booking/payments.server'
import type { MandateResult, PaymentRequest } from './services/booking/payments.server'
import { agencyForBooking, checkAgencyToken } from './services/agency/login.server'

const draftCookie = (tripDateId: number) => `buchung-${tripDateId}`

/** Everything a booking step shows: the offer, the draft as the server stored and priced it, the seats. */
export type BookingSession = {
  offer: BookingOffer
  draft: BookingDraft
  /**
   * The stored draft's revision, named by every save and by the booking; null while this browser
   * has no draft for the date yet (the loader shows a new one, the page creates it when opened).
   */
  revision: number | null
  pricing: Pricing
  seatStates: Record<string, SeatState>
  /** ISO time the draft's seat holds end; null without holds. */
  holdsUntil: string | null
  incompleteStep: BookingStep | null
  /** The payments as they would be if the customer booked today. */
  schedule: ScheduledPayment[]
  terms: PaymentTerms
  /** Who collects a SEPA direct debit, for the mandate text. */
  creditor: { name: string; id: string }
}

async function session(draftId: string | null, offer: BookingOffer, saved: Omit<SavedDraft, 'revision'> & { revision: number | null }): Promise<BookingSession> {
  const db = await getDb()
  const settings = await bookingSettings()
  return {
    offer,
    draft: saved.draft,
    revision: saved.revision,
    pricing: saved.pricing,
    seatStates: await seatStates(db, offer, draftId),
    holdsUntil: saved.holdsUntil?.toISOString() ?? null,
    incompleteStep: saved.incompleteStep,
    schedule: paymentSchedule(saved.pricing.gesamtpreis, todayInBerlin(), offer.dateFrom, settings.terms, { dayTrip: offer.durationDays <= 1 }),
    terms: settings.terms,
    creditor: { name: settings.bank.accountHolder, id: settings.bank.creditorId },
  }
}

const tripDateInput = z.object({ tripDateId: tripIdSchema })

/** What the booking pages show for a date: this browser's draft, or the booking it became. */
export type BookingView =
  | { kind: 'draft'; session: BookingSession }
  /** The draft this browser had was booked: Back after booking shows the booking, not an empty form. */
  | { kind: 'booked'; offer: BookingOffer; bookingNumber: string }

/** The booking a draft of this browser became, if it was booked. */
async function bookedFrom(draftId: string): Promise<string | null> {
  if (!DRAFT_ID_PATTERN.test(draftId)) return null
  const db = await getDb()
  const [done] = await db.select({ bookingNumber: bookings.bookingNumber }).from(bookings).where(eq(bookings.draftId, draftId)).limit(1)
  return done?.bookingNumber ?? null
}

/**
 * The booking pages' loader: this browser's draft of the date as stored, or a new one as it would
 * be made (revision null), or the booking the draft became. Reads only: no cookie, no row, no
 * count against the client's limits, so a hover, a preload or a crawler changes nothing (a client
 * with no new drafts left gets its 429 here already). A date that cannot be booked is a 404 with
 * its reason (a customer holding the last seats may finish).
 */
export const loadBooking = createServerFn({ method: 'GET' })
  .validator(tripDateInput)
  .handler(async ({ data }): Promise<BookingView> => {
    const db = await getDb()
    const cookie = getCookie(draftCookie(data.tripDateId)) ?? ''
    const [offer, existing] = await Promise.all([offerOf(db, data.tripDateId), loadDraft(db, cookie)])
    const row = existing && existing.tripDateId === data.tripDateId ? existing : null
    if (offer && !row) {
      const bookingNumber = await bookedFrom(cookie)
      if (bookingNumber) return { kind: 'booked', offer, bookingNumber }
    }
    const reason = await unbookableReason(db, offer)
    if (!offer || (reason !== null && !(reason === 'full' && row))) {
      throw notFound({ data: { message: UNBOOKABLE_MESSAGES[reason ?? 'unknown'] } })
    }
    if (row) return { kind: 'draft', session: await session(row.id, offer, await describeDraft(db, row, offer)) }
    // The page would open a new draft next: a client with none left learns it now (429), not after typing.
    const limited = currentRequesterOverLimit('draft', await clerkId())
    if (limited) throw notFound({ data: { message: limited.message, heading: 'Bitte warten Sie einige Minuten' } })
    const draft = newDraft(offer)
    const pricing = priceBooking(offer, draft)
    return {
      kind: 'draft',
      session: await session(null, offer, {
        draft: { ...draft, gesamtpreis: pricing.gesamtpreis },
        revision: null,
        pricing,
        holdsUntil: null,
        expiresAt: new Date(),
        incompleteStep: firstIncompleteStep(offer, draft),
      }),
    }
  })

export type OpenBookingResult =
  | { kind: 'opened'; session: BookingSession }
  | { kind: 'unavailable'; message: string }

/**
 * Opening a step page: the browser's draft of the date, made on first entry (its cookie set), or
 * the stored one saved again, which refreshes prices, holds and its lifetime. What no longer holds
 * since the last visit (a seat someone else took after the hold lapsed, a voucher used elsewhere
 * meanwhile) is dropped and everything else kept; a draft that still cannot be saved is replaced
 * by a new one, so a customer is never locked out of a date.
 */
export const openBooking = createServerFn({ method: 'POST' })
  .validator(z.extend(tripDateInput, { /** The office opens it for a caller (`?telefon=1`): only with a staff session. */ phone: z.optional(z.boolean()) }))
  .handler(async ({ data }): Promise<OpenBookingResult> => {
    const staff = data.phone ? await currentStaff() : null
    if (data.phone && (!staff || needsTwoFactorSetup(staff))) {
      setResponseStatus(403)
      return { kind: 'unavailable', message: PHONE_BOOKING_REFUSED }
    }
    // The draft becomes the office's phone booking (saveDraft keeps the stored mark from then on).
    const forCaller = <R extends { draft: BookingDraft }>(row: R): R => (staff ? { ...row, draft: { ...row.draft, telefon: true } } : row)
    const db = await getDb()
    // A signed-in customer's new booking starts with their data as the booking person's (DESIGN 13).
    const fromAccount = async <R extends { draft: BookingDraft }>(row: R): Promise<R> => {
      const customer = staff ? null : await currentCustomer()
      const profile = customer ? await accountProfile(db, customer.id) : null
      return profile ? { ...row, draft: withBookerFromAccount(row.draft, profile) } : row
    }
    const settings = await bookingSettings()
    const offer = await offerOf(db, data.tripDateId)
    const existing = await loadDraft(db, getCookie(draftCookie(data.tripDateId)) ?? '')
    const draftRow = existing && existing.tripDateId === data.tripDateId ? existing : null
    const reason = await unbookableReason(db, offer)
    // A customer already holding the last seats may finish; nobody new may start on a full date.
    if (!offer || (reason !== null && !(reason === 'full' && draftRow))) {
      return { kind: 'unavailable', message: UNBOOKABLE_MESSAGES[reason ?? 'unknown'] }
    }
    // A new draft costs a row and, with seats, holds: a crawler following step links must not make
    // thousands. A visit of an existing one counts as a save.
    const limited = limitCurrentRequester(draftRow ? 'save' : 'draft', staff?.id ?? (await clerkId()))
    if (limited) return { kind: 'unavailable', message: limited.message }
    let row = forCaller(draftRow ?? (await fromAccount(await createDraft(db, offer, settings))))
    // Saved on top of the revision just read: a save of another tab in between is kept (then the
    // stored draft is current already and is what this page gets).
    const client = requestClientAddress()
    let saved = await saveDraft(db, row, offer, row.draft, settings, new Date(), row.revision, client)
    if (saved.kind === 'seat-conflict' || saved.kind === 'hold-limit' || saved.kind === 'invalid') {
      saved = await saveDraft(db, row, offer, repairDraft(row.draft, saved), settings, new Date(), row.revision, client)
    }
    if (saved.kind === 'stale') saved = { kind: 'saved', ...saved.current }
    if (saved.kind !== 'saved') {
      row = forCaller(await fromAccount(await createDraft(db, offer, settings)))
      saved = await saveDraft(db, row, offer, row.draft, settings, new Date(), null, client)
    }
    setCookie(draftCookie(data.tripDateId), row.id, cookieOptions(settings.draftMinutes * 60))
    if (saved.kind !== 'saved') throw new Error('a new draft could not be saved')
    return { kind: 'opened', session: await session(row.id, offer, saved) }
  })

/**
 * The signed-in clerk for the booking limits (issue 46, defect 8): the office's phone bookings
 * count per staff member, not against the public limits of the office's address. Asked only
 * where a limit applies; without a staff cookie it costs no database read.
 */
async function clerkId(): Promise<string | null> {
  return (await currentClerk())?.id ?? null
}

export type SaveBookingResult =
  | { kind: 'saved'; session: BookingSession }
  | { kind: 'invalid'; issues: StepIssue[] }
  | { kind: 'seat-conflict'; seats: string[]; seatStates: Record<string, SeatState>; message: string }
  /** The save named an older revision: nothing stored; the draft as it is now, to merge into. */
  | { kind: 'stale'; session: BookingSession }
  | { kind: 'gone'; message: string }
  | Limited

const GONE = 'Ihre Buchungsdaten sind abgelaufen. Bitte beginnen Sie die Buchung neu.'

/**
 * A save over the client's hold limits (issue 24) is answered 429 with Retry-After, and to the
 * page like a seat conflict: the seats it did not take go out of the form, everything else is kept.
 */
async function holdLimited(
  db: Awaited<ReturnType<typeof getDb>>,
  offer: BookingOffer,
  draftId: string,
  result: Extract<SaveResult, { kind: 'hold-limit' }>,
): Promise<SaveBookingResult> {
  setResponseStatus(429)
  setResponseHeader('Retry-After', String(result.retryAfterSeconds))
  return { kind: 'seat-conflict', seats: result.seats, seatStates: await seatStates(db, offer, draftId), message: result.message }
}

/**
 * Saves the whole draft of this browser on top of the revision it names; prices and holds come
 * back from the server. A save based on an older revision is refused with the current draft.
 */
export const saveBooking = createServerFn({ method: 'POST' })
  .validator(z.extend(tripDateInput, { draft: z.unknown(), revision: draftRevisionSchema }))
  .handler(async ({ data }): Promise<SaveBookingResult> => {
    const limited = limitCurrentRequester('save', await clerkId())
    if (limited) return limited
    const db = await getDb()
    const settings = await bookingSettings()
    const [row, offer] = await Promise.all([loadDraft(db, getCookie(draftCookie(data.tripDateId)) ?? ''), offerOf(db, data.tripDateId)])
    if (!row || !offer || row.tripDateId !== data.tripDateId) return { kind: 'gone', message: GONE }
    const result = await saveDraft(db, row, offer, data.draft, settings, new Date(), data.revision, requestClientAddress())
    switch (result.kind) {
      case 'saved':
        return { kind: 'saved', session: await session(row.id, offer, result) }
      case 'stale':
        // 409 Conflict, as the API answers it: the save was based on an older revision.
        setResponseStatus(409)
        return { kind: 'stale', session: await session(row.id, offer, result.current) }
      case 'hold-limit':
        return holdLimited(db, offer, row.id, result)
      case 'voucher-limit':
        // The voucher field shows the message and takes the code out again; the rest is kept.
        setResponseStatus(429)
        setResponseHeader('Retry-After', String(result.retryAfterSeconds))
        return { kind: 'invalid', issues: result.issues }
      case 'seat-conflict': {
        const seats = result.seats.join(', ')
        return {
          kind: 'seat-conflict',
          seats: result.seats,
          seatStates: await seatStates(db, offer, row.id),
          message: result.seats.length === 1
            ? `Der Sitzplatz ${seats} wurde soeben von jemand anderem gewählt. Bitte wählen Sie einen anderen Platz – Ihre übrigen Angaben bleiben erhalten.`
            : `Die Sitzplätze ${seats} wurden soeben von jemand anderem gewählt. Bitte wählen Sie andere Plätze – Ihre übrigen Angaben bleiben erhalten.`,
        }
      }
      case 'invalid':
        return result
      case 'gone':
        return { kind: 'gone', message: GONE }
    }
  })

/**
 * "Reservierung verlängern" (WCAG 2.2.1): saves the stored draft again, which extends its seat
 * holds (up to their maximum) and its lifetime.
 */
export const extendBookingHold = createServerFn({ method: 'POST' })
  .validator(tripDateInput)
  .handler(async ({ data }): Promise<SaveBookingResult> => {
    const limited = limitCurrentRequester('save', await clerkId())
    if (limited) return limited
    const db = await getDb()
    const [row, offer] = await Promise.all([loadDraft(db, getCookie(draftCookie(data.tripDateId)) ?? ''), offerOf(db, data.tripDateId)])
    if (!row || !offer || row.tripDateId !== data.tripDateId) return { kind: 'gone', message: GONE }
    // On top of the revision just read, so that a save of another tab in between is never undone.
    const result = await saveDraft(db, row, offer, row.draft, await bookingSettings(), new Date(), row.revision, requestClientAddress())
    if (result.kind === 'hold-limit') return holdLimited(db, offer, row.id, result)
    if (result.kind === 'saved') return { kind: 'saved', session: await session(row.id, offer, result) }
    if (result.kind === 'stale') return { kind: 'stale', session: await session(row.id, offer, result.current) }
    return { kind: 'gone', message: GONE }
  })

export type SubmitBookingResult =
  /** agencyNotice: the agency token did not hold, so this is an ordinary customer's booking. */
  | { kind: 'booked'; bookingNumber: string; signature: string; agencyNotice: string | null }
  | { kind: 'incomplete'; step: BookingStep; issues: StepIssue[] }
  | { kind: 'invalid'; issues: StepIssue[] }
  | { kind: 'conflict'; step: BookingStep; message: string }
  /** The draft changed since the revision the page showed: nothing booked; the draft as it is now. */
  | { kind: 'stale'; message: string; session: BookingSession }
  | { kind: 'gone'; message: string }
  | Limited

/**
 * "zahlungspflichtig buchen": books this browser's draft once, whatever the number of clicks, and
 * only in the revision whose summary the page showed.
 */
export const submitBooking = createServerFn({ method: 'POST' })
  .validator(
    z.extend(tripDateInput, {
      idempotencyKey: idempotencyKeySchema,
      /** The draft's revision the page showed (its summary and price). */
      revision: draftRevisionSchema,
      acceptAgb: z.boolean(),
      acceptPrivacy: z.boolean(),
      referrer: z.nullable(z.string().check(z.maxLength(200))),
      /** Agency staff: the signed token of their login card and the AgenturId the browser stored (DESIGN 7). */
      agencyToken: z.optional(z.string().check(z.maxLength(1024))),
      agenturId: z.optional(z.string().check(z.maxLength(40))),
    }),
  )
  .handler(async ({ data }): Promise<SubmitBookingResult> => {
    // A draft the office marked as a phone booking is booked with the signed-in clerk (bookDraft
    // refuses it without one and ignores an agency for it); a clerk's bookings count as theirs.
    const staff = await currentClerk()
    const clerk = staff ? { id: staff.id, name: staff.name } : null
    const limited = limitCurrentRequester('book', clerk?.id ?? null)
    if (limited) return limited
    const db = await getDb()
    const settings = await bookingSettings()
    const draftId = getCookie(draftCookie(data.tripDateId)) ?? ''
    const origin = publicOrigin()
    const agency = agencyForBooking(await checkAgencyToken(db, settings.linkSecret, data.agencyToken, { agenturId: data.agenturId ?? null }))
    const result = await bookDraft(
      db,
      draftId,
      data.idempotencyKey,
      { acceptAgb: data.acceptAgb, acceptPrivacy: data.acceptPrivacy, referrer: data.referrer },
      settings,
      {
        onBooked: confirmationMailWriter(settings, origin),
        agencyId: agency.agencyId,
        revision: data.revision,
        staff: clerk,
      },
    )
    // A phone booking sent without a clerk (signed out meanwhile, or forged): refused, nothing booked.
    if (result.kind === 'invalid' && result.issues.some((issue) => issue.path === 'telefon')) setResponseStatus(403)
    switch (result.kind) {
      case 'booked': {
        const signature = await grantBookingAccess(result.bookingNumber)
        if (!result.replayed) afterBooking()
        return { kind: 'booked', bookingNumber: result.bookingNumber, signature, agencyNotice: agency.notice }
      }
      case 'key-reused':
        return { kind: 'invalid', issues: [{ path: 'idempotencyKey', message: 'Diese Anfrage wurde schon mit anderen Angaben gesendet.' }] }
      case 'stale':
        // 409 Conflict, as the API answers it: nothing booked, the draft changed since it was shown.
        setResponseStatus(409)
        return { kind: 'stale', message: result.message, session: await session(draftId, result.offer, result.current) }
      default:
        return result
    }
  })

/**
 * The success page's booking; unknown or not this browser's (and no valid signature): 404; a link
 * past its last day: 410 with the office's phone.
 */
export const fetchBookingConfirmation = createServerFn({ method: 'GET' })
  .validator(z.object({ bookingNumber: z.string(), sig: z.optional(z.string()) }))
  .handler(async ({ data }): Promise<BookingSummary & { bank: BankDetails }> => {
    const access = await bookingAccess(data.bookingNumber, data.sig)
    if (access.kind === 'denied') throw notFound()
    if (access.kind === 'expired') {
      setResponseStatus(410)
      throw notFound({ data: { heading: 'Link abgelaufen', message: access.message } })
    }
    const settings = await bookingSettings()
    const stored = await loadBookingSummary(await getDb(), data.bookingNumber, settings, publicOrigin())
    if (!stored) throw notFound()
    return { ...stored.summary, bank: settings.bank }
  })

// No length limit here: a mangled link must be a German 404 (the handlers check), not a failed validation.
const paymentLinkInput = z.object({ data: z.string() })

/** /payment/{data}: what is due for the signed link; a tampered, unknown or expired link is a 404 with its reason. */
export const fetchPaymentRequest = createServerFn({ method: 'GET' })
  .validator(paymentLinkInput)
  .handler(async ({ data }): Promise<PaymentRequest & { bank: Omit<BankDetails, 'creditorId'> }> => {
    const settings = await bookingSettings()
    const request = await loadPaymentRequest(await getDb(), settings, data.data)
    if (typeof request === 'string') throw notFound({ data: { message: PAYMENT_LINK_MESSAGES[request] } })
    const { accountHolder, iban, bic, bankName } = settings.bank
    return { ...request, bank: { accountHolder, iban, bic, bankName } }
  })

/** A SEPA direct-debit mandate instead of a transfer, stored with its time and text. */
export const submitPaymentMandate = createServerFn({ method: 'POST' })
  .validator(z.extend(paymentLinkInput, { iban: z.string().check(z.maxLength(60)), accountHolder: z.string().check(z.maxLength(140)), accept: z.boolean() }))
  .handler(async ({ data }): Promise<MandateResult | Limited> => {
    const limited = limitCurrentClient('book')
    if (limited) return limited
    const { data: link, ...input } = data
    return giveMandate(await getDb(), await bookingSettings(), link, input)
  })
