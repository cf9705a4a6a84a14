// What the masked and number inputs need besides app/lib/masks.ts: where the caret goes after the
// value is reformatted, which on-screen keyboard fits, and the pattern in words for the hint.
import { unmask } from './masks'
import { pluralWord } from './format'

const TOKENS = new Set(['#', '@', '*'])

/**
 * The caret position in the masked value that corresponds to `caret` in what the user typed:
 * right after the same number of filled slots. Typing '1' into '12.0|' gives '12.01|'; literals
 * the mask inserts do not push the caret back.
 */
export function caretAfterMask(mask: string, typed: string, caret: number, masked: string): number {
  const filled = unmask(mask, typed.slice(0, Math.max(0, caret))).length
  if (filled === 0) {
    // Nothing typed before the caret: stay in front of the first slot (after a fixed prefix like 'DE').
    const maskChars = Array.from(mask)
    let prefix = 0
    for (const c of maskChars) {
      if (TOKENS.has(c)) break
      prefix += c.length
    }
    return Math.min(prefix, masked.length)
  }
  let seen = 0
  let position = 0
  const maskChars = Array.from(mask)
  const valueChars = Array.from(masked)
  for (let i = 0; i < valueChars.length; i++) {
    position += (valueChars[i] ?? '').length
    if (TOKENS.has(maskChars[i] ?? '')) seen++
    if (seen === filled) return position
  }
  return masked.length
}

/** Characters that count when the caret is carried across a reformatted number. */
const NUMBER_CHAR = /[0-9,\-\u2212]/

/**
 * The caret position in a reformatted number: after as many digits (and comma/minus) as stood
 * before the caret in the typed text, so grouping dots appearing or vanishing do not move it.
 */
export function caretAfterNumberFormat(typed: string, caret: number, formatted: string): number {
  const before = Array.from(typed.slice(0, Math.max(0, caret))).filter((c) => NUMBER_CHAR.test(c)).length
  if (before === 0) return 0
  let seen = 0
  for (let i = 0; i < formatted.length; i++) {
    if (NUMBER_CHAR.test(formatted[i] ?? '')) seen++
    if (seen === before) return i + 1
  }
  return formatted.length
}

/** 'numeric' when every slot takes a digit (a phone keypad on touch screens), else 'text'. */
export function maskInputMode(mask: string): 'numeric' | 'text' {
  const tokens = Array.from(mask).filter((c) => TOKENS.has(c))
  return tokens.length > 0 && tokens.every((c) => c === '#') ? 'numeric' : 'text'
}

const TOKEN_WORDS: Record<string, readonly [one: string, many: string]> = {
  '#': ['Ziffer', 'Ziffern'],
  '@': ['Buchstabe', 'Buchstaben'],
  '*': ['Buchstabe oder Ziffer', 'Buchstaben oder Ziffern'],
}

/**
 * The mask in words for the field's hint: '@@-####' → '2 Buchstaben, „-“, 4 Ziffern'.
 * Runs of the same slot are counted; fixed characters are quoted (spaces are left out).
 */
export function describeMask(mask: string): string {
  const parts: string[] = []
  let run: { token: string; count: number } | null = null
  let literal = ''
  const flushRun = () => {
    if (!run) return
    const words = TOKEN_WORDS[run.token]
    if (words) parts.push(`${run.count} ${pluralWord(run.count, words[0], words[1])}`)
    run = null
  }
  const flushLiteral = () => {
    const text = literal.trim()
    if (text) parts.push(`„${text}“`)
    literal = ''
  }
  for (const c of Array.from(mask)) {
    if (TOKENS.has(c)) {
      flushLiteral()
      if (run && run.token === c) run.count++
      else {
        flushRun()
        run = { token: c, count: 1 }
      }
    } else {
      flushRun()
      literal += c
    }
  }
  flushRun()
  flushLiteral()
  return parts.join(', ')
}
