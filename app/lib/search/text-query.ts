// The search text as PostgreSQL full-text query source (to_tsquery syntax). The database folds
// case, accents and ß (search_fold); what it cannot know is that a German without umlauts on the
// keyboard writes "ae" for "ä", so each word is also tried with ae/oe/ue read as a/o/u.
import { normalizeText } from './segment'
import type { LexemeQuery } from './text-index'

/** More words add nothing to a trip search but make the query dearer. */
export const MAX_QUERY_WORDS = 8

/**
 * Words this long also match as prefixes ('garda' finds 'Gardasee', 'wien' finds 'Wiener');
 * shorter ones only whole ('rom' must not find 'romantisch').
 */
export const PREFIX_MIN_LENGTH = 4

// Letters and digits of any script. Everything else separates words, which keeps the to_tsquery
// source free of operators and quotes: user input can never change its syntax.
const WORD = /[\p{L}\p{N}]+/gu

/** 'staedte' -> 'stadte', 'muenchen' -> 'munchen': the spelling the folded documents use. */
export function foldDigraphs(word: string): string {
  return word.replaceAll('ae', 'a').replaceAll('oe', 'o').replaceAll('ue', 'u')
}

/**
 * The words of a search text, each with its spelling variants (the word itself first): what
 * the database is asked to fold. null when the text has no word at all.
 */
export function queryWords(text: string): string[][] | null {
  const words = [...new Set(normalizeText(text).match(WORD) ?? [])].slice(0, MAX_QUERY_WORDS)
  if (words.length === 0) return null
  return words.map((word) => [...new Set([word, foldDigraphs(word)])])
}

export type TextQuery = {
  /**
   * Source for to_tsquery('german', …): words ANDed, spelling variants ORed. For a text corrected
   * for typos (the search's fuzzy mode), a tsquery literal of the catalogue's words instead.
   */
  tsquery: string
  /**
   * The query as the database reads it (to_tsquery's output: stop words gone, words stemmed), for
   * the full text held in memory; absent until the database has read it, null when that index
   * cannot answer it.
   */
  lexemes?: LexemeQuery | null
}

function term(token: string): string {
  return Array.from(token).length >= PREFIX_MIN_LENGTH ? `'${token}':*` : `'${token}'`
}

/**
 * The query from folded words (queryWords after search_fold). Folding may turn a letter into
 * punctuation (the modifier letter ʼ becomes an apostrophe), so the folded words are split into
 * letters and digits once more before they are quoted.
 */
export function textQueryFromFolded(folded: readonly (readonly string[])[]): TextQuery | null {
  const groups = folded
    .map((variants) => [...new Set(variants.map((v) => v.match(WORD) ?? []).filter((tokens) => tokens.length > 0).map((tokens) => tokens.join(' ')))])
    .filter((variants) => variants.length > 0)
  if (groups.length === 0) return null
  const variantTerm = (variant: string) => {
    const tokens = variant.split(' ').map(term)
    return tokens.length === 1 ? (tokens[0] ?? '') : `(${tokens.join(' & ')})`
  }
  const tsquery = groups
    .map((variants) => (variants.length === 1 ? variantTerm(variants[0] ?? '') : `(${variants.map(variantTerm).join(' | ')})`))
    .join(' & ')
  return { tsquery }
}
