// A field-by-field check of a pain.008.001.08 document against the ISO 20022 schema
// (urn:iso:std:iso:20022:tech:xsd:pain.008.001.08), written out here because no npm package ships
// the official XSD: every complex type the SEPA Core debit uses with its children in the schema's
// order and occurrences, every simple type with its pattern or length, and the EPC's rules for
// SEPA on top (EUR, two decimals, SEPA service level, CORE/B2B, scheme name SEPA). An element the
// schema does not allow at its place, a missing one or a wrong value is an error.
import { XMLParser } from 'fast-xml-parser'

export const PAIN_008_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.08'

type Simple = (value: string) => string | null
type Child = { name: string; type: Type; min: number; max: number }
type Complex = { kind: 'sequence' | 'choice'; children: Child[]; attributes?: Record<string, Simple> }
type Type = Simple | Complex

const pattern =
  (re: RegExp, what: string): Simple =>
  (v) =>
    re.test(v) ? null : `${what} expected, found "${v}"`
const text =
  (min: number, max: number): Simple =>
  (v) =>
    v.length >= min && v.length <= max ? null : `text of ${min}–${max} characters expected, found ${v.length}`
const oneOf =
  (...codes: string[]): Simple =>
  (v) =>
    codes.includes(v) ? null : `one of ${codes.join(', ')} expected, found "${v}"`
const decimal =
  (fraction: number, total: number): Simple =>
  (v) => {
    const m = /^(\d+)(?:\.(\d+))?$/.exec(v)
    if (!m) return `decimal expected, found "${v}"`
    const digits = (m[1] ?? '').replace(/^0+(?=\d)/, '').length + (m[2]?.length ?? 0)
    if ((m[2]?.length ?? 0) > fraction) return `at most ${fraction} fraction digits, found "${v}"`
    return digits > total ? `at most ${total} digits, found "${v}"` : null
  }
const isoDate: Simple = (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? null : `ISODate expected, found "${v}"`)
const isoDateTime = pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/, 'ISODateTime')
const bool = oneOf('true', 'false')

const Max35Text = text(1, 35)
const Max70Text = text(1, 70)
const Max140Text = text(1, 140)
const Max15NumericText = pattern(/^[0-9]{1,15}$/, 'Max15NumericText')
const DecimalNumber = decimal(17, 18)
const IBAN2007Identifier = pattern(/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/, 'IBAN')
const BICFIDec2014Identifier = pattern(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'BIC')
const CountryCode = pattern(/^[A-Z]{2}$/, 'CountryCode')
const ActiveOrHistoricCurrencyCode = pattern(/^[A-Z]{3}$/, 'currency code')
const UUIDv4 = pattern(/^[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}$/, 'UUIDv4')

const el = (name: string, type: Type, min = 1, max = 1): Child => ({ name, type, min, max })
const seq = (...children: Child[]): Complex => ({ kind: 'sequence', children })
const choice = (...children: Child[]): Complex => ({ kind: 'choice', children })
const codeOrProprietary = (code: Simple): Complex => choice(el('Cd', code), el('Prtry', Max35Text))

const GenericIdentification = (schemeCode: Simple): Complex =>
  seq(el('Id', Max35Text), el('SchmeNm', codeOrProprietary(schemeCode), 0), el('Issr', Max35Text, 0))
