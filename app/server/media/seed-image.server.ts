// Draws the demo catalogue's pictures (DESIGN 4: "Images are generated locally (no network)"):
// one calm landscape per key, always the same for the same key, as a self-contained SVG.
// The hash and generator are the seed catalogue's own, so one key gives the same picture in
// every process and there is only one copy of them to keep stable.
import { createRandom, hashString } from '../db/seed/random'

/** Part of every cache key and ETag of a seed picture: bump it when the drawing changes. */
export const SEED_IMAGE_VERSION = 'seed-1'

export const SEED_IMAGE_WIDTH = 1600
export const SEED_IMAGE_HEIGHT = 1000
export const SEED_IMAGE_MIN = 16
export const SEED_IMAGE_MAX = 4096

const VIEW_W = 1600
const VIEW_H = 1000

type Rng = {
  next: () => number
  between: (min: number, max: number) => number
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
}

// between/int are kept as drawn here (not Random.int) so that existing pictures stay byte-identical.
function rng(seed: number): Rng {
  const next = createRandom(seed).next
  const between = (min: number, max: number) => min + (max - min) * next()
  return {
    next,
    between,
    int: (min, max) => Math.floor(between(min, max + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)] ?? items[0]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
  }
}

/** Rounds to one decimal so that the markup stays short and identical across platforms. */
const n = (x: number) => String(Math.round(x * 10) / 10)

function clamp(value: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback
  return Math.min(SEED_IMAGE_MAX, Math.max(SEED_IMAGE_MIN, Math.round(value)))
}

/** Width and height within sane bounds; a missing side follows the 16:10 ratio of the other. */
export function seedImageSize(width?: number, height?: number): { width: number; height: number } {
  const hasW = width !== undefined && Number.isFinite(width)
  const hasH = height !== undefined && Number.isFinite(height)
  if (hasW && hasH) return { width: clamp(width, SEED_IMAGE_WIDTH), height: clamp(height, SEED_IMAGE_HEIGHT) }
  if (hasW) {
    const w = clamp(width, SEED_IMAGE_WIDTH)
    return { width: w, height: clamp((w * SEED_IMAGE_HEIGHT) / SEED_IMAGE_WIDTH, SEED_IMAGE_HEIGHT) }
  }
  if (hasH) {
    const h = clamp(height, SEED_IMAGE_HEIGHT)
    return { width: clamp((h * SEED_IMAGE_WIDTH) / SEED_IMAGE_HEIGHT, SEED_IMAGE_WIDTH), height: h }
  }
  return { width: SEED_IMAGE_WIDTH, height: SEED_IMAGE_HEIGHT }
}

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16))
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16))
  return `#${pa.map((v, i) => Math.round(v + ((pb[i] ?? v) - v) * t).toString(16).padStart(2, '0')).join('')}`
}

type Palette = { skyTop: string; skyBottom: string; sun: string; haze: string; land: string; water: string }

// Times of day; every colour is muted enough that white text on a darkened card overlay stays readable.
const PALETTES: readonly Palette[] = [
  { skyTop: '#5aa9e6', skyBottom: '#d8ecfb', sun: '#fff1b8', haze: '#eef6fc', land: '#5c9a4c', water: '#2f7fb5' },
  { skyTop: '#7cb8e8', skyBottom: '#ffe2b8', sun: '#ffd27a', haze: '#fff0dc', land: '#6a9e4f', water: '#3a86b4' },
  { skyTop: '#35508f', skyBottom: '#f6a56f', sun: '#ffb35c', haze: '#f9c89b', land: '#4d6b45', water: '#2b5d8a' },
  { skyTop: '#8fcde0', skyBottom: '#f3efdc', sun: '#fff6cf', haze: '#f7f4e6', land: '#7aa35a', water: '#3f94b0' },
]

const SCENES = ['hills', 'sea', 'mountains', 'city', 'river', 'coach'] as const
type Scene = (typeof SCENES)[number]

const TITLES: Record<Scene, string> = {
  hills: 'Illustration: sanfte Hügellandschaft',
  sea: 'Illustration: Küste mit Meer',
  mountains: 'Illustration: Berge mit Schneegipfeln',
  city: 'Illustration: Stadtansicht',
  river: 'Illustration: Fluss mit Schiff',
  coach: 'Illustration: Reisebus auf der Landstraße',
}

