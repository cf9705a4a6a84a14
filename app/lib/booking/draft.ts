// The booking draft (spec 3 booking form data): allRooms with their teilnehmer, the per-booking
// add-ons, the voucher list, the payment choice and the server's gesamtpreis. One zod schema is
// the form's shape, the server function's and the API's input, and what the draft table stores.
//
// Fields may be empty while the form is filled in; what each step needs is checked by the step
// rules in ./steps.ts, on the page and again on the server.
import * as z from 'zod/mini'
import { MAX_TRAVELLERS, ROOM_OCCUPANCY, TOO_MANY_TRAVELLERS_MESSAGE, roomTypeSchema } from './offer'
import type { BookingOffer, RoomType } from './offer'
import { withoutControls } from '../forms'
import { MAX_ID } from '../ids'

const line = (max: number) =>
  z.pipe(
    z._default(z.string().check(z.maxLength(max * 2)), ''),
    z.transform((v) => withoutControls(v).slice(0, max)),
  )

const idRef = z.object({ id: z.number().check(z.int(), z.positive(), z.lte(MAX_ID)) })

export const MOBILITY_AIDS = ['keine', 'rollator', 'rollstuhl'] as const
export const MOBILITY_LABELS = { keine: 'keine', rollator: 'Rollator', rollstuhl: 'Rollstuhl' } as const

export const PAYMENT_METHODS = ['ueberweisung', 'lastschrift'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const PAYMENT_METHOD_LABELS = {
  ueberweisung: 'Überweisung',
  lastschrift: 'SEPA-Lastschrift',
} as const satisfies Record<PaymentMethod, string>

/** A boarding point of the trip, or Haustürtransfer from a postcode. */
export const boardingChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('point'), boardingPointId: z.number().check(z.int(), z.positive(), z.lte(MAX_ID)) }),
  z.object({ kind: z.literal('transfer'), zip: line(10) }),
])
export type BoardingChoice = z.infer<typeof boardingChoiceSchema>

export const participantSchema = z.object({
  firstname: line(60),
  lastname: line(60),
  /** First plus last name (spec 3); kept in step by the server. */
  showName: line(130),
  street: line(100),
  street_nr: line(10),
  zip: line(10),
  city: line(60),
  tel: line(30),
  email: line(254),
  /** The booking person; exactly one per booking (spec 4). */
  buchender: z._default(z.boolean(), false),
  /** Seat label on the seat plan, such as '7C'; null on trips without a seat plan. */
  seat: z._default(z.nullable(z.string().check(z.maxLength(5))), null),
  boarding: z._default(z.nullable(boardingChoiceSchema), null),
  /** Spec 4: at most one insurance per traveller. */
  insurance: z._default(z.array(idRef).check(z.maxLength(1)), []),
  /** Add-ons per person. */
  services: z._default(z.array(idRef).check(z.maxLength(20)), []),
  mobility: z._default(z.enum(MOBILITY_AIDS), 'keine'),
  /** Computed by the server; whatever a client sends is replaced. */
  price_per_person: z._default(z.number().check(z.int(), z.nonnegative()), 0),
})
export type Participant = z.infer<typeof participantSchema>

export const roomSchema = z
  .object({ type: roomTypeSchema, teilnehmer: z.array(participantSchema).check(z.minLength(1), z.maxLength(2)) })
  .check(
    z.refine((room) => room.teilnehmer.length === ROOM_OCCUPANCY[room.type], {
      message: 'Die Zahl der Reisenden passt nicht zur Zimmerart.',
      path: ['teilnehmer'],
    }),
  )
export type Room = z.infer<typeof roomSchema>

export const voucherSchema = z.object({ einloesecode: line(40) })
export type Voucher = z.infer<typeof voucherSchema>

export const paymentSchema = z.object({
  method: z._default(z.nullable(z.enum(PAYMENT_METHODS)), null),
  iban: line(42),
  accountHolder: line(70),
  /** The SEPA mandate text was accepted. */
  mandate: z._default(z.boolean(), false),
})

