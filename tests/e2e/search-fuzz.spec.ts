// 1,000 random segments against the built server: every one answers 200 (or 404), never 5xx.
import { expect, test } from '@playwright/test'
import fc from 'fast-check'

const SEGMENTS = 1_000

// Characters that tend to break parsers: the slot separator, list commas, digits, dots, '%'
// (half an escape), quotes, SQL and tsquery operators, umlauts, emoji and other scripts.
const PIECES = ['-', '-', '-', ',', '..', '.', '%', '%2', '%%', '%zz', "'", '"', '&', '|', '!', '(', ')', ':*', '<->', '\\', ';', ' ', '+', '_', '*', '~']
const piece = fc.oneof(
  fc.constantFrom(...PIECES),
  fc.integer({ min: -1, max: 4_000_000_000 }).map(String),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.constantFrom('städte', 'STRASSE', 'gardase', 'ß', 'Ölmühle', '😀', '北京', 'ä\u0308', '\u00ad', '1e3', '0x10', 'NaN', 'Infinity'),
)
const segment = fc.oneof(
  { weight: 8, arbitrary: fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('')) },
  // Nine slots with random contents: the shape of a real segment.
  { weight: 4, arbitrary: fc.array(fc.array(piece, { maxLength: 3 }).map((p) => p.join('')), { minLength: 9, maxLength: 9 }).map((s) => s.join('-')) },
  // Very long.
  { weight: 1, arbitrary: fc.array(piece, { minLength: 300, maxLength: 600 }).map((parts) => parts.join('')) },
)

test('1.000 zufällige Suchsegmente: 200 oder 404, nie 5xx', async ({ request }) => {
  test.setTimeout(240_000)
  const samples = fc.sample(segment, { numRuns: SEGMENTS, seed: 20_261_122 })
  const failures: string[] = []
  for (const sample of samples) {
    const path = `/reiseuebersicht/search/${encodeURIComponent(sample)}/`
    const response = await request.get(path, { headers: { Accept: 'text/html' } })
    if (response.status() !== 200 && response.status() !== 404) failures.push(`${response.status()} ${path.slice(0, 200)}`)
    await response.dispose()
  }
  expect(failures).toEqual([])
})
