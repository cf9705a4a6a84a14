// Intl's first formatter of a kind makes a browser load its locale data (the first NumberFormat
// took 27–71 ms here), and the hydrating render of a trip list built three kinds: the longest
// tasks of a page load (DECISIONS: Performance, "formatted texts come with the page"). The
// server's render has made every text the page shows. It keeps them for the request
// (`recordFormatsWith`, app/server.ts) and sends them with the page (app/router.tsx); the browser
// takes them (`adoptFormatsFromPage`) before it hydrates, and builds a formatter only for a text
// the page did not bring.

/** Formatted texts by what was formatted: the kind, its options and the value ('€2:1299'). */
export type FormattedTexts = Map<string, string>

let currentRecord: () => FormattedTexts | undefined = () => undefined
let fromPage: ReadonlyMap<string, string> = new Map()

/** On the server: where the texts formatted for the current request go (none outside a request). */
export function recordFormatsWith(record: () => FormattedTexts | undefined): void {
  currentRecord = record
}

/** On the server: the texts formatted so far for the current request. */
export function formatsOfThisRequest(): FormattedTexts | undefined {
  return currentRecord()
}

/** The texts as they travel to the browser: one flat list, key and text by turns (smaller than pairs). */
export function formatsForThePage(record: FormattedTexts): string[] {
  return [...record].flat()
}

/** In the browser: the texts the server formatted for this page (`formatsForThePage`). */
export function adoptFormatsFromPage(flat: readonly string[]): void {
  const texts = new Map<string, string>()
  for (let i = 0; i + 1 < flat.length; i += 2) texts.set(flat[i] ?? '', flat[i + 1] ?? '')
  fromPage = texts
}

/** The text under `key` that the page brought or the request already made, else `format()`'s (recorded). */
export function remembered(key: string, format: () => string): string {
  const known = fromPage.get(key)
  if (known !== undefined) return known
  const record = currentRecord()
  if (!record) return format()
  let text = record.get(key)
  if (text === undefined) {
    text = format()
    record.set(key, text)
  }
  return text
}
