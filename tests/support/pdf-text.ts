// Reads a PDF the way a reader's viewer does (Mozilla's PDF.js): each page's text in reading order
// and the size at which each piece of text is set, for tests of what a document says and how.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

export type PdfTextItem = { text: string; size: number; x: number; y: number }
export type PdfPage = { width: number; height: number; items: PdfTextItem[]; text: string }

export async function readPdfText(pdf: Uint8Array): Promise<PdfPage[]> {
  // PDF.js takes the buffer over; it gets a copy so the caller's stays usable.
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 })
  const doc = await task.promise
  try {
    const pages: PdfPage[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: 1 })
      const content = await page.getTextContent()
      const items: PdfTextItem[] = []
      let text = ''
      for (const item of content.items) {
        if (!('str' in item)) continue
        const [a = 0, b = 0, , , e = 0, f = 0] = item.transform as number[]
        if (item.str.trim()) items.push({ text: item.str, size: Math.hypot(a, b), x: e, y: f })
        text += item.str + (item.hasEOL ? '\n' : '')
      }
      pages.push({ width: viewport.width, height: viewport.height, items, text })
    }
    return pages
  } finally {
    await task.destroy()
  }
}

/** Spaces of every kind (the no-break space of '25,00 €') as one plain space, for comparing phrases. */
export function plain(text: string): string {
  return text.replace(/\s+/g, ' ')
}

/** All pages' text as one line, for phrases that may wrap. */
export function flatText(pages: readonly PdfPage[]): string {
  return plain(pages.map((p) => p.text).join('\n'))
}
