import { describe, expect, it } from 'vitest'
import { entryProblem, parseEntryAmount } from '~/lib/office/ledger'
import type { LedgerEntryForm } from '~/lib/office/ledger'

describe('parseEntryAmount', () => {
  it('reads euros as the office types them, in millionths', () => {
    expect(parseEntryAmount('250')).toBe(250_000_000)
    expect(parseEntryAmount('1.299,50')).toBe(1_299_500_000)
    expect(parseEntryAmount('85,- €')).toBe(85_000_000)
    expect(parseEntryAmount('0,01')).toBe(10_000)
  })

  it('refuses nothing, zero, a minus, fractions of a cent and more than the limit', () => {
    for (const wrong of ['', '0', '-5', '12,345', 'zwölf', '500.000,01']) expect(parseEntryAmount(wrong), wrong).toBeNull()
  })
})

describe('entryProblem', () => {
  const form = (over: Partial<LedgerEntryForm>): LedgerEntryForm => ({ kind: 'payment', amount: '100', bookedOn: '2027-03-01', method: 'ueberweisung', reference: '', ...over })
  it('accepts a day up to today and names the field that is wrong', () => {
    expect(entryProblem(form({}), '2027-03-01')).toBeNull()
    expect(entryProblem(form({ amount: 'x' }), '2027-03-01')?.field).toBe('amount')
    expect(entryProblem(form({ bookedOn: '2027-03-02' }), '2027-03-01')?.message).toContain('Zukunft')
    expect(entryProblem(form({ bookedOn: '2027-02-30' }), '2027-03-01')?.field).toBe('bookedOn')
    expect(entryProblem(form({ bookedOn: '2025-12-01' }), '2027-03-01')?.message).toContain('mehr als ein Jahr')
  })
})
