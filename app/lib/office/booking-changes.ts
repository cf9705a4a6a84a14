// What the office may change on a booking (DESIGN 11, issue 25 item 4), and the pure rules that
// decide the result: the change applied to the booking as a draft (so that the public booking's
// step rules and its one price function judge it), the price lines it leads to, and the payment
// plan after it. Pure; the server runs it in the change's transaction.
import * as z from 'zod/mini'
import { boardingChoiceSchema } from '../booking/draft'
import type { BookingDraft, Participant } from '../booking/draft'
import type { PriceLine, Pricing } from '../booking/price'
import type { StepIssue } from '../booking/steps'
import { DAYS_TO_PAY_ON_BOOKING } from '../booking/payment-terms'
import { addDays } from '../calendar'
import { MAX_ID } from '../ids'

const name = (what: string) =>
  z.string().check(z.trim(), z.minLength(1, `Bitte geben Sie den ${what} ein.`), z.maxLength(60, `Der ${what} darf höchstens 60 Zeichen lang sein.`))
const serviceIds = z.array(z.number().check(z.int(), z.positive(), z.lte(MAX_ID))).check(z.maxLength(20))
const seat = z.string().check(z.trim(), z.minLength(1), z.maxLength(5))
/** A traveller of the booking, by their place in booking order (0 = the first). */
const traveller = z.number().check(z.int(), z.nonnegative(), z.lte(50))

/** A traveller's name as the name form checks it before it asks the server, and the server again. */
export const travellerNameSchema = z.object({ firstname: name('Vornamen'), lastname: name('Nachnamen') })

export const bookingChangeSchema = z.discriminatedUnion('kind', [
  /** Ersatzreisender (§ 651e BGB) or a spelling corrected. */
  z.object({ kind: z.literal('traveller'), traveller, ...travellerNameSchema.shape }),
  /** The booking person's address, e-mail and phone. */
  z.object({
    kind: z.literal('contact'),
    street: z.string().check(z.trim(), z.maxLength(100)),
    street_nr: z.string().check(z.trim(), z.maxLength(10)),
    zip: z.string().check(z.trim(), z.maxLength(10)),
    city: z.string().check(z.trim(), z.maxLength(60)),
    email: z.string().check(z.trim(), z.maxLength(254)),
    tel: z.string().check(z.trim(), z.maxLength(30)),
  }),
  z.object({ kind: z.literal('boarding'), traveller, boarding: boardingChoiceSchema }),
  z.object({ kind: z.literal('seat'), traveller, seat }),
  /** A traveller's travel insurance (at most one; null: none). */
  z.object({ kind: z.literal('insurance'), traveller, insurance: z.nullable(z.number().check(z.int(), z.positive(), z.lte(MAX_ID))) }),
  /** The add-ons of one traveller, or (traveller null) those of the whole booking. */
  z.object({ kind: z.literal('services'), traveller: z.nullable(traveller), services: serviceIds }),
  /**
   * Another date of the same trip, for the rebooking fee (app/lib/office/rebooking.ts). Without
   * seats the server proposes them; the preview's change names them, and the save takes exactly those.
   */
  z.object({
    kind: z.literal('date'),
    tripDateId: z.number().check(z.int(), z.positive(), z.lte(MAX_ID)),
    seats: z.optional(z.array(z.nullable(seat)).check(z.maxLength(50))),
  }),
])
export type BookingChange = z.infer<typeof bookingChangeSchema>
/** The changes made to the booking's own draft; a change of date takes a new offer as well. */
export type DraftChange = Exclude<BookingChange, { kind: 'date' }>
export type DateChange = Extract<BookingChange, { kind: 'date' }>

export const NO_SUCH_TRAVELLER = 'Diese reisende Person gibt es in der Buchung nicht.'

/** The booking as a draft with `change` applied, or the reason it cannot be. */
export function applyBookingChange(draft: BookingDraft, change: DraftChange): BookingDraft | { refused: string } {
  if (change.kind === 'services' && change.traveller === null) {
    return { ...draft, bookingServices: change.services.map((id) => ({ id })) }
  }
  const index = change.kind === 'contact' ? null : change.traveller
  let position = 0
  let found = false
  const allRooms = draft.allRooms.map((room) => ({
    ...room,
    teilnehmer: room.teilnehmer.map((p) => {
      const hit = index === null ? p.buchender : position === index
      position++
      if (!hit) return p
      found = true
      return changedTraveller(p, change)
    }),
  }))
  return found ? { ...draft, allRooms } : { refused: NO_SUCH_TRAVELLER }
}

