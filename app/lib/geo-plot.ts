// Projects latitude/longitude points into an SVG box, so that maps render without tiles,
// without JavaScript and without any request to another server (the CSP forbids them anyway).
//
// Equirectangular with the longitude scaled by the cosine of the middle latitude: over a German
// region or Europe this keeps shapes close to what people know from a printed map, and unlike
// Mercator it needs no clamping near the poles.

export type GeoPoint = { lat: number; lng: number }

export type PlotBox = {
  width: number
  height: number
  /** Space kept free on every side (for dots and labels). */
  padding: number
}

export type PlottedPoint<P extends GeoPoint> = {
  point: P
  x: number
  y: number
  /** Where the label goes: right of the dot, or left of it near the right edge. */
  labelAnchor: 'start' | 'end'
}

export type Projection = {
  project: (point: GeoPoint) => { x: number; y: number }
  /** The lat/lng box the points span (null without any valid point). */
  bounds: { minLat: number; maxLat: number; minLng: number; maxLng: number } | null
}

export function isValidGeoPoint(point: GeoPoint): boolean {
  return (
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng) &&
    point.lat >= -90 &&
    point.lat <= 90 &&
    point.lng >= -180 &&
    point.lng <= 180
  )
}

const round = (n: number) => Math.round(n * 10) / 10

type Bounds = NonNullable<Projection['bounds']>

/**
 * The lat/lng box of some valid points and its size as drawn: the longitude span scaled by the
 * cosine of the middle latitude (`xScale`), the latitude span as it is.
 */
function extent(valid: readonly GeoPoint[]): { bounds: Bounds; xScale: number; spanX: number; spanY: number } {
  const lats = valid.map((p) => p.lat)
  const lngs = valid.map((p) => p.lng)
  const bounds = { minLat: Math.min(...lats), maxLat: Math.max(...lats), minLng: Math.min(...lngs), maxLng: Math.max(...lngs) }
  const xScale = Math.cos((((bounds.minLat + bounds.maxLat) / 2) * Math.PI) / 180)
  return { bounds, xScale, spanX: (bounds.maxLng - bounds.minLng) * xScale, spanY: bounds.maxLat - bounds.minLat }
}

/**
 * A projection that fits every valid point into the box (inside the padding), keeps the aspect
 * ratio and centres the result. A single point, or points on one spot, land in the middle.
 */
export function createProjection(points: readonly GeoPoint[], box: PlotBox): Projection {
  const valid = points.filter(isValidGeoPoint)
  const centre = { x: round(box.width / 2), y: round(box.height / 2) }
  if (valid.length === 0) return { project: () => centre, bounds: null }

  const { bounds, xScale, spanX, spanY } = extent(valid)
  const innerWidth = Math.max(0, box.width - 2 * box.padding)
  const innerHeight = Math.max(0, box.height - 2 * box.padding)

  if (spanX === 0 && spanY === 0) return { project: () => centre, bounds }

  const scale = Math.min(spanX > 0 ? innerWidth / spanX : Number.POSITIVE_INFINITY, spanY > 0 ? innerHeight / spanY : Number.POSITIVE_INFINITY)
  const offsetX = box.padding + (innerWidth - spanX * scale) / 2
  const offsetY = box.padding + (innerHeight - spanY * scale) / 2
  return {
    bounds,
    project: (p) => ({
      x: round(offsetX + (p.lng - bounds.minLng) * xScale * scale),
      // SVG y grows downwards, latitude upwards.
      y: round(offsetY + (bounds.maxLat - p.lat) * scale),
    }),
  }
}

/** Projects the valid points (invalid ones are left out) and chooses each label's side. */
export function plotPoints<P extends GeoPoint>(points: readonly P[], box: PlotBox): PlottedPoint<P>[] {
  const { project } = createProjection(points, box)
  return points.filter(isValidGeoPoint).map((point) => {
    const { x, y } = project(point)
    return { point, x, y, labelAnchor: x > box.width * 0.7 ? 'end' : 'start' }
  })
}

/** Lines of equal latitude/longitude every `step` degrees inside the bounds, for a map's background. */
export function graticule(projection: Projection, step: number): { lat: number[]; lng: number[] } {
  const b = projection.bounds
  if (!b || step <= 0) return { lat: [], lng: [] }
  const range = (from: number, to: number) => {
    const out: number[] = []
    for (let v = Math.ceil(from / step) * step; v <= to; v += step) out.push(v)
    return out
  }
  return { lat: range(b.minLat, b.maxLat), lng: range(b.minLng, b.maxLng) }
}

/**
 * Approximate geographic centres of the countries a German tour operator travels to, by ISO
 * 3166-1 alpha-2 code, for the travel map (the countries table has no coordinates). Where the
 * centre lies in an odd spot (Norway, Croatia), a point near the main travel area is used.
 */
