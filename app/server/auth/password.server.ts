// Password hashing for agency accounts: scrypt from node:crypto with a random salt per password.
// Stored form: `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`, so parameters can be raised later.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { ScryptOptions } from 'node:crypto'

const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 64
const SALT_BYTES = 16

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P })
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

/** False (never an exception) for a wrong password or a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [, n, r, p, saltText, keyText] = parts
  const cost = Number(n)
  const blockSize = Number(r)
  const parallel = Number(p)
  if (![cost, blockSize, parallel].every((v) => Number.isSafeInteger(v) && v > 0)) return false
  // refuse absurd parameters from a tampered row instead of burning memory
  if (cost > 1 << 20 || blockSize > 32 || parallel > 16) return false
  const salt = Buffer.from(saltText ?? '', 'base64')
  const expected = Buffer.from(keyText ?? '', 'base64')
  if (salt.length === 0 || expected.length === 0) return false
  try {
    const actual = await derive(password, salt, expected.length, {
      N: cost,
      r: blockSize,
      p: parallel,
      maxmem: 256 * cost * blockSize + 1024 * 1024,
    })
    return timingSafeEqual(actual, expected)
  } catch {
    return false
  }
}
