// The one price function (DESIGN 6): every line and the total of a booking from the draft and the
// trip date's offer. The booking pages show its result; the server runs it again on the offer it
// reads from the database and ignores any price a client sends.
//
// Money is integers in millionths of a euro (spec 9). Percentages (insurance) are rounded half up
// to whole cents (10,000 millionths); nothing else is ever rounded, because every other price is
// already a whole number of cents in the catalogue.
import * as z from 'zod/mini'
import type { BookingDraft, Participant } from './draft'
import { roundToCent } from './money'
import { findTransferZone } from '../transfer-zones'
import { ROOM_LABELS } from './offer'
import type { BookingOffer, InsuranceOffer } from './offer'

/** 'rebooking': the fee for a change of date the office made (app/lib/office/rebooking.ts), never priced by `priceBooking`. */
export const PRICE_LINE_KINDS = ['travel', 'single-room', 'boarding', 'transfer', 'service', 'insurance', 'voucher', 'rebooking'] as const
export type PriceLineKind = (typeof PRICE_LINE_KINDS)[number]

/** How every amount is described in the API document. */
export const MONEY_DESCRIPTION = 'Ganzzahl in Millionstel Euro (1.000.000 = 1 €).'
// Free of effects like every z.* call, so a bundle that does not use a schema built with it drops it.
const money = /* @__NO_SIDE_EFFECTS__ */ (what: string) => z.int().check(z.describe(`${what} ${MONEY_DESCRIPTION}`))

export const priceLineSchema = z.object({
  kind: z.enum(PRICE_LINE_KINDS),
  label: z.string().check(z.describe('Der Text der Zeile, wie ihn Seite, PDF und E-Mail zeigen.')),
  traveller: z.nullable(z.string()).check(z.describe('Der Name der reisenden Person, null für Zeilen der ganzen Buchung.')),
  quantity: z.int(),
  unitPrice: money('Einzelpreis; negativ für Gutscheine.'),
  amount: money('Menge × Einzelpreis; negativ für Gutscheine.'),
})
export type PriceLine = z.infer<typeof priceLineSchema>

export const pricingSchema = z.object({
  lines: z.array(priceLineSchema),
  perPerson: z.array(money('Preis der Person.')).check(z.describe('price_per_person: Preis je reisender Person in der Reihenfolge von allRooms/teilnehmer.')),
  subtotal: money('Summe aller Zeilen vor Gutscheinen.'),
  voucherTotal: money('Was Gutscheine abziehen (positiv, nie mehr als subtotal).'),
  gesamtpreis: money('Gesamtpreis der Buchung (subtotal − voucherTotal, nie negativ).'),
})
export type Pricing = z.infer<typeof pricingSchema>

/** A voucher the server has checked: its code and its value. */
export type CheckedVoucher = { einloesecode: string; value: number }


/**
 * An insurance's price for one traveller: a percentage of their travel price (basis points,
 * rounded half up to whole cents) but at least the offer's minimum, or the fixed price.
 */
export function insurancePrice(offer: InsuranceOffer, travelPrice: number): number {
  if (offer.percentBasisPoints === null) return offer.fixedPrice ?? 0
  // travelPrice × bp / 10,000 stays an exact integer product below 2^53 for any real trip price.
  return Math.max(offer.minPrice, roundToCent((travelPrice * offer.percentBasisPoints) / 10_000))
}

export function line(kind: PriceLineKind, label: string, traveller: string | null, quantity: number, unitPrice: number): PriceLine {
  return { kind, label, traveller, quantity, unitPrice, amount: quantity * unitPrice }
}

function travellerName(p: Participant, index: number): string {
  const name = [p.firstname.trim(), p.lastname.trim()].filter(Boolean).join(' ')
  return name || `Person ${index + 1}`
}

/**
 * Prices a draft. Choices that the offer does not know (an unknown boarding point, service or
 * insurance, a postcode outside every transfer zone) add no line: the step validation reports
 * them, and the server refuses to book a draft that has any.
 */
export function priceBooking(offer: BookingOffer, draft: BookingDraft, vouchers: readonly CheckedVoucher[] = []): Pricing {
  const lines: PriceLine[] = []
  const perPerson: number[] = []
  const boarding = new Map(offer.boardingPoints.map((b) => [b.id, b]))
  const services = new Map(offer.services.map((s) => [s.id, s]))
  const insurance = new Map(offer.insuranceOffers.map((i) => [i.id, i]))
  let index = 0

  for (const room of draft.allRooms) {
    for (const p of room.teilnehmer) {
      const name = travellerName(p, index++)
      const own: PriceLine[] = [line('travel', `Reisepreis (${ROOM_LABELS[room.type]})`, name, 1, offer.price)]
      if (room.type === 'EZ' && offer.singleRoomSurcharge > 0) {
        own.push(line('single-room', 'Einzelzimmerzuschlag', name, 1, offer.singleRoomSurcharge))
      }
      if (p.boarding?.kind === 'point') {
        const point = boarding.get(p.boarding.boardingPointId)
        if (point && point.surcharge > 0) own.push(line('boarding', `Zuschlag Zustieg ${point.name}`, name, 1, point.surcharge))
      } else if (p.boarding?.kind === 'transfer') {
        const match = findTransferZone(offer.transferZones, p.boarding.zip)
        if (match) own.push(line('transfer', `Haustürtransfer (${match.zone.name})`, name, 1, match.zone.price))
      }
      for (const { id } of p.services) {
        const service = services.get(id)
        if (service && service.per === 'person') own.push(line('service', service.name, name, 1, service.price))
      }
      // The insurance covers everything the traveller pays for the trip itself.
      const travelPrice = own.reduce((sum, l) => sum + l.amount, 0)
      const chosen = p.insurance[0] ? insurance.get(p.insurance[0].id) : undefined
      if (chosen) own.push(line('insurance', chosen.name, name, 1, insurancePrice(chosen, travelPrice)))
      perPerson.push(own.reduce((sum, l) => sum + l.amount, 0))
      lines.push(...own)
    }
  }

  for (const { id } of draft.bookingServices) {
    const service = services.get(id)
    if (service && service.per === 'booking') lines.push(line('service', service.name, null, 1, service.price))
  }

  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0)
  let remaining = subtotal
  for (const voucher of vouchers) {
    const applied = Math.min(voucher.value, remaining)
    remaining -= applied
    lines.push(line('voucher', `Gutschein ${voucher.einloesecode}`, null, 1, -applied))
  }
  return { lines, perPerson, subtotal, voucherTotal: subtotal - remaining, gesamtpreis: remaining }
}