export const COUNTRY_CENTRES: Readonly<Record<string, GeoPoint>> = {
  AT: { lat: 47.6, lng: 14.1 },
  BE: { lat: 50.6, lng: 4.6 },
  BG: { lat: 42.7, lng: 25.3 },
  CH: { lat: 46.8, lng: 8.2 },
  CY: { lat: 35.1, lng: 33.2 },
  CZ: { lat: 49.8, lng: 15.5 },
  DE: { lat: 51.2, lng: 10.4 },
  DK: { lat: 56.0, lng: 9.5 },
  EE: { lat: 58.7, lng: 25.5 },
  ES: { lat: 40.2, lng: -3.6 },
  FI: { lat: 62.5, lng: 25.7 },
  FR: { lat: 46.6, lng: 2.4 },
  GB: { lat: 53.0, lng: -1.8 },
  GR: { lat: 39.3, lng: 22.0 },
  HR: { lat: 44.5, lng: 15.5 },
  HU: { lat: 47.2, lng: 19.4 },
  IE: { lat: 53.2, lng: -8.0 },
  IS: { lat: 64.9, lng: -18.6 },
  IT: { lat: 42.8, lng: 12.6 },
  LI: { lat: 47.2, lng: 9.55 },
  LT: { lat: 55.3, lng: 23.9 },
  LU: { lat: 49.8, lng: 6.1 },
  LV: { lat: 56.9, lng: 24.6 },
  MC: { lat: 43.74, lng: 7.42 },
  ME: { lat: 42.7, lng: 19.3 },
  MT: { lat: 35.9, lng: 14.4 },
  NL: { lat: 52.2, lng: 5.5 },
  NO: { lat: 61.5, lng: 8.5 },
  PL: { lat: 52.1, lng: 19.4 },
  PT: { lat: 39.6, lng: -8.0 },
  RO: { lat: 45.9, lng: 24.9 },
  SE: { lat: 60.1, lng: 15.6 },
  SI: { lat: 46.1, lng: 14.8 },
  SK: { lat: 48.7, lng: 19.7 },
  TR: { lat: 39.0, lng: 35.2 },
}

/** The centre of a country by its ISO code (case-insensitive); null when unknown. */
export function countryCentre(iso2: string | null | undefined): GeoPoint | null {
  if (!iso2) return null
  return COUNTRY_CENTRES[iso2.trim().toUpperCase()] ?? null
}

export type Rect = { x0: number; y0: number; x1: number; y1: number }

export type LabelCandidate = {
  x: number
  y: number
  text: string
  anchor: 'start' | 'end'
  priority: number
  /** Distance from the dot's centre to the label (the dot's radius plus some air); default `gap`. */
  offset?: number
}

/** Where a label sits: right or left of its dot, or centred above or below it. */
export type LabelPlacement = 'start' | 'end' | 'above' | 'below'

/**
 * Which labels to draw so that none overlaps another label, an obstacle or a box edge: the most
 * important first (higher priority, then the order given), each on its preferred side, else the
 * other side, else above or below its dot; a label that fits nowhere is left out.
 * The width of a label is estimated from its length, which is close enough for a sans-serif font.
 */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  box: { width: number; height: number },
  fontSize: number,
  gap = 4,
  /** Areas no label may cover, e.g. the other dots. */
  obstacles: readonly Rect[] = [],
): { index: number; anchor: LabelPlacement }[] {
  const placed: Rect[] = [...obstacles]
  const result: { index: number; anchor: LabelPlacement }[] = []
  const order = candidates.map((c, index) => ({ c, index })).sort((a, b) => b.c.priority - a.c.priority || a.index - b.index)
  const overlaps = (r: Rect) => placed.some((p) => r.x0 < p.x1 && r.x1 > p.x0 && r.y0 < p.y1 && r.y1 > p.y0)
  const inside = (r: Rect) => r.x0 >= 0 && r.x1 <= box.width && r.y0 >= 0 && r.y1 <= box.height
  for (const { c, index } of order) {
    const width = Array.from(c.text).length * fontSize * 0.55
    const offset = c.offset ?? gap
    const rectFor = (anchor: LabelPlacement): Rect => {
      switch (anchor) {
        case 'start':
          return { x0: c.x + offset, y0: c.y - fontSize * 0.75, x1: c.x + offset + width, y1: c.y + fontSize * 0.35 }
        case 'end':
          return { x0: c.x - offset - width, y0: c.y - fontSize * 0.75, x1: c.x - offset, y1: c.y + fontSize * 0.35 }
        case 'above':
          return { x0: c.x - width / 2, y0: c.y - offset - fontSize * 1.1, x1: c.x + width / 2, y1: c.y - offset }
        case 'below':
          return { x0: c.x - width / 2, y0: c.y + offset, x1: c.x + width / 2, y1: c.y + offset + fontSize * 1.1 }
      }
    }
    const tries: LabelPlacement[] = [c.anchor, c.anchor === 'start' ? 'end' : 'start', 'above', 'below']
    for (const anchor of tries) {
      const rect = rectFor(anchor)
      if (inside(rect) && !overlaps(rect)) {
        placed.push(rect)
        result.push({ index, anchor })
        break
      }
    }
  }
  return result.sort((a, b) => a.index - b.index)
}

/**
 * A box height that suits the points' shape at the given width (the projection keeps the aspect
 * ratio, so a tall region gets a tall map), kept between min and max.
 */
export function fittedHeight(points: readonly GeoPoint[], width: number, padding: number, min: number, max: number): number {
  const valid = points.filter(isValidGeoPoint)
  if (valid.length < 2) return min
  const { spanX, spanY } = extent(valid)
  if (spanX <= 0) return max
  const inner = (width - 2 * padding) * (spanY / spanX)
  return Math.round(Math.min(max, Math.max(min, inner + 2 * padding)))
}
