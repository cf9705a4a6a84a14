// The booking confirmation as a PDF: the same content as the confirmation mail, laid out on A4
// with the PDF standard font Helvetica (no font files to ship; WinAnsi covers ä ö ü ß € and „ “).
// Text is measured before it is placed, so nothing runs off a page: long lines wrap, and tables
// continue on a new page with their header repeated.
import { Parser } from 'htmlparser2'
import PDFDocument from 'pdfkit'
import { PAYMENT_METHOD_LABELS } from '~/lib/booking/draft'
import { NO_WITHDRAWAL_NOTICE } from '~/lib/booking/legal'
import { paymentInstructions } from '~/lib/booking/summary'
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

export type ConfirmationPdfOptions = ConfirmationOptions & {
  /** false writes readable content streams (tests look into them); true (default) deflates them. */
  compress?: boolean
}

type Doc = PDFKit.PDFDocument

const REGULAR = 'Helvetica'
const BOLD = 'Helvetica-Bold'
const TEXT = '#1a1a1a'
const MUTED = '#555555'
const RULE = '#bbbbbb'
// 2 cm left and right as in DIN 5008; the bottom margin leaves room for the page footer.
const MARGINS = { top: 50, bottom: 64, left: 57, right: 57 }
const FOOTER_FROM_BOTTOM = 40

// The standard fonts encode text in WinAnsi (Windows-1252); pdfkit writes anything else as broken
// codes. Letters with accents WinAnsi lacks (ő, č, ę) lose the accent, the few that do not
// decompose get a look-alike, and anything else becomes '?', so a name stays readable.
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'
const LOOK_ALIKES: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', Ħ: 'H', ı: 'i', ŧ: 't', Ŧ: 'T', '\u2212': '-' }

function inWinAnsi(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRAS.includes(ch)
}

/** Text the standard fonts can show; control characters (a stray line break in a name) become spaces. */
export function winAnsi(text: string): string {
  let out = ''
  for (const ch of text) {
    if (inWinAnsi(ch)) out += ch
    else if (/[\p{Cc}\u2028\u2029]/u.test(ch)) out += ' '
    else {
      const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '')
      out += folded !== '' && [...folded].every(inWinAnsi) ? folded : (LOOK_ALIKES[ch] ?? '?')
    }
  }
  return out
}

/** Lines of data for one text block: each line made safe on its own, so only these breaks remain. */
function lines(values: string[]): string {
  return values.map((v) => winAnsi(v).trim()).join('\n')
}

function left(doc: Doc): number {
  return doc.page.margins.left
}

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right
}

function bottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom
}

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage()
}

function paragraph(doc: Doc, text: string, { font = REGULAR, size = 10.5, gap = 4, color = TEXT } = {}): void {
  const safe = winAnsi(text)
  doc.font(font).fontSize(size).fillColor(color)
  // Keep a paragraph's first two lines together rather than leave one alone at the foot of a page.
  ensureSpace(doc, Math.min(doc.heightOfString(safe, { width: contentWidth(doc) }), doc.currentLineHeight(true) * 2))
  doc.text(safe, left(doc), doc.y, { width: contentWidth(doc) })
  doc.y += gap
}

function heading(doc: Doc, text: string, color: string): void {
  doc.y += 6
  doc.font(BOLD).fontSize(13)
  const safe = winAnsi(text)
  // A heading never ends a page: it comes with room for at least two lines after it.
  ensureSpace(doc, doc.heightOfString(safe, { width: contentWidth(doc) }) + 36)
  doc.fillColor(color).text(safe, left(doc), doc.y, { width: contentWidth(doc) })
  doc.fillColor(TEXT)
  doc.y += 4
}

type Column = { header: string; share: number; align?: 'left' | 'right' }
const CELL_PAD_X = 6
const CELL_PAD_Y = 3

/** A table of wrapped cells; a row that does not fit starts a new page with the header again. */
function table(doc: Doc, columns: Column[], rows: string[][], total?: string[]): void {
  const width = contentWidth(doc)
  const widths = columns.map((c) => c.share * width)
  const size = 10

  const rowHeight = (cells: string[], font: string): number => {
    doc.font(font).fontSize(size)
    return (
      Math.max(...cells.map((cell, i) => doc.heightOfString(winAnsi(cell), { width: (widths[i] ?? 0) - 2 * CELL_PAD_X }))) + 2 * CELL_PAD_Y
    )
  }
  const drawRow = (cells: string[], font: string, rule: { color: string; width: number }): void => {
    const height = rowHeight(cells, font)
    const top = doc.y
    let x = left(doc)
    doc.font(font).fontSize(size).fillColor(TEXT)
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0
      doc.text(winAnsi(cell), x + CELL_PAD_X, top + CELL_PAD_Y, { width: w - 2 * CELL_PAD_X, align: columns[i]?.align ?? 'left' })
      x += w
    })
    doc
      .moveTo(left(doc), top + height)
      .lineTo(left(doc) + width, top + height)
      .lineWidth(rule.width)
      .strokeColor(rule.color)
      .stroke()
    doc.x = left(doc)
    doc.y = top + height
  }
  const header = columns.map((c) => c.header)
  const drawHeader = () => drawRow(header, BOLD, { color: TEXT, width: 0.8 })

  // The header and the first row belong together.
  ensureSpace(doc, rowHeight(header, BOLD) + (rows[0] ? rowHeight(rows[0], REGULAR) : 0))
  drawHeader()
  const continueOnNewPageUnlessFits = (height: number) => {
    if (doc.y + height <= bottom(doc)) return
    doc.addPage()
    drawHeader()
  }
  for (const cells of rows) {
    continueOnNewPageUnlessFits(rowHeight(cells, REGULAR))
    drawRow(cells, REGULAR, { color: RULE, width: 0.5 })
  }
  if (total) {
    continueOnNewPageUnlessFits(rowHeight(total, BOLD))
    drawRow(total, BOLD, { color: TEXT, width: 0.8 })
  }
  doc.y += 6
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

