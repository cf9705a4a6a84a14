// The booking confirmation as a PDF: the same content as the confirmation mail, laid out on A4 in
// the house style of ../pdf/layout.server.ts.
import { Parser } from 'htmlparser2'
import { PAYMENT_METHOD_LABELS } from '~/lib/booking/draft'
import { MARGIN_SCHEME_NOTE, NO_WITHDRAWAL_NOTICE } from '~/lib/booking/legal'
import { giroCodeText, nextTransferDue } from '~/lib/booking/girocode'
import { PAYMENT_KIND_LABELS, paymentInstructions } from '~/lib/booking/summary'
import type { BankDetails, BookingSummary } from '~/lib/booking/summary'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import type { SiteInfo } from '~/lib/site'
import {
  acceptanceText,
  agbText,
  agencyText,
  CONFIRMATION_TITLE,
  confirmationTitle,
  contractSections,
  greeting,
  insolvencyText,
  paymentRows,
  priceLineLabel,
  pricesInclude,
  servicesSection,
  travellerLines,
  travelTimesText,
} from './confirmation-mail.server'
import type { ConfirmationOptions, ContractSection, Insolvency } from './confirmation-mail.server'
import {
  BOLD,
  MUTED,
  REGULAR,
  TEXT,
  addressBlock,
  contentWidth,
  ensureSpace,
  giroCode,
  heading,
  left,
  letterhead,
  newDocument,
  pageFooters,
  pairs,
  paragraph,
  table,
  winAnsi,
} from '../pdf/layout.server'
import type { Doc } from '../pdf/layout.server'
import type { PriceLine } from '~/lib/booking/price'

export type ConfirmationPdfOptions = ConfirmationOptions & {
  /** false writes readable content streams (tests look into them); true (default) deflates them. */
  compress?: boolean
}

/** Items with a bullet and a hanging indent, each kept whole on a page where it fits. */
function bullets(doc: Doc, items: string[], { size = 10.5 } = {}): void {
  const indent = 12
  const width = contentWidth(doc) - indent
  doc.font(REGULAR).fontSize(size).fillColor(TEXT)
  for (const item of items) {
    const safe = winAnsi(item)
    ensureSpace(doc, Math.min(doc.heightOfString(safe, { width }), doc.currentLineHeight(true) * 3))
    const top = doc.y
    doc.text('•', left(doc), top, { width: indent })
    doc.text(safe, left(doc) + indent, top, { width })
    doc.y += 1.5
  }
  doc.x = left(doc)
  doc.y += 3
}

/** A section of the contract (services, cancellation, contacts …): its heading, paragraphs and lists. */
function contractSection(doc: Doc, section: ContractSection, primary: string): void {
  heading(doc, section.heading, primary)
  for (const block of section.blocks) {
    if ('items' in block) bullets(doc, block.items)
    else paragraph(doc, block.text)
  }
}

/** The booker's address where a window envelope shows it, and booking number and date beside it. */
function bookingAddressBlock(doc: Doc, summary: BookingSummary, site: SiteInfo): void {
  const b = summary.booker
  addressBlock(doc, site, [`${b.firstname} ${b.lastname}`, `${b.street} ${b.street_nr}`, `${b.zip} ${b.city}`], [
    ['Buchungsnummer', summary.bookingNumber],
    ['Buchungsdatum', formatDate(summary.createdAt)],
    ...(summary.invoiceNumber ? [['Rechnungsnummer', summary.invoiceNumber] as [string, string]] : []),
  ])
}

