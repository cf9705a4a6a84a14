// Codes that people read from paper or pass on by voice (backup codes, provisional passwords): only
// lower-case letters and digits that cannot be mistaken for one another (no 0/o, no 1/l/i), in
// groups of five. Randomness from node:crypto.
import { randomInt } from 'node:crypto'

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** `groups` groups of five characters, joined by dashes (one group carries about 25 bits). */
export function readableCode(groups: number): string {
  return Array.from({ length: groups }, () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-')
}

/** Ten backup codes of two groups (about 50 bits each; each works once, after the password). */
export function newBackupCodes(): string[] {
  return Array.from({ length: 10 }, () => readableCode(2))
}
