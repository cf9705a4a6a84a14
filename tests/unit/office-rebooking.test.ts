// The rules of a change of date (issue 26, item 5): until when, which seats, the fee's line, and
// when the open instalments fall due on the new date.
import { describe, expect, it } from 'vitest'
import { BUS_CANCELLATION_SCALE } from '~/lib/booking/cancellation'
import { onNewDeparture, rebookingFeeLine, rebookingLastDay, rebookingTooLate, seatsOnNewDate } from '~/lib/office/rebooking'

describe('rebooking deadline', () => {
  it('is the first tier of the scale: 30 days before a bus tour leaves, that day included', () => {
    expect(rebookingLastDay(BUS_CANCELLATION_SCALE, '2027-06-30')).toBe('2027-05-31')
    expect(rebookingTooLate(BUS_CANCELLATION_SCALE, '2027-06-30', '2027-05-31')).toBeNull()
    expect(rebookingTooLate(BUS_CANCELLATION_SCALE, '2027-06-30', '2027-06-01')).toBe(
      'Eine Umbuchung war nur bis zum 31.05.2027 möglich. Jetzt ist eine Änderung des Termins nur als Rücktritt mit neuer Buchung möglich.',
    )
  })
})

describe('seatsOnNewDate', () => {
  it('keeps each seat that is free on the new date and fills the others from the first free ones', () => {
    expect(seatsOnNewDate(['3A', '3B'], ['1A', '3A', '3B', '4A'])).toEqual(['3A', '3B'])
    expect(seatsOnNewDate(['3A', '3B'], ['1A', '1B', '3B'])).toEqual(['1A', '3B'])
    expect(seatsOnNewDate([null, null], ['5C', '5D'])).toEqual(['5C', '5D'])
  })
  it('gives no seat twice and says when there are too few', () => {
    expect(seatsOnNewDate(['1A', '1B'], ['1A'])).toBeNull()
    expect(seatsOnNewDate(['1A', '1A'], ['1A', '2A'])).toEqual(['1A', '2A'])
  })
})

describe('rebookingFeeLine', () => {
  it('charges the fee per traveller and names both dates', () => {
    expect(rebookingFeeLine(25_000_000, 2, '2027-06-30', '2027-07-14')).toEqual({
      kind: 'rebooking',
      label: 'Umbuchungsentgelt (30.06.2027 auf 14.07.2027)',
      traveller: null,
      quantity: 2,
      unitPrice: 25_000_000,
      amount: 50_000_000,
    })
  })
})

describe('onNewDeparture', () => {
  const plan = [
    { id: 1, kind: 'deposit', amount: 100, paid: true, dueDate: '2027-01-08' },
    { id: 2, kind: 'balance', amount: 400, paid: false, dueDate: '2027-05-31' },
  ]
  it('moves the balance to its days before the new departure; a paid deposit stays', () => {
    expect(onNewDeparture(plan, '2027-08-14', 30, '2027-01-20')).toEqual([plan[0], { ...plan[1], dueDate: '2027-07-15' }])
    const paid = plan.map((p) => ({ ...p, paid: true }))
    expect(onNewDeparture(paid, '2027-08-14', 30, '2027-01-20')).toEqual([paid[0], { ...paid[1], dueDate: '2027-07-15' }])
  })
  it('a departure close at hand: the balance is due on the earliest day, never after the day before departure', () => {
    expect(onNewDeparture(plan, '2027-02-10', 30, '2027-01-20')).toEqual([plan[0], { ...plan[1], dueDate: '2027-01-20' }])
    const open = [{ id: 3, kind: 'deposit', amount: 100, paid: false, dueDate: '2027-02-12' }]
    expect(onNewDeparture(open, '2027-02-10', 30, '2027-01-20')).toEqual([{ ...open[0], dueDate: '2027-02-09' }])
  })
})