/** A closed ridge line across the picture from y ≈ base, filled down to the bottom edge. */
function ridge(r: Rng, base: number, amplitude: number, bumps: number): string {
  const step = VIEW_W / bumps
  let d = `M0 ${n(base + r.between(-amplitude, amplitude) / 2)}`
  for (let i = 0; i < bumps; i++) {
    const x = step * (i + 1)
    const cx = step * i + step / 2
    d += ` Q${n(cx)} ${n(base - r.between(0, amplitude))} ${n(x)} ${n(base + r.between(-amplitude, amplitude) / 3)}`
  }
  return `${d} L${VIEW_W} ${VIEW_H} L0 ${VIEW_H} Z`
}

function cloud(r: Rng, x: number, y: number, scale: number): string {
  const puffs = [
    [0, 0, 70],
    [60, -25, 55],
    [120, 0, 65],
    [60, 15, 60],
  ] as const
  return puffs
    .map(([dx, dy, rx]) => `<ellipse cx="${n(x + dx * scale)}" cy="${n(y + dy * scale)}" rx="${n(rx * scale)}" ry="${n(rx * 0.55 * scale * r.between(0.9, 1.1))}"/>`)
    .join('')
}

function sky(r: Rng, p: Palette): string {
  const sunX = r.between(220, 1380)
  const sunY = r.between(150, 360)
  const sunR = r.between(55, 95)
  const clouds: string[] = []
  const count = r.int(1, 3)
  for (let i = 0; i < count; i++) clouds.push(cloud(r, r.between(80, 1350), r.between(110, 330), r.between(0.6, 1.2)))
  return [
    `<rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#sky)"/>`,
    `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR * 2.2)}" fill="${p.sun}" opacity="0.25"/>`,
    `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR)}" fill="${p.sun}"/>`,
    `<g fill="#ffffff" opacity="0.85">${clouds.join('')}</g>`,
  ].join('')
}

function hills(r: Rng, p: Palette): string {
  const layers = [0.15, 0.35, 0.6].map((t, i) => `<path d="${ridge(r, 560 + i * 120, 130 - i * 25, r.int(3, 5))}" fill="${mix(p.haze, p.land, t + 0.3)}"/>`)
  const trees: string[] = []
  const count = r.int(4, 9)
  for (let i = 0; i < count; i++) {
    const x = r.between(60, 1540)
    const y = r.between(860, 940)
    const s = r.between(0.8, 1.4)
    trees.push(
      `<rect x="${n(x - 5 * s)}" y="${n(y)}" width="${n(10 * s)}" height="${n(40 * s)}" fill="#5b4330"/>`,
      `<circle cx="${n(x)}" cy="${n(y - 18 * s)}" r="${n(34 * s)}" fill="${mix(p.land, '#1f3d1a', 0.45)}"/>`,
    )
  }
  return layers.join('') + trees.join('')
}

function waves(r: Rng, top: number, bottom: number): string {
  const lines: string[] = []
  for (let y = top + 30; y < bottom; y += r.between(45, 70)) {
    const len = r.between(60, 140)
    for (let x = r.between(-40, 60); x < VIEW_W; x += r.between(160, 320)) {
      lines.push(`M${n(x)} ${n(y)} q${n(len / 4)} -10 ${n(len / 2)} 0 t${n(len / 2)} 0`)
    }
  }
  return `<path d="${lines.join(' ')}" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.5"/>`
}

function sea(r: Rng, _palette: Palette): string {
  const horizon = r.between(560, 640)
  const boatX = r.between(200, 1300)
  const boat = `<path d="M${n(boatX)} ${n(horizon + 70)} h120 l-20 26 h-80 z" fill="#ffffff"/><path d="M${n(boatX + 58)} ${n(horizon + 66)} v-110 l58 104 z" fill="#fdfbf5"/>`
  return [
    `<rect y="${n(horizon)}" width="${VIEW_W}" height="${n(VIEW_H - horizon)}" fill="url(#water)"/>`,
    waves(r, horizon, 860),
    boat,
    `<path d="M0 ${n(r.between(840, 900))} Q${n(r.between(500, 1100))} ${n(r.between(780, 840))} 1600 ${n(r.between(860, 920))} L1600 1000 L0 1000 Z" fill="#ecd9a8"/>`,
  ].join('')
}

