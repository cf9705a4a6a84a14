// The house style of the site's PDFs (booking confirmation, invoices, travel conditions, the
// office's departure lists): A4 with the PDF standard font Helvetica (no font files to ship; WinAnsi covers
// ä ö ü ß € and „ “), the letterhead, page footers, and text and tables that are measured before
// they are placed, so nothing runs off a page: long lines wrap, and tables continue on a new page
// with their header repeated.
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import type { SiteInfo } from '~/lib/site'

export type Doc = PDFKit.PDFDocument

export const REGULAR = 'Helvetica'
export const BOLD = 'Helvetica-Bold'
export const TEXT = '#1a1a1a'
export const MUTED = '#555555'
export const RULE = '#bbbbbb'
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
export function lines(values: string[]): string {
  return values.map((v) => winAnsi(v).trim()).join('\n')
}

export function left(doc: Doc): number {
  return doc.page.margins.left
}

export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right
}

export function bottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom
}

/** Starts a new page unless `height` more points fit on this one. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage()
}

export function paragraph(doc: Doc, text: string, { font = REGULAR, size = 10.5, gap = 4, color = TEXT } = {}): void {
  const safe = winAnsi(text)
  doc.font(font).fontSize(size).fillColor(color)
  // Keep a paragraph's first two lines together rather than leave one alone at the foot of a page.
  ensureSpace(doc, Math.min(doc.heightOfString(safe, { width: contentWidth(doc) }), doc.currentLineHeight(true) * 2))
  doc.text(safe, left(doc), doc.y, { width: contentWidth(doc) })
  doc.y += gap
}

export function heading(doc: Doc, text: string, color: string): void {
  doc.y += 6
  doc.font(BOLD).fontSize(13)
  const safe = winAnsi(text)
  // A heading never ends a page: it comes with room for at least two lines after it.
  ensureSpace(doc, doc.heightOfString(safe, { width: contentWidth(doc) }) + 36)
  doc.fillColor(color).text(safe, left(doc), doc.y, { width: contentWidth(doc) })
  doc.fillColor(TEXT)
  doc.y += 4
}

export type Column = { header: string; share: number; align?: 'left' | 'right' }
/** A cell's text; a list of lines is set one under the other (a line break inside a string becomes a space). */
export type Cell = string | readonly string[]
const cellText = (cell: Cell) => (typeof cell === 'string' ? winAnsi(cell) : lines([...cell]))
const CELL_PAD_X = 6
const CELL_PAD_Y = 3

/**
 * A table of wrapped cells; a row that does not fit starts a new page with the header again.
 * `size` is the font size (10 for letters; lists for the bus and hotel are set a little smaller).
 */
export function table(doc: Doc, columns: Column[], rows: Cell[][], total?: Cell[], { size = 10 } = {}): void {
  const width = contentWidth(doc)
  const widths = columns.map((c) => c.share * width)

  const rowHeight = (cells: Cell[], font: string): number => {
    doc.font(font).fontSize(size)
    return (
      Math.max(...cells.map((cell, i) => doc.heightOfString(cellText(cell), { width: (widths[i] ?? 0) - 2 * CELL_PAD_X }))) + 2 * CELL_PAD_Y
    )
  }
  const drawRow = (cells: Cell[], font: string, rule: { color: string; width: number }): void => {
    const height = rowHeight(cells, font)
    const top = doc.y
    let x = left(doc)
    doc.font(font).fontSize(size).fillColor(TEXT)
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0
      doc.text(cellText(cell), x + CELL_PAD_X, top + CELL_PAD_Y, { width: w - 2 * CELL_PAD_X, align: columns[i]?.align ?? 'left' })
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

/**
 * The recipient's address where a window envelope shows it (DIN 5008: the sender in small print
 * above it), and the document's facts (numbers, dates) beside it.
 */
export function addressBlock(doc: Doc, site: SiteInfo, address: string[], facts: [string, string][]): void {
  const top = doc.y
  const width = contentWidth(doc)
  const addressWidth = width * 0.58
  doc
    .font(REGULAR)
    .fontSize(7)
    .fillColor(MUTED)
    .text(winAnsi(`${site.legalName} · ${site.street} · ${site.zip} ${site.city}`), left(doc), top, { width: addressWidth })
  doc.y += 4
  doc.fontSize(11).fillColor(TEXT).text(lines(address), left(doc), doc.y, { width: addressWidth })
  const addressBottom = doc.y

  const factsX = left(doc) + addressWidth + 12
  const factsWidth = width - addressWidth - 12
  doc.y = top
  for (const [label, value] of facts) {
    doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(winAnsi(label), factsX, doc.y, { width: factsWidth })
    doc.font(BOLD).fontSize(11).fillColor(TEXT).text(winAnsi(value), factsX, doc.y, { width: factsWidth })
    doc.y += 4
  }
  doc.x = left(doc)
  doc.y = Math.max(addressBottom, doc.y) + 18
}

/** Label and value pairs (bank details) in two columns without rules, within `width` from the left margin. */
export function pairs(doc: Doc, rows: [string, string][], width = contentWidth(doc)): void {
  const labelWidth = 170
  const valueWidth = width - labelWidth
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

export function letterhead(doc: Doc, site: SiteInfo, primary: string): void {
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

/** Page numbers and the operator on every page, written once the page count is known. */
export function pageFooters(doc: Doc, title: string, site: SiteInfo): void {
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

/** A new A4 document in the house style, and the promise of its bytes once it ends. */
export function newDocument(info: { title: string; subject?: string; site: SiteInfo; created: Date; compress?: boolean }): {
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

/** The GiroCode, 3.5 cm wide with its quiet zone (EPC: at least 2 cm), its caption beside it. */
export function giroCode(doc: Doc, text: string, caption: string): void {
  ensureSpace(doc, GIROCODE_SIDE + 8)
  const x = left(doc)
  const y = doc.y + 4
  drawGiroCode(doc, text, x, y)
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(TEXT)
    .text(winAnsi(caption), x + GIROCODE_SIDE + 12, y + GIROCODE_SIDE / 2 - 12, { width: contentWidth(doc) - GIROCODE_SIDE - 12 })
  doc.x = x
  doc.y = y + GIROCODE_SIDE + 4
}

/**
 * The account's label and value pairs with the GiroCode at their right and its caption under them:
 * the whole block kept on one page, no higher than the code where the pairs are short.
 */
export function pairsWithGiroCode(doc: Doc, rows: [string, string][], text: string, caption: string): void {
  const width = contentWidth(doc) - GIROCODE_SIDE - 12
  ensureSpace(doc, GIROCODE_SIDE + 8)
  const top = doc.y
  drawGiroCode(doc, text, left(doc) + contentWidth(doc) - GIROCODE_SIDE, top)
  pairs(doc, rows, width)
  doc.font(REGULAR).fontSize(10).fillColor(TEXT).text(winAnsi(caption), left(doc), doc.y - 4, { width })
  doc.x = left(doc)
  doc.y = Math.max(doc.y, top + GIROCODE_SIDE) + 8
}

/** The code's side with its quiet zone: 100 pt, 3.5 cm (EPC: at least 2 cm). */
const GIROCODE_SIDE = 100

function drawGiroCode(doc: Doc, text: string, x: number, y: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const quiet = 4
  const unit = GIROCODE_SIDE / (modules.size + quiet * 2)
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) doc.rect(x + (col + quiet) * unit, y + (row + quiet) * unit, unit, unit)
  }
  doc.fillColor('#000').fill()
}