export const bookingDraftSchema = z.object({
  allRooms: z._default(z.array(roomSchema).check(z.maxLength(MAX_TRAVELLERS)), []).check(
    z.refine((rooms) => travellerCount(rooms) <= MAX_TRAVELLERS, {
      message: TOO_MANY_TRAVELLERS_MESSAGE,
    }),
  ),
  /** Add-ons per booking. */
  bookingServices: z._default(z.array(idRef).check(z.maxLength(20)), []),
  vouchers: z._default(z.array(voucherSchema).check(z.maxLength(5)), []),
  payment: z._default(paymentSchema, { method: null, iban: '', accountHolder: '', mandate: false }),
  /** Computed by the server; whatever a client sends is replaced. */
  gesamtpreis: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  /**
   * Taken by the office for a caller on the phone (DESIGN 11): set by the server when a signed-in
   * clerk opens the booking, booked only by a clerk; whatever a client sends is replaced.
   */
  telefon: z._default(z.boolean(), false),
})
export type BookingDraft = z.infer<typeof bookingDraftSchema>
export type BookingDraftInput = z.input<typeof bookingDraftSchema>

export function travellerCount(rooms: readonly { teilnehmer: readonly unknown[] }[]): number {
  return rooms.reduce((sum, room) => sum + room.teilnehmer.length, 0)
}

/** Every traveller in booking order, with where they sit in allRooms. */
export function travellers(draft: Pick<BookingDraft, 'allRooms'>): { p: Participant; roomIndex: number; participantIndex: number; index: number }[] {
  const out: { p: Participant; roomIndex: number; participantIndex: number; index: number }[] = []
  draft.allRooms.forEach((room, roomIndex) =>
    room.teilnehmer.forEach((p, participantIndex) => out.push({ p, roomIndex, participantIndex, index: out.length })),
  )
  return out
}

export function emptyParticipant(): Participant {
  return participantSchema.parse({})
}

export type RoomCounts = Partial<Record<RoomType, number>>

/**
 * Rooms for the chosen counts, keeping the travellers already entered: the first rooms of each
 * type keep their teilnehmer, new rooms get empty ones, rooms beyond the count are dropped. The
 * first traveller is the booking person when nobody is yet.
 */
export function roomsFor(current: readonly Room[], counts: RoomCounts): Room[] {
  const byType = new Map<RoomType, Room[]>()
  for (const room of current) byType.set(room.type, [...(byType.get(room.type) ?? []), room])
  const rooms: Room[] = []
  for (const type of roomTypeSchema.options) {
    const existing = byType.get(type) ?? []
    for (let i = 0; i < (counts[type] ?? 0); i++) {
      rooms.push(existing[i] ?? { type, teilnehmer: Array.from({ length: ROOM_OCCUPANCY[type] }, emptyParticipant) })
    }
  }
  const first = rooms[0]?.teilnehmer[0]
  if (first && !rooms.some((r) => r.teilnehmer.some((p) => p.buchender))) {
    rooms[0] = { ...rooms[0]!, teilnehmer: rooms[0]!.teilnehmer.map((p, i) => (i === 0 ? { ...p, buchender: true } : p)) }
  }
  return rooms
}

export function roomCounts(rooms: readonly Room[]): Record<RoomType, number> {
  const counts: Record<RoomType, number> = { DZ: 0, EZ: 0, OHNE: 0 }
  for (const room of rooms) counts[room.type]++
  return counts
}

/** A new draft: one double room for two (or two day-trip travellers), nothing else chosen. */
export function newDraft(offer: Pick<BookingOffer, 'roomTypes'>): BookingDraft {
  const draft = bookingDraftSchema.parse({})
  const counts: RoomCounts = offer.roomTypes.includes('DZ') ? { DZ: 1 } : { OHNE: 2 }
  return { ...draft, allRooms: roomsFor([], counts) }
}