/** Label and value pairs (bank details) in two columns without rules. */
function pairs(doc: Doc, rows: [string, string][]): void {
  const labelWidth = 170
  const valueWidth = contentWidth(doc) - labelWidth
  doc.fontSize(10.5)
  for (const [label, value] of rows) {
    const safeLabel = winAnsi(label)
    const safeValue = winAnsi(value)
    doc.font(REGULAR)
    const height = Math.max(
      doc.heightOfString(safeLabel, { width: labelWidth - 8 }),
      doc.font(BOLD).heightOfString(safeValue, { width: valueWidth }),
    )
    ensureSpace(doc, height)
    const top = doc.y
    doc
      .font(REGULAR)
      .fillColor(MUTED)
      .text(safeLabel, left(doc), top, { width: labelWidth - 8 })
    doc
      .font(BOLD)
      .fillColor(TEXT)
      .text(safeValue, left(doc) + labelWidth, top, { width: valueWidth })
    doc.x = left(doc)
    doc.y = top + height + 2
  }
  doc.font(REGULAR)
  doc.y += 6
}

function letterhead(doc: Doc, site: SiteInfo, primary: string): void {
  const top = doc.page.margins.top
  const width = contentWidth(doc)
  const nameWidth = width * 0.4
  doc.font(BOLD).fontSize(18).fillColor(primary).text(winAnsi(site.name), left(doc), top, { width: nameWidth })
  const nameBottom = doc.y
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      lines([site.legalName, `${site.street} · ${site.zip} ${site.city}`, `Telefon ${site.phone} · ${site.email}`]),
      left(doc) + nameWidth,
      top,
      {
        width: width - nameWidth,
        align: 'right',
      },
    )
  doc.y = Math.max(nameBottom, doc.y) + 8
  doc
    .moveTo(left(doc), doc.y)
    .lineTo(left(doc) + width, doc.y)
    .lineWidth(1)
    .strokeColor(primary)
    .stroke()
  doc.y += 16
}

/** The booker's address where a window envelope shows it, and booking number and date beside it. */
function addressBlock(doc: Doc, summary: BookingSummary, site: SiteInfo): void {
  const top = doc.y
  const width = contentWidth(doc)
  const addressWidth = width * 0.58
  const b = summary.booker
  doc
    .font(REGULAR)
    .fontSize(7)
    .fillColor(MUTED)
    .text(winAnsi(`${site.legalName} · ${site.street} · ${site.zip} ${site.city}`), left(doc), top, { width: addressWidth })
  doc.y += 4
  doc
    .fontSize(11)
    .fillColor(TEXT)
    .text(lines([`${b.firstname} ${b.lastname}`, `${b.street} ${b.street_nr}`, `${b.zip} ${b.city}`]), left(doc), doc.y, {
      width: addressWidth,
    })
  const addressBottom = doc.y

  const factsX = left(doc) + addressWidth + 12
  const factsWidth = width - addressWidth - 12
  const facts: [string, string][] = [
    ['Buchungsnummer', summary.bookingNumber],
    ['Buchungsdatum', formatDate(summary.createdAt)],
  ]
  doc.y = top
  for (const [label, value] of facts) {
    doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(winAnsi(label), factsX, doc.y, { width: factsWidth })
    doc.font(BOLD).fontSize(11).fillColor(TEXT).text(winAnsi(value), factsX, doc.y, { width: factsWidth })
    doc.y += 4
  }
  doc.x = left(doc)
  doc.y = Math.max(addressBottom, doc.y) + 18
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

/** Page numbers and the operator on every page, written once the page count is known. */
function pageFooters(doc: Doc, title: string, site: SiteInfo): void {
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    // Writing below the bottom margin would make pdfkit start a page: lift the margin meanwhile.
    const margin = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        winAnsi(`${site.legalName} · ${title} · Seite ${i - range.start + 1} von ${range.count}`),
        left(doc),
        doc.page.height - FOOTER_FROM_BOTTOM,
        { width: contentWidth(doc), align: 'center' },
      )
    doc.page.margins.bottom = margin
  }
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
  addressBlock(doc, summary, site)
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(primary)
    .text(confirmationTitle(summary), left(doc), doc.y, { width: contentWidth(doc) })
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

  heading(doc, 'Ihr Reisepreis', primary)
  table(
    doc,
    [
      { header: 'Leistung', share: 0.5 },
      { header: 'Reisende/r', share: 0.3 },
      { header: 'Betrag', share: 0.2, align: 'right' },
    ],
    summary.lines.map((line) => [priceLineLabel(line), line.traveller ?? 'alle', formatPrice(line.amount)]),
    ['Gesamtpreis', '', formatPrice(summary.gesamtpreis)],
  )
  paragraph(doc, pricesInclude(summary), { size: 10, color: MUTED })

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

/** A new A4 document in the house style, and the promise of its bytes once it ends. */
function newDocument(info: { title: string; subject?: string; site: SiteInfo; created: Date; compress?: boolean }): {
  doc: Doc
  done: Promise<Buffer>
} {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    bufferPages: true,
    compress: info.compress ?? true,
    lang: 'de-DE',
    displayTitle: true,
    font: REGULAR,
    info: {
      Title: info.title,
      ...(info.subject ? { Subject: info.subject } : {}),
      Author: info.site.legalName,
      Creator: info.site.name,
      CreationDate: info.created,
    },
  })
  const chunks: Uint8Array[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, done }
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