function mountains(r: Rng, p: Palette): string {
  const peaks: string[] = []
  const rows = [
    { base: 720, height: [320, 460], color: mix(p.haze, '#5f6f86', 0.55) },
    { base: 800, height: [240, 360], color: mix(p.haze, '#45536a', 0.8) },
  ]
  for (const row of rows) {
    let x = r.between(-200, -60)
    while (x < VIEW_W) {
      const half = r.between(180, 320)
      const h = r.between(row.height[0] ?? 300, row.height[1] ?? 400)
      const top = row.base - h
      const cap = h * 0.28
      peaks.push(
        `<path d="M${n(x)} ${row.base} L${n(x + half)} ${n(top)} L${n(x + 2 * half)} ${row.base} Z" fill="${row.color}"/>`,
        `<path d="M${n(x + half - (half * cap) / h)} ${n(top + cap)} L${n(x + half)} ${n(top)} L${n(x + half + (half * cap) / h)} ${n(top + cap)} l-22 -18 l-20 22 l-22 -16 z" fill="#f8fbff"/>`,
      )
      x += half * r.between(1.1, 1.6)
    }
  }
  return peaks.join('') + `<path d="${ridge(r, 820, 50, 4)}" fill="${p.land}"/>`
}

function city(r: Rng, p: Palette): string {
  const ground = 860
  const parts: string[] = []
  const tone = ['#4b5d78', '#5a6d89', '#3f4f68', '#66789a']
  let x = r.between(-20, 20)
  while (x < VIEW_W) {
    const w = r.between(70, 150)
    const h = r.between(140, 420)
    const fill = r.pick(tone)
    parts.push(`<rect x="${n(x)}" y="${n(ground - h)}" width="${n(w)}" height="${n(h)}" fill="${fill}"/>`)
    if (r.next() < 0.2) {
      // a church or town-hall tower with a pointed roof
      parts.push(`<path d="M${n(x + w / 2 - 28)} ${n(ground - h)} l28 -90 l28 90 z" fill="#8a4b3a"/>`)
    }
    const windows: string[] = []
    for (let wy = ground - h + 24; wy < ground - 30; wy += 44) {
      for (let wx = x + 14; wx < x + w - 24; wx += 30) {
        if (r.next() < 0.55) windows.push(`M${n(wx)} ${n(wy)}h14v20h-14z`)
      }
    }
    if (windows.length) parts.push(`<path d="${windows.join('')}" fill="#f7e6a6" opacity="0.9"/>`)
    x += w + r.between(4, 26)
  }
  return (
    `<path d="${ridge(r, 640, 80, 3)}" fill="${mix(p.haze, p.land, 0.35)}"/>` +
    parts.join('') +
    `<rect y="${ground}" width="${VIEW_W}" height="${VIEW_H - ground}" fill="#8f969e"/>` +
    `<path d="M0 ${ground + 60}H1600" stroke="#f2f2f2" stroke-width="6" stroke-dasharray="60 40"/>`
  )
}

function ship(x: number, y: number): string {
  const portholes = Array.from({ length: 9 }, (_, i) => `<circle cx="${n(x + 40 + i * 42)}" cy="${n(y + 22)}" r="7"/>`).join('')
  return [
    `<path d="M${n(x)} ${n(y)} h440 l-30 48 h-390 z" fill="#ffffff"/>`,
    `<rect x="${n(x)}" y="${n(y + 40)}" width="420" height="8" fill="#0b4f6c"/>`,
    `<g fill="#2f5d78">${portholes}</g>`,
    `<rect x="${n(x + 60)}" y="${n(y - 46)}" width="300" height="46" rx="6" fill="#f4f7fa"/>`,
    `<path d="M${n(x + 80)} ${n(y - 30)}h260" stroke="#2f5d78" stroke-width="14" stroke-dasharray="28 12"/>`,
    `<rect x="${n(x + 150)}" y="${n(y - 80)}" width="120" height="34" rx="4" fill="#e7edf2"/>`,
  ].join('')
}

function river(r: Rng, p: Palette): string {
  const y = r.between(640, 700)
  const shipX = r.between(180, 980)
  return [
    `<path d="${ridge(r, 560, 110, 4)}" fill="${mix(p.haze, p.land, 0.45)}"/>`,
    `<path d="${ridge(r, 640, 60, 3)}" fill="${mix(p.haze, p.land, 0.75)}"/>`,
    `<path d="M0 ${n(y)} C400 ${n(y - 20)} 1200 ${n(y + 20)} 1600 ${n(y - 10)} L1600 860 C1200 880 400 840 0 870 Z" fill="url(#water)"/>`,
    waves(r, y + 10, 840),
    ship(shipX, y + 70),
    `<path d="M0 860 C400 840 1200 880 1600 860 L1600 1000 L0 1000 Z" fill="${p.land}"/>`,
  ].join('')
}