/** The Sicherungsschein on its own page, naming the insurer (§ 651r BGB, Art. 252 EGBGB). */
function sicherungsschein(doc: Doc, summary: BookingSummary, site: SiteInfo, insolvency: Insolvency, primary: string): void {
  doc.addPage()
  doc.font(BOLD).fontSize(16).fillColor(primary)
  doc.text(winAnsi('Sicherungsschein für Pauschalreisen nach § 651r BGB'), left(doc), doc.y, { width: contentWidth(doc) })
  doc.y += 10
  const operator = `${site.legalName}, ${site.street}, ${site.zip} ${site.city}`
  paragraph(doc, `für die in der Buchungsbestätigung ${summary.bookingNumber} genannten Reisenden`, { font: BOLD })
  paragraph(doc, `Reise: ${summary.trip.title}, ${formatDateRange(summary.trip.dateFrom, summary.trip.dateTill)}`)
  paragraph(
    doc,
    `Der unten angegebene Kundengeldabsicherer stellt für ${operator} (Reiseveranstalter) sicher, dass Ihnen zurückerstattet werden:`,
  )
  paragraph(doc, `• der gezahlte Reisepreis, soweit Reiseleistungen infolge der Zahlungsunfähigkeit von ${site.legalName} ausfallen, und`)
  paragraph(
    doc,
    `• notwendige Aufwendungen, die Ihnen infolge der Zahlungsunfähigkeit von ${site.legalName} für Ihre Rückbeförderung entstehen, sofern die Rückbeförderung Bestandteil des Pauschalreisevertrags ist.`,
  )
  paragraph(doc, `Wenden Sie sich im Fall der Zahlungsunfähigkeit von ${site.legalName} bitte an den Kundengeldabsicherer:`)
  pairs(doc, [
    ['Kundengeldabsicherer', insolvency.insurer],
    ['Anschrift', insolvency.address],
    ['Telefon', insolvency.phone],
  ])
}

/** The confirmation PDF; with `insolvency` it ends with the Sicherungsschein on its own page. */
export function renderConfirmationPdf(
  summary: BookingSummary,
  site: SiteInfo,
  bank: BankDetails,
  options: ConfirmationPdfOptions = {},
): Promise<Buffer> {
  // The booking's time rather than now: the same booking gives the same document.
  const { doc, done } = newDocument({
    title: `${CONFIRMATION_TITLE} ${summary.bookingNumber}`,
    subject: summary.trip.title,
    site,
    created: new Date(summary.createdAt),
    compress: options.compress,
  })

  const primary = site.colors.primary
  const instructions = paymentInstructions(summary, bank)
  const agency = agencyText(summary)

  letterhead(doc, site, primary)
  bookingAddressBlock(doc, summary, site)
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(primary)
    .text(`${confirmationTitle(summary)}${summary.invoiceNumber ? ' und Rechnung' : ''}`, left(doc), doc.y, { width: contentWidth(doc) })
  doc.y += 6
  paragraph(doc, greeting(summary))
  paragraph(doc, acceptanceText(summary))
  if (agency) paragraph(doc, agency)

  heading(doc, 'Ihre Reise', primary)
  paragraph(doc, summary.trip.title, { font: BOLD, size: 12, gap: 2 })
  paragraph(doc, `Reisezeitraum: ${formatDateRange(summary.trip.dateFrom, summary.trip.dateTill)}`)
  for (const line of travelTimesText(summary)) paragraph(doc, line)

  heading(doc, 'Reisende', primary)
  for (const t of travellerLines(summary)) {
    const name = winAnsi(t.name)
    const details = winAnsi(`: ${t.details}`)
    doc.fontSize(10.5)
    ensureSpace(doc, doc.currentLineHeight(true))
    doc
      .font(BOLD)
      .fillColor(TEXT)
      .text(name, left(doc), doc.y, { width: contentWidth(doc), continued: true })
    doc.font(REGULAR).text(details)
    doc.y += 3
  }
  const services = servicesSection(summary)
  if (services) contractSection(doc, services, primary)

  priceTable(doc, summary.lines, summary.gesamtpreis, primary)
  paragraph(doc, pricesInclude(summary), { size: 10, color: MUTED })
  paragraph(doc, MARGIN_SCHEME_NOTE, { size: 10, color: MUTED })

  heading(doc, `Ihre Zahlungen (${PAYMENT_METHOD_LABELS[summary.paymentMethod]})`, primary)
  table(
    doc,
    [
      { header: 'Zahlung', share: 0.4 },
      { header: 'Fällig am', share: 0.2 },
      { header: 'Status', share: 0.2 },
      { header: 'Betrag', share: 0.2, align: 'right' },
    ],
    paymentRows(summary).map((p) => [p.label, p.due, p.status, p.amount]),
  )
  paragraph(doc, instructions.text)
  pairs(doc, instructions.rows)
  const nextDue = nextTransferDue(summary)
  const code = nextDue ? giroCodeText(bank, nextDue.amount, summary.bookingNumber) : null
  if (nextDue && code) {
    giroCode(doc, code, `GiroCode für die ${PAYMENT_KIND_LABELS[nextDue.kind]} über ${formatPrice(nextDue.amount)}: mit der Banking-App scannen, die Überweisung ist dann ausgefüllt.`)
  }

  for (const section of contractSections(summary, site)) contractSection(doc, section, primary)

  heading(doc, 'Wichtige Hinweise', primary)
  if (options.insolvency) {
    paragraph(doc, `${insolvencyText(site, options.insolvency)} Ihr Sicherungsschein liegt dieser Bestätigung bei.`)
  }
  paragraph(doc, NO_WITHDRAWAL_NOTICE)
  paragraph(doc, agbText(summary))

  if (options.insolvency) sicherungsschein(doc, summary, site, options.insolvency, primary)
  pageFooters(doc, `${CONFIRMATION_TITLE} ${summary.bookingNumber}`, site)
  doc.end()
  return done
}