const DateAndPlaceOfBirth1 = seq(el('BirthDt', isoDate), el('PrvcOfBirth', Max35Text, 0), el('CityOfBirth', Max35Text), el('CtryOfBirth', CountryCode))
const PersonIdentification13 = seq(el('DtAndPlcOfBirth', DateAndPlaceOfBirth1, 0), el('Othr', GenericIdentification(text(1, 4)), 0, Infinity))
const OrganisationIdentification29 = seq(
  el('AnyBIC', pattern(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'AnyBIC'), 0),
  el('LEI', pattern(/^[A-Z0-9]{18}[0-9]{2}$/, 'LEI'), 0),
  el('Othr', GenericIdentification(text(1, 4)), 0, Infinity),
)
const Party38Choice = choice(el('OrgId', OrganisationIdentification29), el('PrvtId', PersonIdentification13))
const PostalAddress24 = seq(
  el('AdrTp', codeOrProprietary(oneOf('ADDR', 'PBOX', 'HOME', 'BIZZ', 'MLTO', 'DLVY')), 0),
  el('Dept', Max70Text, 0),
  el('SubDept', Max70Text, 0),
  el('StrtNm', Max70Text, 0),
  el('BldgNb', text(1, 16), 0),
  el('BldgNm', Max35Text, 0),
  el('Flr', Max70Text, 0),
  el('PstBx', text(1, 16), 0),
  el('Room', Max70Text, 0),
  el('PstCd', text(1, 16), 0),
  el('TwnNm', Max35Text, 0),
  el('TwnLctnNm', Max35Text, 0),
  el('DstrctNm', Max35Text, 0),
  el('CtrySubDvsn', Max35Text, 0),
  el('Ctry', CountryCode, 0),
  el('AdrLine', Max70Text, 0, 7),
)
const PartyIdentification135 = seq(
  el('Nm', Max140Text, 0),
  el('PstlAdr', PostalAddress24, 0),
  el('Id', Party38Choice, 0),
  el('CtryOfRes', CountryCode, 0),
)
const CashAccount38 = seq(
  el('Id', choice(el('IBAN', IBAN2007Identifier), el('Othr', GenericIdentification(text(1, 4))))),
  el('Tp', codeOrProprietary(text(1, 4)), 0),
  el('Ccy', ActiveOrHistoricCurrencyCode, 0),
  el('Nm', Max70Text, 0),
)
const FinancialInstitutionIdentification18 = seq(
  el('BICFI', BICFIDec2014Identifier, 0),
  el('ClrSysMmbId', seq(el('ClrSysId', codeOrProprietary(text(1, 5)), 0), el('MmbId', Max35Text)), 0),
  el('LEI', pattern(/^[A-Z0-9]{18}[0-9]{2}$/, 'LEI'), 0),
  el('Nm', Max140Text, 0),
  el('PstlAdr', PostalAddress24, 0),
  el('Othr', GenericIdentification(text(1, 4)), 0),
)
const BranchAndFinancialInstitutionIdentification6 = seq(el('FinInstnId', FinancialInstitutionIdentification18))

