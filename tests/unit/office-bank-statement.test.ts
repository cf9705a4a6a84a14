import { describe, expect, it } from 'vitest'
import { MAX_STATEMENT_BYTES, bookingNumberCandidates, creditFits, creditState, identifyCredits } from '~/lib/office/bank-statement'
import { camtAmount, parseCamt053 } from '~/lib/office/camt'
import type { ParsedStatement } from '~/lib/office/camt'
import { camtStatement } from '../support/camt'

const EUR = 1_000_000

function parsed(xml: string): ParsedStatement {
  const result = parseCamt053(xml)
  if ('problem' in result) throw new Error(result.message)
  return result
}

describe('CAMT.053 statements', () => {
  it('reads each booked euro credit with its day, amount, payer and remittance text', () => {
    const s = parsed(
      camtStatement([
        { amount: '259.80', bookedOn: '2027-03-01', valueOn: '2027-03-02', txs: [{ payer: 'Hans Müller & Söhne', payerIban: 'DE75512108001245126199', ustrd: ['Anzahlung 7K4P-', '9XQ2 Müller'], endToEndId: 'E2E-1' }] },
      ]),
    )
    expect(s.accountIban).toBe('DE89370400440532013000')
    expect(s.statementRef).toBe('STMT-2027-03-01')
    expect(s.skipped).toBe(0)
    expect(s.credits).toEqual([
      {
        bookedOn: '2027-03-01',
        valueOn: '2027-03-02',
        amount: 259.8 * EUR,
        payer: 'Hans Müller & Söhne',
        payerIban: 'DE75512108001245126199',
        remittance: 'Anzahlung 7K4P- 9XQ2 Müller',
        bankReference: 'REF-1',
        entryRef: '1',
        endToEndId: 'E2E-1',
        txIndex: 0,
      },
    ])
  })

  it('leaves out debits, pending entries and other currencies, and counts them', () => {
    const s = parsed(
      camtStatement([
        { amount: '10.00', credit: false },
        { amount: '11.00', status: 'PDNG' },
        { amount: '12.00', ccy: 'CHF' },
        { amount: '13.00' },
      ]),
    )
    expect(s.credits.map((c) => c.amount)).toEqual([13 * EUR])
    expect(s.skipped).toBe(3)
  })

  it('splits a batch entry into its transactions, each with its own amount', () => {
    const s = parsed(camtStatement([{ amount: '300.00', txs: [{ amount: '100.00', ustrd: ['A'] }, { amount: '200.00', ustrd: ['B'] }] }]))
    expect(s.credits.map((c) => [c.amount, c.remittance])).toEqual([
      [100 * EUR, 'A'],
      [200 * EUR, 'B'],
    ])
    // A transaction of 0.00 in a batch is left out and counted, as an entry of 0.00 is (the table refuses it: the import failed).
    const zero = parsed(camtStatement([{ amount: '100.00', txs: [{ amount: '100.00', ustrd: ['A'] }, { amount: '0.00', ustrd: ['Null'] }] }]))
    expect([zero.credits.map((c) => c.remittance), zero.skipped]).toEqual([['A'], 1])
  })

  it('reads a batch entry of 130,000 transactions within the upload limit (issue 42: they were spread onto the stack)', () => {
    const transactions = '<TxDtls><Amt Ccy="EUR">1</Amt></TxDtls>'.repeat(130_000)
    const xml = camtStatement([{ amount: '130000.00', txs: [] }]).replace('<NtryDtls>', `<NtryDtls>${transactions}`)
    expect(xml.length).toBeLessThanOrEqual(MAX_STATEMENT_BYTES)
    const s = parsed(xml)
    expect(s.credits).toHaveLength(130_000)
    expect(s.credits[129_999]).toMatchObject({ amount: EUR, bookedOn: '2027-03-01' })
  }, 30_000)

  it('refuses what is no CAMT.053 statement with a German message', () => {
    expect(parseCamt053('kein xml <')).toMatchObject({ problem: 'not-xml' })
    expect(parseCamt053('<Document><pain/></Document>')).toMatchObject({ problem: 'not-camt053' })
    expect(parseCamt053(camtStatement([{ amount: '12,50' }]))).toMatchObject({ problem: 'bad-entry' })
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2027-01-01</Dt></BookgDt><AddtlNtryInf>&x;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`
    const result = parseCamt053(xxe)
    // An external entity is never read: the text stays without the file's content.
    if (!('problem' in result)) expect(result.credits[0]?.remittance ?? '').not.toContain('root:')
  })

  it('reads amounts exactly, in millionths of a euro', () => {
    expect(camtAmount('0.01')).toBe(10_000)
    expect(camtAmount('1234567.89')).toBe(1_234_567_890_000)
    expect(camtAmount('12')).toBe(12 * EUR)
    expect(camtAmount('-1.00')).toBeNull()
    expect(camtAmount('1.000001')).toBeNull()
  })
})

describe('matching credits to bookings', () => {
  it('finds booking numbers however the payer wrote them', () => {
    expect(bookingNumberCandidates('Buchung 7K4P-9XQ2 Anzahlung')).toEqual(['7K4P-9XQ2'])
    expect(bookingNumberCandidates('7k4p9xq2')).toEqual(['7K4P-9XQ2'])
    expect(bookingNumberCandidates('RE 7K4P 9XQ2')).toEqual(['7K4P-9XQ2'])
    // A bank cut the line inside the number.
    expect(bookingNumberCandidates('Reise 7K4P- 9XQ2')).toEqual(['7K4P-9XQ2'])
    // O, I and L typed for 0 and 1.
    expect(bookingNumberCandidates('AB1O-ILXY')).toEqual(['AB10-11XY'])
    expect(bookingNumberCandidates('Reise 2027 Familie Schulz')).toEqual([])
    // Any eight letters may be a number: only an existing booking makes one a match.
    expect(bookingNumberCandidates('Gardasee')).toEqual(['GARD-ASEE'])
    expect(bookingNumberCandidates('')).toEqual([])
  })

  it('says a credit fits when it is the next instalment, those up to a later one, or all that is owed', () => {
    const plan = [
      { amount: 200 * EUR, status: 'open' },
      { amount: 800 * EUR, status: 'open' },
    ]
    expect(creditFits(200 * EUR, 1000 * EUR, 0, plan)).toBe(true)
    expect(creditFits(1000 * EUR, 1000 * EUR, 0, plan)).toBe(true)
    expect(creditFits(800 * EUR, 1000 * EUR, 200 * EUR, plan)).toBe(true)
    expect(creditFits(150 * EUR, 1000 * EUR, 0, plan)).toBe(false)
    expect(creditFits(200 * EUR, 1000 * EUR, 1000 * EUR, plan)).toBe(false)
    expect(creditState(1, true)).toBe('matched')
    expect(creditState(1, false)).toBe('partial')
    expect(creditState(0, false)).toBe('unmatched')
    expect(creditState(2, true)).toBe('unmatched')
  })
})

describe('one payment per bank entry (issue 46, defect 2)', () => {
  const iban = 'DE89370400440532013000'
  const kinds = (xml: string) => identifyCredits(iban, parsed(xml).credits).map((c) => [c.byReference, c.repeated, c.possibleDuplicateOf !== null])

  it('knows an entry by the bank reference (AcctSvcrRef, else NtryRef), whatever else the export writes', () => {
    const entry = { amount: '443.60', ref: 'AZ-1', entryRef: '17', txs: [{ payer: 'Erika Mustermann', ustrd: ['Anzahlung 7K4P-9XQ2'] }] }
    const [first, second] = identifyCredits(iban, parsed(camtStatement([entry, { ...entry, txs: [{ payer: 'MUSTERMANN, ERIKA', ustrd: ['Anzahlung 7K4P 9XQ2'] }] }])).credits)
    expect(second).toMatchObject({ key: first?.key, byReference: true, repeated: true })
    // Only the entry's number: the same number again is the same entry, on another day another one.
    expect(kinds(camtStatement([{ ...entry, ref: '' }, { ...entry, ref: '' }, { ...entry, ref: '', bookedOn: '2027-03-02' }]))).toEqual([
      [true, false, false],
      [true, true, false],
      [true, false, false],
    ])
    // A batch entry's transactions share its reference and are told apart by their place in it.
    expect(kinds(camtStatement([{ amount: '20.00', ref: 'SAMMEL', txs: [{ amount: '10.00' }, { amount: '10.00' }] }]))).toEqual([
      [true, false, false],
      [true, false, false],
    ])
  })

  it('keeps a second entry without any reference, equal in every field, as a possible duplicate of the first', () => {
    const bare = { amount: '10.00', ref: '', entryRef: null, txs: [{ ustrd: ['Spende'] }] }
    const credits = identifyCredits(iban, parsed(camtStatement([bare, bare, { ...bare, amount: '11.00' }, bare])).credits)
    expect(credits.map((c) => [c.byReference, c.repeated, c.possibleDuplicateOf])).toEqual([
      [false, false, null],
      [false, false, credits[0]?.key],
      [false, false, null],
      [false, false, credits[0]?.key],
    ])
    expect(new Set(credits.map((c) => c.key)).size).toBe(4)
  })
})