function coach(x: number, y: number): string {
  const windows = Array.from({ length: 6 }, (_, i) => `<rect x="${n(x + 150 + i * 68)}" y="${n(y + 24)}" width="56" height="62" rx="8"/>`).join('')
  return [
    `<rect x="${n(x)}" y="${n(y)}" width="600" height="200" rx="34" fill="#0b4f6c"/>`,
    `<path d="M${n(x + 520)} ${n(y + 6)} q70 10 76 90 v40 h-76 z" fill="#cfe3ee"/>`,
    `<rect x="${n(x + 40)}" y="${n(y + 24)}" width="90" height="62" rx="8" fill="#cfe3ee"/>`,
    `<g fill="#cfe3ee">${windows}</g>`,
    `<rect x="${n(x)}" y="${n(y + 112)}" width="600" height="18" fill="#f2a541"/>`,
    `<circle cx="${n(x + 586)}" cy="${n(y + 162)}" r="10" fill="#fff3b0"/>`,
    `<g fill="#20262c"><circle cx="${n(x + 130)}" cy="${n(y + 200)}" r="44"/><circle cx="${n(x + 470)}" cy="${n(y + 200)}" r="44"/></g>`,
    `<g fill="#b9c2ca"><circle cx="${n(x + 130)}" cy="${n(y + 200)}" r="18"/><circle cx="${n(x + 470)}" cy="${n(y + 200)}" r="18"/></g>`,
  ].join('')
}

function coachScene(r: Rng, p: Palette): string {
  const busX = r.between(160, 840)
  return [
    `<path d="${ridge(r, 600, 120, 4)}" fill="${mix(p.haze, p.land, 0.45)}"/>`,
    `<path d="${ridge(r, 700, 60, 3)}" fill="${mix(p.haze, p.land, 0.8)}"/>`,
    `<rect y="800" width="${VIEW_W}" height="200" fill="#6f767d"/>`,
    `<path d="M0 900H1600" stroke="#f4f4f4" stroke-width="8" stroke-dasharray="80 50"/>`,
    coach(busX, 630),
  ].join('')
}

const DRAW: Record<Scene, (r: Rng, p: Palette) => string> = {
  hills,
  sea,
  mountains,
  city,
  river,
  coach: coachScene,
}

// A key may name its motif (`ship-3-1`, `trip-12-2-coach`), so that a picture can match its alt text.
const SCENE_HINTS = new Map<string, Scene>([
  ['hills', 'hills'],
  ['sea', 'sea'],
  ['coast', 'sea'],
  ['mountains', 'mountains'],
  ['city', 'city'],
  ['river', 'river'],
  ['ship', 'river'],
  ['coach', 'coach'],
  ['bus', 'coach'],
])

/** The scene a key shows: the first motif word among its segments, otherwise one by hash. */
export function seedImageScene(key: string): Scene {
  for (const segment of key.split('-')) {
    const hinted = SCENE_HINTS.get(segment)
    if (hinted) return hinted
  }
  return SCENES[hashString(key) % SCENES.length] ?? 'hills'
}

/**
 * A deterministic SVG for `key`: the picture is drawn on a 1600×1000 canvas and scaled (cropped
 * to fill) to the requested size. No external references and no text but the `<title>`.
 */
export function renderSeedImage(key: string, width: number, height: number): string {
  const size = seedImageSize(width, height)
  const seed = hashString(key)
  const r = rng(seed)
  const scene = seedImageScene(key)
  const p = r.pick(PALETTES)
  const defs =
    `<defs>` +
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>` +
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.water, p.haze, 0.35)}"/><stop offset="1" stop-color="${p.water}"/></linearGradient>` +
    `</defs>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${VIEW_W} ${VIEW_H}" preserveAspectRatio="xMidYMid slice">` +
    `<title>${TITLES[scene]}</title>` +
    defs +
    sky(r, p) +
    DRAW[scene](r, p) +
    `</svg>`
  )
}