const GroupHeader83 = seq(
  el('MsgId', Max35Text),
  el('CreDtTm', isoDateTime),
  el('Authstn', choice(el('Cd', oneOf('AUTH', 'FDET', 'FSUM', 'ILEV')), el('Prtry', Max140Text)), 0, 2),
  el('NbOfTxs', Max15NumericText),
  el('CtrlSum', DecimalNumber, 0),
  el('InitgPty', PartyIdentification135),
  el('FwdgAgt', BranchAndFinancialInstitutionIdentification6, 0),
)
const PaymentTypeInformation29 = seq(
  el('InstrPrty', oneOf('HIGH', 'NORM'), 0),
  el('SvcLvl', codeOrProprietary(text(1, 4)), 0, Infinity),
  el('LclInstrm', codeOrProprietary(text(1, 35)), 0),
  el('SeqTp', oneOf('FRST', 'RCUR', 'FNAL', 'OOFF', 'RPRE'), 0),
  el('CtgyPurp', codeOrProprietary(text(1, 4)), 0),
)
const MandateRelatedInformation14 = seq(
  el('MndtId', Max35Text, 0),
  el('DtOfSgntr', isoDate, 0),
  el('AmdmntInd', bool, 0),
  el(
    'AmdmntInfDtls',
    seq(
      el('OrgnlMndtId', Max35Text, 0),
      el('OrgnlCdtrSchmeId', PartyIdentification135, 0),
      el('OrgnlCdtrAgt', BranchAndFinancialInstitutionIdentification6, 0),
      el('OrgnlCdtrAgtAcct', CashAccount38, 0),
      el('OrgnlDbtr', PartyIdentification135, 0),
      el('OrgnlDbtrAcct', CashAccount38, 0),
      el('OrgnlDbtrAgt', BranchAndFinancialInstitutionIdentification6, 0),
      el('OrgnlDbtrAgtAcct', CashAccount38, 0),
      el('OrgnlFnlColltnDt', isoDate, 0),
    ),
    0,
  ),
  el('ElctrncSgntr', text(1, 1025), 0),
  el('FrstColltnDt', isoDate, 0),
  el('FnlColltnDt', isoDate, 0),
)
const DirectDebitTransaction10 = seq(
  el('MndtRltdInf', MandateRelatedInformation14, 0),
  el('CdtrSchmeId', PartyIdentification135, 0),
  el('PreNtfctnId', Max35Text, 0),
  el('PreNtfctnDt', isoDate, 0),
)
const amount: Complex = {
  kind: 'sequence',
  children: [],
  attributes: { Ccy: ActiveOrHistoricCurrencyCode },
}
const DirectDebitTransactionInformation23 = seq(
  el('PmtId', seq(el('InstrId', Max35Text, 0), el('EndToEndId', Max35Text), el('UETR', UUIDv4, 0))),
  el('PmtTpInf', PaymentTypeInformation29, 0),
  el('InstdAmt', amount),
  el('ChrgBr', oneOf('DEBT', 'CRED', 'SHAR', 'SLEV'), 0),
  el('DrctDbtTx', DirectDebitTransaction10, 0),
  el('UltmtCdtr', PartyIdentification135, 0),
  el('DbtrAgt', BranchAndFinancialInstitutionIdentification6),
  el('DbtrAgtAcct', CashAccount38, 0),
  el('Dbtr', PartyIdentification135),
  el('DbtrAcct', CashAccount38),
  el('UltmtDbtr', PartyIdentification135, 0),
  el('InstrForCdtrAgt', Max140Text, 0),
  el('Purp', codeOrProprietary(text(1, 4)), 0),
  el('RmtInf', seq(el('Ustrd', Max140Text, 0, Infinity)), 0),
)
const PaymentInstruction29 = seq(
  el('PmtInfId', Max35Text),
  el('PmtMtd', oneOf('DD')),
  el('BtchBookg', bool, 0),
  el('NbOfTxs', Max15NumericText, 0),
  el('CtrlSum', DecimalNumber, 0),
  el('PmtTpInf', PaymentTypeInformation29, 0),
  el('ReqdColltnDt', isoDate),
  el('Cdtr', PartyIdentification135),
  el('CdtrAcct', CashAccount38),
  el('CdtrAgt', BranchAndFinancialInstitutionIdentification6),
  el('CdtrAgtAcct', CashAccount38, 0),
  el('UltmtCdtr', PartyIdentification135, 0),
  el('ChrgBr', oneOf('DEBT', 'CRED', 'SHAR', 'SLEV'), 0),
  el('ChrgsAcct', CashAccount38, 0),
  el('ChrgsAcctAgt', BranchAndFinancialInstitutionIdentification6, 0),
  el('CdtrSchmeId', PartyIdentification135, 0),
  el('DrctDbtTxInf', DirectDebitTransactionInformation23, 1, Infinity),
)
const Document = seq(el('CstmrDrctDbtInitn', seq(el('GrpHdr', GroupHeader83), el('PmtInf', PaymentInstruction29, 1, Infinity))))

type Node = { name: string; attributes: Record<string, string>; children: Node[]; text: string }

function toNodes(items: unknown[]): Node[] {
  const nodes: Node[] = []
  for (const item of items as Record<string, unknown>[]) {
    const name = Object.keys(item).find((k) => k !== ':@')
    if (!name || name === '#text' || name === '?xml') continue
    const raw = item[name] as unknown[]
    const attributes = Object.fromEntries(Object.entries((item[':@'] as Record<string, string> | undefined) ?? {}).map(([k, v]) => [k.replace(/^@_/, ''), String(v)]))
    const text = raw
      .map((c) => (c as Record<string, unknown>)['#text'])
      .filter((t) => t !== undefined)
      .join('')
    nodes.push({ name, attributes, children: toNodes(raw), text: String(text) })
  }
  return nodes
}

