// The one price function, payment terms and IBAN check of the booking (DESIGN 6).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bookingDraftSchema, newDraft, roomsFor, travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import { formatIban, isValidIban } from '~/lib/booking/iban'
import type { BookingOffer } from '~/lib/booking/offer'
import { paymentSchedule } from '~/lib/booking/payment-terms'
import { CENT, roundToCent } from '~/lib/booking/money'
import { insurancePrice, priceBooking } from '~/lib/booking/price'
import { BUS_TOUR_TERMS } from '../support/trip-terms'

const euro = (n: number) => Math.round(n * 1_000_000)


const OFFER: BookingOffer = {
  tripDateId: 1,
  tripId: 1,
  tripTitle: 'Gardasee',
  dateFrom: '2027-05-10',
  dateTill: '2027-05-15',
  durationDays: 6,
  transport: 'bus',
  bookable: 0,
  price: euro(899),
  singleRoomSurcharge: euro(150),
  roomTypes: ['DZ', 'EZ'],
  seatPlan: null,
  boardingPoints: [
    { id: 1, name: 'Bielefeld Hbf', street: 'Hbf', zip: '33602', city: 'Bielefeld', departureTime: '06:00', surcharge: 0 },
    { id: 7, name: 'Minden ZOB', street: 'ZOB', zip: '32423', city: 'Minden', departureTime: '05:30', surcharge: euro(15) },
  ],
  transferZones: [{ id: 1, name: 'Zone 1', zipPrefixes: ['336'], price: euro(29) }],
  services: [
    { id: 1, name: 'Gepäckservice', description: '', price: euro(39), per: 'person' },
    { id: 2, name: 'Parkplatz', description: '', price: euro(25), per: 'booking' },
  ],
  insuranceOffers: [
    { id: 1, code: 'RRV', name: 'Reiserücktritt', description: '', insurer: 'Hanse Reiseschutz', productSheetUrl: '/versicherung-produktinformationen/', conditionsUrl: '/versicherungsbedingungen/', scope: 'any', percentBasisPoints: 450, minPrice: euro(19), fixedPrice: null },
    { id: 4, code: 'AKV', name: 'Auslandskranken', description: '', insurer: 'Hanse Reiseschutz', productSheetUrl: '/versicherung-produktinformationen/', conditionsUrl: '/versicherungsbedingungen/', scope: 'abroad', percentBasisPoints: null, minPrice: 0, fixedPrice: euro(9) },
  ],
  terms: BUS_TOUR_TERMS,
  contents: { accommodation: null, included: [], programme: [] },
}

function draftWith(edit: (d: BookingDraft) => void): BookingDraft {
  const d = structuredClone({ ...newDraft(OFFER), allRooms: roomsFor([], { DZ: 1, EZ: 1 }) })
  edit(d)
  return bookingDraftSchema.parse(d)
}

