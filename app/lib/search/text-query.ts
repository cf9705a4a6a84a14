// The search text as PostgreSQL full-text query source (to_tsquery syntax) and as plain words
// for typo-tolerant (trigram) matching. The database folds case, accents and ß itself
// (search_fold); what it cannot know is that a German without umlauts on the keyboard writes
// "ae" for "ä", so each word is also tried with ae/oe/ue read as a/o/u.
import { normalizeText } from './segment'

/** More words add nothing to a trip search but make the query dearer. */
export const MAX_QUERY_WORDS = 8

/**
 * Words this long also match as prefixes ('garda' finds 'Gardasee', 'wien' finds 'Wiener');
 * shorter ones only whole ('rom' must not find 'romantisch').
 */
export const PREFIX_MIN_LENGTH = 4

export type TextQuery = {
  /** Source for to_tsquery('german', search_fold(…)): words ANDed, spelling variants ORed. */
  tsquery: string
  /** The words with their variants, for trigram similarity against place names. */
  words: string[]
  /** The text as typed and with ae/oe/ue folded, for trigram similarity against titles. */
  phrases: string[]
}

// Letters and digits of any script. Everything else separates words, which also keeps the
// to_tsquery source free of operators and quotes: user input can never change its syntax.
const WORD = /[\p{L}\p{N}]+/gu

/** 'staedte' -> 'stadte', 'muenchen' -> 'munchen': the spelling the folded documents use. */
export function foldDigraphs(word: string): string {
  return word.replaceAll('ae', 'a').replaceAll('oe', 'o').replaceAll('ue', 'u')
}

function term(variant: string): string {
  return Array.from(variant).length >= PREFIX_MIN_LENGTH ? `'${variant}':*` : `'${variant}'`
}

/** null when the text has no word at all (then the search has no text condition). */
export function textQuery(text: string): TextQuery | null {
  const words = [...new Set(normalizeText(text).match(WORD) ?? [])].slice(0, MAX_QUERY_WORDS)
  if (words.length === 0) return null
  const variantsOf = words.map((word) => [...new Set([word, foldDigraphs(word)])])
  const tsquery = variantsOf
    .map((variants) => (variants.length === 1 ? term(variants[0] ?? '') : `(${variants.map(term).join(' | ')})`))
    .join(' & ')
  const phrases = [...new Set([words.join(' '), words.map(foldDigraphs).join(' ')])]
  return { tsquery, words: [...new Set(variantsOf.flat())], phrases }
}
