// The pure rules of SEPA direct debits (issue 26, item 3): the debit day after the pre-notification,
// the settlement days, the ids in the file, the period and the days the office types.
import { describe, expect, it } from 'vitest'
import { ledgerEntryFormSchema } from '~/lib/office/ledger'
import {
  PRE_NOTIFICATION_DAYS,
  RETURN_REASON_CODES,
  collectedDayProblem,
  debitDay,
  debitPeriod,
  endToEndId,
  eurosOf,
  instructionId,
  isSettlementDay,
  maskedIban,
  messageId,
  paymentInfoId,
  periodProblem,
  returnDayProblem,
  returnReasonText,
} from '~/lib/office/sepa-debits'
import { isSepaId } from '~/lib/office/sepa-text'

describe('debitDay', () => {
  it('is the due day, but not before 14 days after the pre-notification, on a settlement day', () => {
    expect(PRE_NOTIFICATION_DAYS).toBe(14)
    expect(debitDay('2027-03-01', '2027-01-04')).toBe('2027-03-01')
    expect(debitDay('2027-01-05', '2027-01-04')).toBe('2027-01-18')
    expect(debitDay('2027-01-16', '2027-01-01')).toBe('2027-01-18') // Saturday → Monday
    expect(debitDay('2027-03-27', '2027-01-04')).toBe('2027-03-30') // Saturday, Sunday, Easter Monday → Tuesday
  })

  it('knows the TARGET2 closing days', () => {
    for (const day of ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-01', '2026-12-25', '2026-12-26', '2026-11-28', '2026-11-29'])
      expect(isSettlementDay(day), day).toBe(false)
    for (const day of ['2027-01-04', '2027-03-25', '2027-03-30', '2028-10-03', '2026-12-24', '2026-12-31']) expect(isSettlementDay(day), day).toBe(true)
  })
})

describe('the ids and amounts in the file', () => {
  it('gives every block and debit an id of its own on the message id, within Max35Text at any count (issue 46)', () => {
    expect(paymentInfoId('LS-2027-03-01-17', 2)).toBe('LS-2027-03-01-17-P2')
    expect(instructionId('LS-2027-03-01-17', 11)).toBe('LS-2027-03-01-17-11')
    // The largest file id (int4), a file of a year's debit days and of 999,999,999 debits.
    const largest = messageId(2_147_483_647, '2027-03-01')
    for (const id of [largest, paymentInfoId(largest, 366), paymentInfoId(largest, 999_999_999), instructionId(largest, 999_999_999), endToEndId('7K4P-9XQ2', 'balance', 999_999)])
      expect(isSepaId(id), id).toBe(true)
  })

  it('names the booking, the instalment and the attempt in the end-to-end id, within 35 SEPA characters', () => {
    expect(endToEndId('7K4P-9XQ2', 'deposit', 1)).toBe('7K4P-9XQ2-A1')
    expect(endToEndId('7K4P-9XQ2', 'balance', 2)).toBe('7K4P-9XQ2-R2')
    expect(endToEndId('7K4P-9XQ2', 'full', 1)).toBe('7K4P-9XQ2-G1')
    expect(endToEndId('7K4P-9XQ2', 'fee', 1)).toBe('7K4P-9XQ2-S1')
    expect(messageId(17, '2027-03-01')).toBe('LS-2027-03-01-17')
    expect(eurosOf(1_299_500_000)).toBe(1299.5)
    expect(eurosOf(10_000)).toBe(0.01)
    expect(maskedIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 •••• •••• •••• 3000')
  })
})

describe('the office input', () => {
  it('takes the period from the address, from today for 30 days by default, and refuses an end before the start', () => {
    expect(debitPeriod({}, '2027-01-04')).toEqual({ from: '2027-01-04', till: '2027-02-03' })
    expect(debitPeriod({ von: '2027-02-01', bis: '2027-02-28' }, '2027-01-04')).toEqual({ from: '2027-02-01', till: '2027-02-28' })
    expect(periodProblem({ from: '2027-02-01', till: '2027-02-28' })).toBeNull()
    expect(periodProblem({ from: '2027-02-10', till: '2027-02-01' })).toEqual({ field: 'till', message: expect.stringContaining('vor seinem Beginn') })
    expect(periodProblem({ from: '2027-02-30', till: '2027-03-01' })?.field).toBe('from')
    expect(periodProblem({ from: '2027-01-01', till: '2028-01-02' })?.message).toContain('höchstens einem Jahr')
  })

  it('accepts a collection day between the file and today, and a return day within 13 months of the collection', () => {
    expect(collectedDayProblem('2027-01-10', '2027-01-05', '2027-01-10')).toBeNull()
    expect(collectedDayProblem('2027-01-11', '2027-01-05', '2027-01-10')).toContain('Zukunft')
    expect(collectedDayProblem('2027-01-04', '2027-01-05', '2027-01-10')).toContain('vor dem Tag')
    expect(returnDayProblem('2027-02-01', '2027-01-10', '2027-02-01')).toBeNull()
    expect(returnDayProblem('2027-01-09', '2027-01-10', '2027-02-01')).toContain('vor dem Einzug')
    expect(returnDayProblem('2028-03-01', '2027-01-10', '2028-03-01')).toContain('13 Monate')
  })

  it('labels the return reasons in German, and a manual record cannot be a return', () => {
    expect(RETURN_REASON_CODES).toEqual(expect.arrayContaining(['AC04', 'AM04', 'MD06', 'MS02', 'MD01']))
    expect(returnReasonText('AM04')).toBe('AM04 – Deckung unzureichend')
    expect(returnReasonText('ZZ99')).toBe('ZZ99')
    expect(ledgerEntryFormSchema.safeParse({ kind: 'return', amount: '1', bookedOn: '2027-01-01', method: 'lastschrift', reference: '' }).success).toBe(false)
  })
})
