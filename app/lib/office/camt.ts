// A bank statement as German banks export it (CAMT.053, ISO 20022; DESIGN 12): the credits it
// books, each with what the office needs to match it to a booking. Entries (`Ntry`) hold one or,
// for a batch, several transactions (`NtryDtls/TxDtls`); only booked credits in euros count, debits,
// pending entries and reversals are left to the bank's own view. Pure; parsed by fast-xml-parser,
// which expands no external entities and caps internal ones.
import { XMLParser, XMLValidator } from 'fast-xml-parser'

export type StatementCredit = {
  /** The statement's booking day (BookgDt), or its value day when it has none. */
  bookedOn: string
  /** The day the money counts from (ValDt): the ledger's day of payment. */
  valueOn: string
  amount: number
  payer: string
  payerIban: string
  /** The remittance text (RmtInf/Ustrd, lines joined; a structured creditor reference appended). */
  remittance: string
  /** The bank's references: the transaction's or else the entry's (AcctSvcrRef), the entry's number (NtryRef), and the payer's end-to-end id. */
  bankReference: string
  entryRef: string
  endToEndId: string
  /** The transaction's place in its entry: 0, or in a batch entry 0, 1, …. */
  txIndex: number
}

export type ParsedStatement = {
  /** The statements' ids (Stmt/Id), comma-separated. */
  statementRef: string
  accountIban: string
  credits: StatementCredit[]
  /** Entries that are no booked euro credit: debits, pending ones, reversals, other currencies. */
  skipped: number
}

export type StatementProblem = { problem: 'not-xml' | 'not-camt053' | 'bad-entry'; message: string }

export const STATEMENT_PROBLEM_MESSAGES = {
  'not-xml': 'Die Datei ist keine XML-Datei. Bitte laden Sie den Kontoauszug im Format CAMT.053 (XML) hoch.',
  'not-camt053': 'Die Datei ist kein Kontoauszug im Format CAMT.053. Bitte exportieren Sie den Tagesauszug in Ihrem Online-Banking als „CAMT.053“.',
  'bad-entry': 'Eine Buchung im Kontoauszug hat keinen gültigen Betrag oder kein Datum. Bitte exportieren Sie den Kontoauszug erneut.',
} as const

const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'Ref'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Values stay text: an amount is read exactly, an id keeps its leading zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
})

type Node = Record<string, unknown>

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v])

/** The node at the path, or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let here = node
  for (const step of path) {
    if (!isNode(here)) return undefined
    here = here[step]
    if (Array.isArray(here)) here = here[0]
  }
  return here
}

/** A text node's text ('#text' when it carries attributes). */
function text(node: unknown): string {
  if (typeof node === 'string') return node
  if (typeof node === 'number') return String(node)
  if (isNode(node) && typeof node['#text'] === 'string') return node['#text']
  return ''
}

const textAt = (node: unknown, ...path: string[]) => text(at(node, ...path)).trim()

/** An ISO 20022 amount ('1234.5', at most five decimals) in millionths of a euro; null if malformed. */
export function camtAmount(value: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,5}))?$/.exec(value.trim())
  if (!m) return null
  const [, whole = '0', fraction = ''] = m
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'))
}

/** A date or date-time node (Dt or DtTm) as YYYY-MM-DD. */
function day(node: unknown): string {
  const value = textAt(node, 'Dt') || textAt(node, 'DtTm')
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value)
  return m?.[1] ?? ''
}

/** The status code: camt.053.001.02 writes it as text, later versions as Sts/Cd. */
const statusOf = (entry: Node) => textAt(entry, 'Sts', 'Cd') || textAt(entry, 'Sts')

/** A party's name: `Dbtr/Nm` (up to .07) or `Dbtr/Pty/Nm` (.08). */
const partyName = (parties: unknown, role: string) => textAt(parties, role, 'Nm') || textAt(parties, role, 'Pty', 'Nm')

function remittanceOf(tx: unknown): string {
  const rmt = at(tx, 'RmtInf')
  const lines = list(isNode(rmt) ? rmt['Ustrd'] : undefined).map(text)
  for (const s of list(isNode(rmt) ? rmt['Strd'] : undefined)) {
    const ref = textAt(s, 'CdtrRefInf', 'Ref')
    if (ref) lines.push(ref)
  }
  return lines.map((l) => l.trim()).filter(Boolean).join(' ')
}

