import { describe, expect, it } from 'vitest'
import { BUS_CANCELLATION_SCALE } from '~/lib/booking/cancellation'
import { cancellationQuote, daysBeforeText } from '~/lib/office/cancellation'

describe('cancellationQuote', () => {
  const quote = (cancelledOn: string, paid: number) =>
    cancellationQuote({ scale: BUS_CANCELLATION_SCALE, dateFrom: '2027-06-30', cancelledOn, price: 1_000_000_000, paid })

  it('charges the percentage of the scale on the day of the request: 45, 29 and 6 days before departure', () => {
    expect([quote('2027-05-16', 0), quote('2027-06-01', 0), quote('2027-06-24', 0)].map((q) => [q.daysBefore, q.percent, q.fee])).toEqual([
      [45, 20, 200_000_000],
      [29, 30, 300_000_000],
      [6, 75, 750_000_000],
    ])
  })

  it('refunds what was paid above the fee within 14 days, or says what is still owed', () => {
    expect(quote('2027-05-16', 500_000_000)).toMatchObject({ refund: 300_000_000, owed: 0, refundBy: '2027-05-30' })
    expect(quote('2027-06-24', 200_000_000)).toMatchObject({ refund: 0, owed: 550_000_000 })
  })

  it('says the days in words', () => {
    expect([daysBeforeText(45), daysBeforeText(1), daysBeforeText(0), daysBeforeText(-2)]).toEqual([
      '45 Tage vor Reisebeginn',
      '1 Tag vor Reisebeginn',
      'am Abreisetag',
      'nach Reisebeginn',
    ])
  })
})
