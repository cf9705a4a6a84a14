// The office's change rules (issue 25, item 4): where a price difference goes in the payment plan,
// when a booking keeps its booked prices, and which traveller a change touches.
import { describe, expect, it } from 'vitest'
import { bookingDraftSchema } from '~/lib/booking/draft'
import type { PriceLine, Pricing } from '~/lib/booking/price'
import { PRICES_CHANGED_SINCE_BOOKING, applyBookingChange, dueAfterChange, issuesOfChange, repriced, rescheduled } from '~/lib/office/booking-changes'

const line = (traveller: string | null, amount: number): PriceLine => ({ kind: 'travel', label: 'Reisepreis', traveller, quantity: 1, unitPrice: amount, amount })
const pricing = (lines: PriceLine[]): Pricing => {
  const total = lines.reduce((s, l) => s + l.amount, 0)
  return { lines, perPerson: lines.map((l) => l.amount), subtotal: total, voucherTotal: 0, gesamtpreis: total }
}

describe('rescheduled', () => {
  const plan = [
    { id: 1, kind: 'deposit', amount: 200, paid: true, dueDate: '2027-01-08' },
    { id: 2, kind: 'balance', amount: 800, paid: false, dueDate: '2027-04-01' },
  ]
  const reopened = '2027-02-10'
  it('puts a rise on the last open instalment and takes a reduction from the open ones, last first', () => {
    expect(rescheduled(plan, 50, reopened)).toEqual([plan[0], { ...plan[1], amount: 850 }])
    expect(rescheduled(plan, -300, reopened)).toEqual([plan[0], { ...plan[1], amount: 500 }])
    const open = plan.map((p) => ({ ...p, paid: false }))
    expect(rescheduled(open, -900, reopened)).toEqual([
      { ...open[0], amount: 100 },
      { ...open[1], amount: 0 },
    ])
    expect(rescheduled(plan, 0, reopened)).toEqual(plan)
  })
  it('lowers paid instalments once the open ones are down to nothing: the ledger then shows the refund due', () => {
    expect(rescheduled(plan, -850, reopened)).toEqual([
      { ...plan[0], amount: 150 },
      { ...plan[1], amount: 0 },
    ])
  })
  it('reopens the last paid instalment for a rise when all are paid, due no earlier than the given day', () => {
    const paid = plan.map((p) => ({ ...p, paid: true }))
    expect(rescheduled(paid, 10, reopened)).toEqual([paid[0], { ...paid[1], amount: 810 }])
    const early = [{ id: 1, kind: 'full', amount: 1000, paid: true, dueDate: '2027-01-08' }]
    expect(rescheduled(early, 10, reopened)).toEqual([{ ...early[0], amount: 1010, dueDate: reopened }])
  })
})

describe('dueAfterChange', () => {
  it('is a week after the change, but before departure and never before today', () => {
    expect(dueAfterChange('2027-01-01', '2027-03-01')).toBe('2027-01-08')
    expect(dueAfterChange('2027-01-01', '2027-01-05')).toBe('2027-01-04')
    expect(dueAfterChange('2027-01-01', '2027-01-01')).toBe('2027-01-01')
  })
})

describe('repriced', () => {
  const stored = [line('Anna A', 1000), line('Bernd B', 1000)]
  it('takes the new pricing while the offer still prices the booking as stored', () => {
    const after = pricing([line('Anna A', 1000), line('Bernd B', 1000), line(null, 50)])
    expect(repriced({ lines: stored, gesamtpreis: 2000 }, pricing(stored), after, null)).toEqual({ lines: after.lines, gesamtpreis: 2050, perPerson: after.perPerson })
  })
  it('keeps the booked prices when the offer changed since: a rename only renames, a price change is refused', () => {
    const today = [line('Anna A', 1200), line('Bernd B', 1200)]
    const renamed = [line('Anna A', 1200), line('Clara C', 1200)]
    expect(repriced({ lines: stored, gesamtpreis: 2000 }, pricing(today), pricing(renamed), { from: 'Bernd B', to: 'Clara C' })).toEqual({
      lines: [line('Anna A', 1000), line('Clara C', 1000)],
      gesamtpreis: 2000,
      perPerson: null,
    })
    expect(repriced({ lines: stored, gesamtpreis: 2000 }, pricing(today), pricing([...today, line(null, 50)]), null)).toEqual({
      refused: PRICES_CHANGED_SINCE_BOOKING,
    })
  })
  it('keeps the fee of an earlier change of date, which no price function makes', () => {
    const fee: PriceLine = { kind: 'rebooking', label: 'Umbuchungsentgelt', traveller: null, quantity: 2, unitPrice: 25, amount: 50 }
    const after = pricing([...stored, line(null, 30)])
    expect(repriced({ lines: [...stored, fee], gesamtpreis: 2050 }, pricing(stored), after, null)).toEqual({
      lines: [...after.lines, fee],
      gesamtpreis: 2080,
      perPerson: after.perPerson,
    })
  })
})

describe('applyBookingChange', () => {
  const draft = bookingDraftSchema.parse({
    allRooms: [
      { type: 'DZ', teilnehmer: [{ firstname: 'Anna', lastname: 'A', buchender: true }, { firstname: 'Bernd', lastname: 'B' }] },
      { type: 'EZ', teilnehmer: [{ firstname: 'Clara', lastname: 'C' }] },
    ],
  })
  it('changes the traveller at the given place in booking order, across rooms', () => {
    const changed = applyBookingChange(draft, { kind: 'seat', traveller: 2, seat: '4A' })
    if ('refused' in changed) throw new Error(changed.refused)
    expect(changed.allRooms.flatMap((r) => r.teilnehmer.map((p) => p.seat))).toEqual([null, null, '4A'])
    expect(applyBookingChange(draft, { kind: 'seat', traveller: 3, seat: '4A' })).toEqual({ refused: 'Diese reisende Person gibt es in der Buchung nicht.' })
  })
  it('gives the contact data to the booking person and booking add-ons to the booking', () => {
    const contact = { kind: 'contact', street: 'Weg', street_nr: '1', zip: '33602', city: 'Bielefeld', email: 'a@example.de', tel: '0521 1' } as const
    const changed = applyBookingChange(draft, contact)
    if ('refused' in changed) throw new Error(changed.refused)
    expect(changed.allRooms[0]?.teilnehmer[0]).toMatchObject({ street: 'Weg', email: 'a@example.de' })
    expect(changed.allRooms[0]?.teilnehmer[1]?.street).toBe('')
    const services = applyBookingChange(draft, { kind: 'services', traveller: null, services: [7] })
    expect('refused' in services ? null : services.bookingServices).toEqual([{ id: 7 }])
  })
})

describe('issuesOfChange', () => {
  it('reports only what the change broke, never the payment details', () => {
    const old = { path: 'allRooms.0.teilnehmer.0.tel', message: 'alt' }
    const broken = { path: 'allRooms.0.teilnehmer.1.seat', message: 'neu' }
    expect(issuesOfChange([old], [old, broken, { path: 'payment.iban', message: 'x' }])).toEqual([broken])
  })
})