function amountOfTx(tx: unknown): number | null {
  const value = textAt(tx, 'Amt') || textAt(tx, 'AmtDtls', 'TxAmt', 'Amt')
  return value ? camtAmount(value) : null
}

const currencyOfTx = (tx: unknown) => {
  const amt = at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt')
  return isNode(amt) && typeof amt['@Ccy'] === 'string' ? amt['@Ccy'] : ''
}

/** The credits of a CAMT.053 file, or what is wrong with it. */
export function parseCamt053(xml: string): ParsedStatement | StatementProblem {
  const problem = (p: StatementProblem['problem']): StatementProblem => ({ problem: p, message: STATEMENT_PROBLEM_MESSAGES[p] })
  if (XMLValidator.validate(xml) !== true) return problem('not-xml')
  let doc: unknown
  try {
    doc = parser.parse(xml)
  } catch {
    return problem('not-xml')
  }
  const report = at(doc, 'Document', 'BkToCstmrStmt')
  const statements = list(isNode(report) ? report['Stmt'] : undefined)
  if (statements.length === 0) return problem('not-camt053')

  const credits: StatementCredit[] = []
  let skipped = 0
  const ids: string[] = []
  let accountIban = ''
  for (const stmt of statements) {
    const id = textAt(stmt, 'Id')
    if (id) ids.push(id)
    accountIban ||= textAt(stmt, 'Acct', 'Id', 'IBAN')
    for (const entry of list(isNode(stmt) ? stmt['Ntry'] : undefined)) {
      if (!isNode(entry)) continue
      const amount = camtAmount(textAt(entry, 'Amt'))
      const bookedOn = day(at(entry, 'BookgDt')) || day(at(entry, 'ValDt'))
      if (amount === null || !bookedOn) return problem('bad-entry')
      const currency = isNode(entry['Amt']) ? entry['Amt']['@Ccy'] : undefined
      const reversal = textAt(entry, 'RvslInd') === 'true'
      if (textAt(entry, 'CdtDbtInd') !== 'CRDT' || statusOf(entry) !== 'BOOK' || currency !== 'EUR' || reversal || amount === 0) {
        skipped++
        continue
      }
      const valueOn = day(at(entry, 'ValDt')) || bookedOn
      const entryRef = textAt(entry, 'AcctSvcrRef')
      const entryNumber = textAt(entry, 'NtryRef')
      const transactions: unknown[] = []
      // One by one, not push(...): a batch entry may hold 100,000 transactions, too many arguments for the stack.
      for (const details of list(entry['NtryDtls'])) for (const tx of list(isNode(details) ? details['TxDtls'] : undefined)) transactions.push(tx)
      // An entry without details is one credit of its own amount.
      const txs = transactions.length > 0 ? transactions : [{}]
      for (const [txIndex, tx] of txs.entries()) {
        const txAmount = txs.length === 1 ? amount : amountOfTx(tx)
        if (txAmount === null) return problem('bad-entry')
        // A transaction of nothing is no credit (the entry's own amount of 0 is left out above).
        if (txs.length > 1 && (currencyOfTx(tx) !== 'EUR' || txAmount === 0)) {
          skipped++
          continue
        }
        const parties = at(tx, 'RltdPties')
        const endToEndId = textAt(tx, 'Refs', 'EndToEndId')
        credits.push({
          bookedOn,
          valueOn,
          amount: txAmount,
          payer: partyName(parties, 'Dbtr') || partyName(parties, 'UltmtDbtr'),
          payerIban: textAt(parties, 'DbtrAcct', 'Id', 'IBAN'),
          remittance: remittanceOf(tx) || textAt(entry, 'AddtlNtryInf'),
          bankReference: textAt(tx, 'Refs', 'AcctSvcrRef') || entryRef,
          entryRef: entryNumber,
          endToEndId: endToEndId === 'NOTPROVIDED' ? '' : endToEndId,
          txIndex,
        })
      }
    }
  }
  return { statementRef: ids.join(', '), accountIban, credits, skipped }
}
