// The invoices that are not the confirmation itself, as PDFs in the house style the confirmation
// uses (../pdf/layout.server.ts): the Stornorechnung of a cancellation with a fee, and the copy of
// an invoice that a later version or the cancellation replaced.
import type { PaymentMethod } from '~/lib/booking/draft'
import { giroCodeText } from '~/lib/booking/girocode'
import { MARGIN_SCHEME_NOTE } from '~/lib/booking/legal'
import type { PriceLine } from '~/lib/booking/price'
import { paymentInstructions } from '~/lib/booking/summary'
import type { BankDetails } from '~/lib/booking/summary'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import { daysBeforeText } from '~/lib/office/cancellation'
import type { CancellationRecord } from '~/lib/office/cancellation'
import type { SiteInfo } from '~/lib/site'
import { priceTable } from './confirmation-pdf.server'
import { BOLD, MUTED, addressBlock, contentWidth, heading, left, letterhead, newDocument, pageFooters, pairs, pairsWithGiroCode, paragraph, table } from '../pdf/layout.server'
import type { Doc } from '../pdf/layout.server'
import type { InvoiceKind } from '../db/schema'

type IssuedRef = { number: string; kind: InvoiceKind; issuedOn: string }

/** An invoice as loaded for its PDF (invoices.server.ts). */
export type InvoiceDocument = {
  id: number
  number: string
  kind: InvoiceKind
  /** The booking's version it was issued for. */
  version: number
  amount: number
  /** The price lines as invoiced ([] for a cancellation invoice). */
  lines: PriceLine[]
  issuedAt: Date
  /** The Berlin day it was issued: the invoice's date. */
  issuedOn: string
  bookingNumber: string
  bookingStatus: string
  paymentMethod: PaymentMethod
  /** Of the booking's newest SEPA mandate; null without one. */
  mandateReference: string | null
  booker: { firstname: string; lastname: string; street: string; street_nr: string; zip: string; city: string }
  trip: { title: string; dateFrom: string; dateTill: string }
  /** The invoice issued before it for the booking (the one it replaces), and the one after it. */
  replaces: IssuedRef | null
  replacedBy: IssuedRef | null
  /** Whether it is the booking's last invoice of kind 'invoice' (its travel period is then the booking's). */
  lastOfItsKind: boolean
  /** For a cancellation invoice: what the cancellation said. */
  cancellation: CancellationRecord | null
}

export const CANCELLATION_INVOICE_TITLE = 'Stornorechnung'

type Options = { compress?: boolean }

const greeting = (b: InvoiceDocument['booker']) => {
  const name = [b.firstname.trim(), b.lastname.trim()].filter(Boolean).join(' ')
  return name ? `Guten Tag ${name},` : 'Guten Tag,'
}

function start(doc: Doc, invoice: InvoiceDocument, site: SiteInfo, title: string, facts: [string, string][]): void {
  const primary = site.colors.primary
  const b = invoice.booker
  letterhead(doc, site, primary)
  addressBlock(doc, site, [`${b.firstname} ${b.lastname}`, `${b.street} ${b.street_nr}`, `${b.zip} ${b.city}`], [
    ['Rechnungsnummer', invoice.number],
    ['Rechnungsdatum', formatDate(invoice.issuedOn)],
    ['Buchungsnummer', invoice.bookingNumber],
    ...facts,
  ])
  doc.font(BOLD).fontSize(18).fillColor(primary).text(title, left(doc), doc.y, { width: contentWidth(doc) })
  doc.y += 6
  paragraph(doc, greeting(b))
}

/** The line of the fee: its tier as percentage of the travel price and days before departure. */
export function cancellationFeeLine(c: Pick<CancellationRecord, 'percent' | 'price' | 'cancelledOn' | 'daysBefore'>): string {
  return `Stornogebühr: ${c.percent} % des Reisepreises von ${formatPrice(c.price)}, Rücktritt am ${formatDate(c.cancelledOn)} (${daysBeforeText(c.daysBefore)})`
}

/**
 * The Stornorechnung: the operator, the customer's address, number and date, the booking, trip and
 * date, the fee as the invoice's one line with its tier, the invoice it replaces, the § 25 UStG
 * note, what was paid, and the refund due or the rest owed with its day and how it is paid (the
 * account with the booking number and a GiroCode, or the debit under the mandate).
 */
