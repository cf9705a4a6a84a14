import { describe, expect, it } from 'vitest'
import { giroCodeText, nextTransferDue } from '~/lib/booking/girocode'

const bank = { accountHolder: 'Sonnenland Reisen GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' }

describe('giroCodeText', () => {
  it('writes the EPC069-12 lines: version 002, UTF-8, SCT, BIC, name, IBAN, amount and the booking number', () => {
    expect(giroCodeText(bank, 528_000_000, '2F52-8D9V')?.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Sonnenland Reisen GmbH',
      'DE89370400440532013000',
      'EUR528.00',
      '',
      '',
      '2F52-8D9V',
    ])
    expect(giroCodeText(bank, 10_000, 'X')).toContain('EUR0.01')
  })

  it('cuts the name to 70 characters and refuses what no transfer can carry', () => {
    expect(giroCodeText({ ...bank, accountHolder: 'Ä'.repeat(80) }, 1_000_000, 'X')?.split('\n')[5]).toBe('Ä'.repeat(70))
    for (const amount of [0, -1_000_000, 1_005_000 + 1, 1_000_000_000 * 1_000_000]) expect(giroCodeText(bank, amount, 'X'), String(amount)).toBeNull()
  })
})

describe('nextTransferDue', () => {
  const payment = (kind: 'deposit' | 'balance', paid: boolean) => ({ kind, amount: 1, dueDate: '2027-01-01', paid, paymentUrl: '' })
  it('is the first unpaid instalment of a transfer, none for a direct debit', () => {
    expect(nextTransferDue({ paymentMethod: 'ueberweisung', payments: [payment('deposit', true), payment('balance', false)] })?.kind).toBe('balance')
    expect(nextTransferDue({ paymentMethod: 'ueberweisung', payments: [payment('deposit', true)] })).toBeUndefined()
    expect(nextTransferDue({ paymentMethod: 'lastschrift', payments: [payment('deposit', false)] })).toBeUndefined()
  })
})