describe('priceBooking', () => {
  it('prices every line: travel, single room, boarding, transfer, services, insurance', () => {
    const draft = draftWith((d) => {
      const [a, b, c] = travellers(d).map((t) => t.p)
      a!.boarding = { kind: 'point', boardingPointId: 7 }
      a!.services = [{ id: 1 }]
      a!.insurance = [{ id: 1 }]
      b!.boarding = { kind: 'transfer', zip: '33602' }
      c!.insurance = [{ id: 4 }]
      d.bookingServices = [{ id: 2 }]
    })
    const pricing = priceBooking(OFFER, draft)
    // a: 899 + 15 + 39 = 953, insurance 4.5 % = 42.885 → 42.89
    expect(pricing.perPerson[0]).toBe(euro(953 + 42.89))
    expect(pricing.perPerson[1]).toBe(euro(899 + 29))
    expect(pricing.perPerson[2]).toBe(euro(899 + 150 + 9))
    expect(pricing.lines.filter((l) => l.kind === 'service' && l.traveller === null)).toHaveLength(1)
    expect(pricing.gesamtpreis).toBe(euro(953 + 42.89 + 928 + 1058 + 25))
  })

  it('uses the insurance minimum when the percentage is smaller', () => {
    expect(insurancePrice(OFFER.insuranceOffers[0]!, euro(100))).toBe(euro(19))
    expect(insurancePrice(OFFER.insuranceOffers[1]!, euro(5000))).toBe(euro(9))
  })

  it('rounds percentages half up to whole cents', () => {
    expect(roundToCent(5_000)).toBe(CENT)
    expect(roundToCent(4_999)).toBe(0)
    expect(roundToCent(42_885_000)).toBe(42_890_000)
  })

  it('ignores prices a client puts into the draft', () => {
    const draft = draftWith((d) => {
      d.gesamtpreis = 1
      for (const { p } of travellers(d)) p.price_per_person = 1
    })
    expect(priceBooking(OFFER, draft).gesamtpreis).toBe(euro(899 * 3 + 150))
  })

  it('adds no line for choices the offer does not know', () => {
    const draft = draftWith((d) => {
      const [a] = travellers(d).map((t) => t.p)
      a!.boarding = { kind: 'transfer', zip: '99999' }
      a!.services = [{ id: 2 }] // a per-booking service chosen per person
      a!.insurance = [{ id: 99 }]
    })
    expect(priceBooking(OFFER, draft).lines.map((l) => l.kind)).toEqual(['travel', 'travel', 'travel', 'single-room'])
  })

  const arbitraryDraft = fc
    .record({
      dz: fc.integer({ min: 0, max: 4 }),
      ez: fc.integer({ min: 0, max: 1 }),
      insurance: fc.array(fc.constantFrom(null, 1, 4), { minLength: 9, maxLength: 9 }),
      services: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
      parking: fc.boolean(),
      vouchers: fc.array(fc.integer({ min: 1, max: 5_000 }), { maxLength: 4 }),
    })
    .map(({ dz, ez, insurance, services, parking, vouchers }) => {
      const draft = draftWith((d) => {
        d.allRooms = roomsFor([], { DZ: dz, EZ: ez })
        travellers(d).forEach(({ p }, i) => {
          p.insurance = insurance[i] ? [{ id: insurance[i] }] : []
          p.services = services[i] ? [{ id: 1 }] : []
          p.boarding = { kind: 'point', boardingPointId: i % 2 ? 1 : 7 }
        })
        d.bookingServices = parking ? [{ id: 2 }] : []
      })
      return { draft, vouchers: vouchers.map((v, i) => ({ einloesecode: `V${i}`, value: euro(v) })) }
    })

  it('property: the total is the sum of the lines, never negative, and vouchers never take it below zero', () => {
    fc.assert(
      fc.property(arbitraryDraft, ({ draft, vouchers }) => {
        const pricing = priceBooking(OFFER, draft, vouchers)
        const sum = pricing.lines.reduce((s, l) => s + l.amount, 0)
        expect(pricing.gesamtpreis).toBe(sum)
        expect(pricing.gesamtpreis).toBeGreaterThanOrEqual(0)
        expect(pricing.voucherTotal).toBeLessThanOrEqual(pricing.subtotal)
        expect(pricing.voucherTotal).toBe(Math.min(pricing.subtotal, vouchers.reduce((s, v) => s + v.value, 0)))
        expect(pricing.perPerson.reduce((s, p) => s + p, 0) + (draft.bookingServices.length ? euro(25) : 0)).toBe(pricing.subtotal)
        for (const l of pricing.lines) expect(Number.isInteger(l.amount)).toBe(true)
      }),
    )
  })
})

describe('paymentSchedule', () => {
  const terms = { depositPercent: 20, balanceDays: 30 }

  it('a deposit of 20 % within a week and the balance 30 days before departure', () => {
    expect(paymentSchedule(euro(1000.05), '2027-01-10', '2027-05-10', terms)).toEqual([
      { kind: 'deposit', amount: euro(200.01), dueDate: '2027-01-17' },
      { kind: 'balance', amount: euro(800.04), dueDate: '2027-04-10' },
    ])
  })

  it('the full price at once when departure is closer than the balance days, or on a day trip', () => {
    expect(paymentSchedule(euro(500), '2027-05-01', '2027-05-20', terms)).toEqual([{ kind: 'full', amount: euro(500), dueDate: '2027-05-08' }])
    expect(paymentSchedule(euro(49), '2027-01-10', '2027-05-10', terms, { dayTrip: true })).toEqual([{ kind: 'full', amount: euro(49), dueDate: '2027-01-17' }])
    // Departure in three days: due the day before departure, never after it.
    expect(paymentSchedule(euro(500), '2027-05-01', '2027-05-04', terms)[0]?.dueDate).toBe('2027-05-03')
  })

  it('property: the payments add up to the total exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 100 }), (cents, days, percent) => {
        const total = cents * CENT
        const departure = new Date(Date.UTC(2027, 0, 10 + days)).toISOString().slice(0, 10)
        const schedule = paymentSchedule(total, '2027-01-10', departure, { depositPercent: percent, balanceDays: 30 })
        expect(schedule.reduce((s, p) => s + p.amount, 0)).toBe(total)
        for (const p of schedule) expect(p.dueDate >= '2027-01-10' && p.dueDate < departure).toBe(true)
      }),
    )
  })
})

describe('IBAN', () => {
  it('accepts valid IBANs with or without spaces and refuses wrong check digits', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true)
    expect(isValidIban('de89370400440532013000')).toBe(true)
    expect(isValidIban('AT611904300234573201')).toBe(true)
    expect(isValidIban('DE88370400440532013000')).toBe(false)
    expect(isValidIban('DE8937040044053201300')).toBe(false)
    expect(isValidIban('')).toBe(false)
    expect(isValidIban('XX89370400440532013000')).toBe(false)
  })

  it('formats in groups of four', () => {
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00')
  })
})