export function renderCancellationInvoicePdf(
  invoice: InvoiceDocument & { cancellation: CancellationRecord },
  site: SiteInfo,
  bank: BankDetails,
  options: Options = {},
): Promise<Buffer> {
  const c = invoice.cancellation
  const title = `${CANCELLATION_INVOICE_TITLE} ${invoice.number}`
  // The invoice's own time rather than now: printed again, it is the same document.
  const { doc, done } = newDocument({ title, subject: invoice.trip.title, site, created: invoice.issuedAt, compress: options.compress })
  const primary = site.colors.primary
  start(doc, invoice, site, CANCELLATION_INVOICE_TITLE, [])
  paragraph(
    doc,
    `wie gewünscht haben wir Ihre Buchung ${invoice.bookingNumber} am ${formatDate(c.cancelledOn)} storniert. Für Ihren Rücktritt von der Reise berechnen wir die Entschädigung nach der Rücktrittsstaffel Ihrer Reisebedingungen (§ 651h Abs. 2 BGB).`,
  )
  if (invoice.replaces) {
    paragraph(doc, `Diese Stornorechnung ersetzt unsere Rechnung Nr. ${invoice.replaces.number} vom ${formatDate(invoice.replaces.issuedOn)} über den Reisepreis.`, { font: BOLD })
  }

  heading(doc, 'Ihre stornierte Reise', primary)
  paragraph(doc, invoice.trip.title, { font: BOLD, size: 12, gap: 2 })
  paragraph(doc, `Reisezeitraum: ${formatDateRange(invoice.trip.dateFrom, invoice.trip.dateTill)}`)

  heading(doc, 'Rechnung', primary)
  table(
    doc,
    [
      { header: 'Leistung', share: 0.75 },
      { header: 'Betrag', share: 0.25, align: 'right' },
    ],
    [[cancellationFeeLine(c), formatPrice(invoice.amount)]],
    ['Rechnungsbetrag', formatPrice(invoice.amount)],
  )
  paragraph(doc, MARGIN_SCHEME_NOTE, { size: 10, color: MUTED })
  paragraph(doc, 'Es steht Ihnen frei nachzuweisen, dass uns kein oder ein wesentlich geringerer Schaden entstanden ist.', { size: 10, color: MUTED })

  heading(doc, 'Ihre Zahlungen', primary)
  const money: [string, string][] = [
    ['Rechnungsbetrag', formatPrice(invoice.amount)],
    ['Bereits gezahlt', formatPrice(c.paid)],
  ]
  if (c.refund > 0) {
    pairs(doc, [...money, ['Wir erstatten Ihnen', formatPrice(c.refund)]])
    paragraph(doc, `Wir erstatten Ihnen ${formatPrice(c.refund)} bis zum ${formatDate(c.refundBy)} auf das Konto, von dem Ihre Zahlung kam.`)
  } else if (c.owed > 0) {
    pairs(doc, [...money, ['Noch zu zahlen', formatPrice(c.owed)], ['Fällig am', formatDate(c.owedBy)]])
    if (invoice.paymentMethod === 'lastschrift') {
      paragraph(
        doc,
        `Den offenen Betrag von ${formatPrice(c.owed)} ziehen wir per SEPA-Lastschrift von Ihrem Konto ein. Betrag und Tag der Abbuchung kündigen wir Ihnen vorher per E-Mail an. Bitte sorgen Sie für ausreichende Deckung.`,
      )
      pairs(doc, paymentInstructions({ paymentMethod: 'lastschrift', bookingNumber: invoice.bookingNumber, mandateReference: invoice.mandateReference }, bank).rows)
    } else {
      paragraph(doc, `Bitte überweisen Sie ${formatPrice(c.owed)} bis zum ${formatDate(c.owedBy)} auf unser Konto und geben Sie als Verwendungszweck Ihre Buchungsnummer an:`)
      const account = paymentInstructions({ paymentMethod: 'ueberweisung', bookingNumber: invoice.bookingNumber, mandateReference: null }, bank).rows
      const code = giroCodeText(bank, c.owed, invoice.bookingNumber)
      if (code) pairsWithGiroCode(doc, account, code, `GiroCode für die Stornogebühr über ${formatPrice(c.owed)}: mit der Banking-App scannen, die Überweisung ist dann ausgefüllt.`)
      else pairs(doc, account)
    }
  } else {
    pairs(doc, money)
    paragraph(doc, 'Ihre Zahlungen und die Stornogebühr gleichen sich aus: Es ist nichts mehr zu zahlen oder zu erstatten.')
  }

  pageFooters(doc, title, site)
  doc.end()
  return done
}

/**
 * A copy of an invoice that a later one replaced: what it invoiced (its lines and total as issued),
 * for the office's files. Its travel period is said only when it is the booking's last invoice of
 * the trip: an earlier version may have been on another date, which the invoice does not keep.
 */
export function renderInvoiceCopyPdf(invoice: InvoiceDocument, site: SiteInfo, options: Options = {}): Promise<Buffer> {
  const title = `Rechnung ${invoice.number}`
  const { doc, done } = newDocument({ title, subject: invoice.trip.title, site, created: invoice.issuedAt, compress: options.compress })
  const primary = site.colors.primary
  start(doc, invoice, site, 'Rechnung (Kopie)', [['Version der Buchung', String(invoice.version)]])
  const replaced = invoice.replacedBy
    ? ` Sie ist ersetzt durch unsere ${invoice.replacedBy.kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung'} Nr. ${invoice.replacedBy.number} vom ${formatDate(invoice.replacedBy.issuedOn)}.`
    : ''
  paragraph(doc, `dies ist eine Kopie unserer Rechnung zu Version ${invoice.version} Ihrer Buchung ${invoice.bookingNumber} (Buchungsbestätigung und Rechnung).${replaced}`)

  heading(doc, 'Ihre Reise', primary)
  paragraph(doc, invoice.trip.title, { font: BOLD, size: 12, gap: 2 })
  paragraph(
    doc,
    invoice.lastOfItsKind
      ? `Reisezeitraum: ${formatDateRange(invoice.trip.dateFrom, invoice.trip.dateTill)}`
      : 'Reisezeitraum und Leistungen im Einzelnen: siehe die Buchungsbestätigung dieser Version.',
  )

  priceTable(doc, invoice.lines, invoice.amount, primary)
  paragraph(doc, MARGIN_SCHEME_NOTE, { size: 10, color: MUTED })
  pageFooters(doc, title, site)
  doc.end()
  return done
}
