// A tiny seeded PRNG (mulberry32) so that the seed catalogue is the same on every machine.

export interface Random {
  /** Uniform float in [0, 1). */
  next(): number
  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number
  /** One element; throws on an empty list. */
  pick<T>(items: readonly T[]): T
  /** `count` distinct elements in random order (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[]
  /** True with probability `p`. */
  chance(p: number): boolean
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[]
  /** One value, chosen with the given relative weights. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T
}

/** 32-bit FNV-1a hash of a string, for deriving seeds and stable choices from keys. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** Mixes two integers into one well-spread 32-bit seed (e.g. the catalogue seed and a trip id). */
export function mixSeed(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35)
  h ^= h >>> 16
  h = Math.imul(h, 0x45d9f3b)
  h ^= h >>> 16
  return h >>> 0
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0

  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  const int = (min: number, max: number): number => {
    if (max < min) throw new RangeError(`int(${min}, ${max}): max < min`)
    return min + Math.floor(next() * (max - min + 1))
  }

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick from an empty list')
    return items[Math.floor(next() * items.length)] as T
  }

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = items.slice()
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      const tmp = copy[i] as T
      copy[i] = copy[j] as T
      copy[j] = tmp
    }
    return copy
  }

  const sample = <T>(items: readonly T[], count: number): T[] => {
    // partial Fisher-Yates: only as many swaps as elements wanted
    const copy = items.slice()
    const n = Math.min(Math.max(0, Math.floor(count)), copy.length)
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(next() * (copy.length - i))
      const tmp = copy[i] as T
      copy[i] = copy[j] as T
      copy[j] = tmp
    }
    return copy.slice(0, n)
  }

  const chance = (p: number): boolean => next() < p

  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, w]) => sum + Math.max(0, w), 0)
    if (entries.length === 0 || total <= 0) throw new RangeError('weighted pick without positive weights')
    let r = next() * total
    for (const [value, w] of entries) {
      r -= Math.max(0, w)
      if (r < 0) return value
    }
    // floating point rest: the last entry with a positive weight
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]
      if (entry && entry[1] > 0) return entry[0]
    }
    throw new RangeError('unreachable')
  }

  return { next, int, pick, sample, chance, shuffle, weighted }
}
