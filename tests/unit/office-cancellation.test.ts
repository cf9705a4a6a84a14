import { describe, expect, it } from 'vitest'
import { BUS_CANCELLATION_SCALE } from '~/lib/booking/cancellation'
import { cancellationQuote, cancellationRecordSchema, daysBeforeText, departureQuote, feeInstalmentAmount } from '~/lib/office/cancellation'

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

  it('refunds what was paid above the fee within 14 days, or says what is still owed and due 14 days later', () => {
    expect(quote('2027-05-16', 500_000_000)).toMatchObject({ refund: 300_000_000, owed: 0, refundBy: '2027-05-30' })
    expect(quote('2027-06-24', 200_000_000)).toMatchObject({ refund: 0, owed: 550_000_000, owedBy: '2027-07-08' })
  })

  it('makes the fee instalment what, with the instalments already paid, adds up to the fee', () => {
    // 750 € fee, the 200 € deposit paid: an instalment of 550 €.
    expect(feeInstalmentAmount(quote('2027-06-24', 200_000_000), 200_000_000)).toBe(550_000_000)
    // 50 € paid on top of the deposit: still 550 €, of which the ledger finds 500 € open.
    expect(feeInstalmentAmount(quote('2027-06-24', 250_000_000), 200_000_000)).toBe(550_000_000)
    // Nothing paid: the whole fee. Paid more than the fee: no instalment.
    expect(feeInstalmentAmount(quote('2027-06-24', 0), 0)).toBe(750_000_000)
    expect(feeInstalmentAmount(quote('2027-05-16', 500_000_000), 500_000_000)).toBe(0)
  })

  it('a departure called off by the operator costs nothing and refunds everything', () => {
    const q = departureQuote({ dateFrom: '2027-06-30', cancelledOn: '2027-05-16', paid: 200_000_000 })
    expect(q).toMatchObject({ daysBefore: 45, percent: 0, fee: 0, refund: 200_000_000, refundBy: '2027-05-30', owed: 0 })
    expect(feeInstalmentAmount(q, 200_000_000)).toBe(0)
  })

  it('keeps the cancellation as a record the Stornorechnung is made from', () => {
    const record = { by: 'customer' as const, price: 1_000_000_000, ...quote('2027-06-24', 200_000_000) }
    expect(cancellationRecordSchema.parse(JSON.parse(JSON.stringify(record)))).toEqual(record)
    expect(cancellationRecordSchema.safeParse({ ...record, percent: 120 }).success).toBe(false)
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