/** A block of a content page's HTML, as the PDF sets it. */
export type TextBlock = { kind: 'heading' | 'paragraph' | 'item'; text: string }

/**
 * The blocks of a (sanitised) content page: headings, paragraphs and list items in order, inline
 * markup dropped, a link's address written after its text when the text does not show it.
 */
export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = []
  let current: TextBlock | null = null
  let href: string | null = null
  const flush = () => {
    const text = current?.text.replace(/\s+/g, ' ').trim()
    if (current && text) blocks.push({ ...current, text })
    current = null
  }
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const kind = /^h[1-6]$/.test(name) ? 'heading' : name === 'p' ? 'paragraph' : name === 'li' ? 'item' : null
        if (kind) {
          flush()
          current = { kind, text: '' }
        } else if (name === 'br' && current) current.text += ' '
        else if (name === 'a') href = attributes.href ?? null
      },
      ontext(text) {
        current ??= { kind: 'paragraph', text: '' }
        current.text += text
      },
      onclosetag(name) {
        if (name === 'a' && href && current) {
          const shown = href.replace(/^mailto:/, '')
          if (!current.text.includes(shown) && !href.startsWith('/')) current.text += ` (${shown})`
          href = null
        }
        if (/^(h[1-6]|p|li)$/.test(name)) flush()
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  flush()
  return blocks
}

/** The travel conditions (a content page) as a PDF of their own, attached to every confirmation mail. */
export function renderTravelConditionsPdf(
  page: { title: string; body: string },
  site: SiteInfo,
  options: { compress?: boolean; created?: Date } = {},
): Promise<Buffer> {
  const { doc, done } = newDocument({ title: page.title, site, created: options.created ?? new Date(), compress: options.compress })
  const primary = site.colors.primary
  letterhead(doc, site, primary)
  doc.font(BOLD).fontSize(18).fillColor(primary).text(winAnsi(page.title), left(doc), doc.y, { width: contentWidth(doc) })
  doc.y += 6
  for (const block of htmlBlocks(page.body)) {
    if (block.kind === 'heading') heading(doc, block.text, primary)
    else if (block.kind === 'item') bullets(doc, [block.text])
    else paragraph(doc, block.text)
  }
  pageFooters(doc, page.title, site)
  doc.end()
  return done
}

/** "Ihr Reisepreis": every price line with its traveller and the total, as the confirmation and each invoice print it. */
export function priceTable(doc: Doc, lines: readonly PriceLine[], total: number, primary: string): void {
  heading(doc, 'Ihr Reisepreis', primary)
  table(
    doc,
    [
      { header: 'Leistung', share: 0.5 },
      { header: 'Reisende/r', share: 0.3 },
      { header: 'Betrag', share: 0.2, align: 'right' },
    ],
    lines.map((line) => [priceLineLabel(line), line.traveller ?? 'alle', formatPrice(line.amount)]),
    ['Gesamtpreis', '', formatPrice(total)],
  )
}