function changedTraveller(p: Participant, change: DraftChange): Participant {
  switch (change.kind) {
    case 'traveller':
      return { ...p, firstname: change.firstname, lastname: change.lastname, showName: `${change.firstname} ${change.lastname}` }
    case 'contact': {
      const { kind: _kind, ...contact } = change
      return { ...p, ...contact }
    }
    case 'boarding':
      return { ...p, boarding: change.boarding }
    case 'seat':
      return { ...p, seat: change.seat }
    case 'services':
      return { ...p, services: change.services.map((id) => ({ id })) }
    case 'insurance':
      return { ...p, insurance: change.insurance === null ? [] : [{ id: change.insurance }] }
  }
}

/**
 * What the change breaks: the step rules' issues after it that were not there before (a booking
 * made under older rules is not held to account for what the change does not touch). Payment
 * details are not part of a change.
 */
export function issuesOfChange(before: readonly StepIssue[], after: readonly StepIssue[]): StepIssue[] {
  const had = new Set(before.map((i) => `${i.path}\n${i.message}`))
  return after.filter((i) => !i.path.startsWith('payment') && !had.has(`${i.path}\n${i.message}`))
}

export const PRICES_CHANGED_SINCE_BOOKING =
  'Die Preise dieses Termins wurden seit der Buchung geändert. Diese Änderung würde den Reisepreis verändern; bitte klären Sie sie mit der Geschäftsleitung.'

const sameLines = (a: readonly PriceLine[], b: readonly PriceLine[]) =>
  a.length === b.length && a.every((l, i) => JSON.stringify(l) === JSON.stringify(b[i]))

/** The fees of earlier changes of date among a booking's lines: no price function makes them, every later price keeps them. */
export const isFeeLine = (line: PriceLine) => line.kind === 'rebooking'
export const sumOf = (lines: readonly PriceLine[]) => lines.reduce((sum, l) => sum + l.amount, 0)

/**
 * The booking's price after the change. The price function prices the booking before and after it
 * with today's offer. When that gives the stored lines for the booking as it is (the prices have
 * not changed since), the booking takes the new pricing. Otherwise the booking keeps its booked
 * prices: a change that leaves every amount as it was only renames a traveller in its lines, and
 * a change that would alter an amount is refused. Fees of earlier changes of date stay either way.
 */
export function repriced(
  stored: { lines: readonly PriceLine[]; gesamtpreis: number },
  before: Pricing,
  after: Pricing,
  renamed: { from: string; to: string } | null,
): { lines: PriceLine[]; gesamtpreis: number; perPerson: number[] | null } | { refused: string } {
  const fees = stored.lines.filter(isFeeLine)
  if (sameLines(before.lines, stored.lines.filter((l) => !isFeeLine(l)))) {
    return { lines: [...after.lines, ...fees], gesamtpreis: after.gesamtpreis + sumOf(fees), perPerson: after.perPerson }
  }
  const amounts = (p: Pricing) => JSON.stringify([p.perPerson, p.gesamtpreis, p.lines.map((l) => l.amount)])
  if (amounts(before) !== amounts(after)) return { refused: PRICES_CHANGED_SINCE_BOOKING }
  const lines = renamed ? stored.lines.map((l) => (l.traveller === renamed.from ? { ...l, traveller: renamed.to } : l)) : [...stored.lines]
  return { lines, gesamtpreis: stored.gesamtpreis, perPerson: null }
}

/** An instalment of the payment plan ('deposit', 'balance', 'full' …). */
export type Instalment = { id: number; kind: string; amount: number; paid: boolean; dueDate: string }

/**
 * The day a sum that a change makes due is due: a week after the change, as a booking's first
 * payment, but before departure, and never before today.
 */
export function dueAfterChange(today: string, departure: string): string {
  const inAWeek = addDays(today, DAYS_TO_PAY_ON_BOOKING)
  const latest = addDays(departure, -1)
  return inAWeek <= latest ? inAWeek : latest >= today ? latest : today
}

/**
 * The instalments after the total changed by `difference`. A rise goes onto the last open
 * instalment; when all are paid, onto the last one, which opens again and is due on `reopenedDue`.
 * A reduction lowers the open ones, the last first, then the paid ones: what was paid beyond the
 * new total is then to be refunded, which the ledger shows (migration 0017 derives each
 * instalment's state from the money, so an amount may change after it was paid).
 */
export function rescheduled(instalments: readonly Instalment[], difference: number, reopenedDue: string): Instalment[] {
  const result = instalments.map((i) => ({ ...i }))
  if (difference === 0 || result.length === 0) return result
  const lastFirst = [...result.filter((i) => !i.paid).reverse(), ...result.filter((i) => i.paid).reverse()]
  if (difference > 0) {
    const target = lastFirst[0]!
    target.amount += difference
    if (target.paid && target.dueDate < reopenedDue) target.dueDate = reopenedDue
    return result
  }
  let left = -difference
  for (const i of lastFirst) {
    const take = Math.min(i.amount, left)
    i.amount -= take
    left -= take
  }
  return result
}
