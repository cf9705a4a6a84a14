// The SEPA basic Latin character set of a pain.008 file: every name and text of the file goes
// through `sepaText`, every id is checked with `isSepaId`. Pure.
import transliterate from '@sindresorhus/transliterate'

/**
 * What German banks write for characters outside the set: the DK's conversion of its extended
 * set (& → +, * $ % → .) and typographic quotes and dashes to their plain forms.
 */
const REPLACEMENTS: [string, string][] = [
  ['&', '+'],
  ['*', '.'],
  ['$', '.'],
  ['%', '.'],
  ...[...'‘’‚‛`´ʹʻʼ"“”„«»‹›'].map((c): [string, string] => [c, "'"]),
  ...[...'‐‑‒–—―_'].map((c): [string, string] => [c, '-']),
]
const OUTSIDE_SET = /[^A-Za-z0-9/?:().,'+ -]+/g

/**
 * A name or text as the file may carry it, at most `max` characters: transliterated the German
 * way (ä → ae, Ö → Oe, ß → ss; Ç → C, ø → o, é → e, Cyrillic and Greek spelled in Latin letters),
 * anything else outside the set a space, spaces collapsed. Cut after transliterating, since
 * 'ß' → 'ss' makes a text longer.
 */
export function sepaText(text: string, max: number): string {
  const latin = transliterate(text.normalize('NFKC'), { locale: 'de', customReplacements: REPLACEMENTS })
  const plain = latin.replace(OUTSIDE_SET, ' ').replace(/ {2,}/g, ' ').trim()
  return plain.slice(0, max).trimEnd()
}

/**
 * An id of the file (MsgId, PmtInfId, InstrId, EndToEndId, MndtId): ISO 20022's Max35Text in the
 * SEPA set, and the EPC's rule for ids: no '/' at the start or end, no '//'.
 */
const SEPA_ID = /^[A-Za-z0-9/?:().,'+ -]{1,35}$/
export function isSepaId(id: string): boolean {
  return SEPA_ID.test(id) && !id.startsWith('/') && !id.endsWith('/') && !id.includes('//')
}