function checkNode(node: Node, type: Type, path: string, errors: string[]): void {
  const t = type
  if (typeof t === 'function') {
    if (node.children.length) errors.push(`${path}: text expected, found elements`)
    const problem = t(node.text)
    if (problem) errors.push(`${path}: ${problem}`)
    return
  }
  for (const [attr, check] of Object.entries(t.attributes ?? {})) {
    const value = node.attributes[attr]
    if (value === undefined) errors.push(`${path}: attribute ${attr} missing`)
    else if (check(value)) errors.push(`${path}/@${attr}: ${check(value)}`)
  }
  if (t === amount) {
    const problem = decimal(5, 18)(node.text)
    if (problem) errors.push(`${path}: ${problem}`)
    return
  }
  if (t.kind === 'choice') {
    if (node.children.length !== 1) errors.push(`${path}: exactly one of ${t.children.map((c) => c.name).join(', ')} expected`)
    const [only] = node.children
    const allowed = t.children.find((c) => c.name === only?.name)
    if (only && !allowed) errors.push(`${path}: ${only.name} not allowed here`)
    if (only && allowed) checkNode(only, allowed.type, `${path}/${only.name}`, errors)
    return
  }
  let i = 0
  for (const child of t.children) {
    let n = 0
    while (node.children[i]?.name === child.name) {
      const found = node.children[i]!
      n++
      checkNode(found, child.type, `${path}/${child.name}${child.max > 1 ? `[${n}]` : ''}`, errors)
      i++
    }
    if (n < child.min) errors.push(`${path}: ${child.name} missing`)
    if (n > child.max) errors.push(`${path}: ${child.name} at most ${child.max} times, found ${n}`)
  }
  for (const extra of node.children.slice(i)) errors.push(`${path}: ${extra.name} not allowed here (schema order: ${t.children.map((c) => c.name).join(', ')})`)
}

/** The EPC's SEPA Core rules on top of the ISO schema (Implementation Guidelines SDD Core). */
function checkSepaRules(root: Node, errors: string[]): void {
  const all = (node: Node, name: string): Node[] => node.children.flatMap((c) => (c.name === name ? [c, ...all(c, name)] : all(c, name)))
  const at = (node: Node, ...names: string[]): Node | undefined => names.reduce<Node | undefined>((n, name) => n?.children.find((c) => c.name === name), node)
  for (const amountNode of all(root, 'InstdAmt')) {
    if (amountNode.attributes['Ccy'] !== 'EUR') errors.push('InstdAmt: currency EUR expected')
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(amountNode.text) || Number(amountNode.text) < 0.01) errors.push(`InstdAmt: 0.01–999999999.99 with at most two decimals expected, found ${amountNode.text}`)
  }
  for (const pmtInf of all(root, 'PmtInf')) {
    if (at(pmtInf, 'PmtTpInf', 'SvcLvl', 'Cd')?.text !== 'SEPA') errors.push('PmtInf: service level SEPA expected')
    if (!['CORE', 'B2B'].includes(at(pmtInf, 'PmtTpInf', 'LclInstrm', 'Cd')?.text ?? '')) errors.push('PmtInf: local instrument CORE or B2B expected')
    if (!at(pmtInf, 'PmtTpInf', 'SeqTp')) errors.push('PmtInf: sequence type expected')
    const scheme = at(pmtInf, 'CdtrSchmeId', 'Id', 'PrvtId', 'Othr')
    if (!scheme || at(scheme, 'SchmeNm', 'Prtry')?.text !== 'SEPA') errors.push('PmtInf: creditor scheme id with scheme name SEPA expected')
    for (const tx of pmtInf.children.filter((c) => c.name === 'DrctDbtTxInf')) {
      if (!at(tx, 'DrctDbtTx', 'MndtRltdInf', 'MndtId') || !at(tx, 'DrctDbtTx', 'MndtRltdInf', 'DtOfSgntr')) errors.push('DrctDbtTxInf: mandate id and date of signature expected')
    }
  }
}

/** The schema's and the EPC's objections to the document; an empty list when it is valid. */
export function pain008Problems(xml: string): string[] {
  const parsed = new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseTagValue: false, trimValues: true }).parse(xml) as unknown[]
  const [root] = toNodes(parsed)
  if (!root || root.name !== 'Document') return ['root element Document expected']
  if (root.attributes['xmlns'] !== PAIN_008_NAMESPACE) return [`namespace ${PAIN_008_NAMESPACE} expected, found ${root.attributes['xmlns']}`]
  const errors: string[] = []
  checkNode(root, Document, 'Document', errors)
  checkSepaRules(root, errors)
  return errors
}

/** The document as plain nested objects (repeated elements as arrays), for reading values in a test. */
export function parsePain008(xml: string): Record<string, unknown> {
  return new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['PmtInf', 'DrctDbtTxInf'].includes(name) }).parse(xml) as Record<string, unknown>
}
