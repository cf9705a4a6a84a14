// The SVG map projection: fits points into a box, keeps north up and the aspect ratio.
import { describe, expect, it } from 'vitest'
import { countryCentre, createProjection, fittedHeight, graticule, isValidGeoPoint, placeLabels, plotPoints } from '~/lib/geo-plot'

const BOX = { width: 600, height: 400, padding: 20 }
const bielefeld = { lat: 52.02, lng: 8.53 }
const hamburg = { lat: 53.55, lng: 10.0 }
const muenchen = { lat: 48.14, lng: 11.58 }
const koeln = { lat: 50.94, lng: 6.96 }

describe('createProjection', () => {
  const { project } = createProjection([bielefeld, hamburg, muenchen, koeln], BOX)

  it('keeps every point inside the padded box', () => {
    for (const p of [bielefeld, hamburg, muenchen, koeln]) {
      const { x, y } = project(p)
      expect(x).toBeGreaterThanOrEqual(BOX.padding - 0.1)
      expect(x).toBeLessThanOrEqual(BOX.width - BOX.padding + 0.1)
      expect(y).toBeGreaterThanOrEqual(BOX.padding - 0.1)
      expect(y).toBeLessThanOrEqual(BOX.height - BOX.padding + 0.1)
    }
  })

  it('puts north up and east right', () => {
    expect(project(hamburg).y).toBeLessThan(project(muenchen).y)
    expect(project(koeln).x).toBeLessThan(project(muenchen).x)
  })

  it('touches the padding on the limiting axis (the extreme points span the box)', () => {
    // Germany is taller than wide in this box, so latitude fills the height.
    expect(project(hamburg).y).toBeCloseTo(BOX.padding, 0)
    expect(project(muenchen).y).toBeCloseTo(BOX.height - BOX.padding, 0)
  })

  it('keeps the aspect ratio: one degree of latitude ≈ one degree of longitude times cos(latitude)', () => {
    const a = createProjection([{ lat: 50, lng: 0 }, { lat: 52, lng: 4 }], { width: 1000, height: 1000, padding: 0 })
    const p0 = a.project({ lat: 50, lng: 0 })
    const p1 = a.project({ lat: 52, lng: 4 })
    const dx = p1.x - p0.x
    const dy = p0.y - p1.y
    expect(dx / dy).toBeCloseTo((4 * Math.cos((51 * Math.PI) / 180)) / 2, 2)
  })

  it('centres the drawing on the axis that is not limiting', () => {
    const { project: p } = createProjection([{ lat: 50, lng: 10 }, { lat: 52, lng: 10 }], BOX)
    expect(p({ lat: 51, lng: 10 }).x).toBe(BOX.width / 2)
  })

  it('puts a single point, or points on one spot, in the middle', () => {
    expect(createProjection([bielefeld], BOX).project(bielefeld)).toEqual({ x: 300, y: 200 })
    expect(createProjection([bielefeld, bielefeld], BOX).project(bielefeld)).toEqual({ x: 300, y: 200 })
  })

  it('without valid points has no bounds and maps to the middle', () => {
    const proj = createProjection([{ lat: Number.NaN, lng: 1 }], BOX)
    expect(proj.bounds).toBeNull()
    expect(proj.project(bielefeld)).toEqual({ x: 300, y: 200 })
  })
})

describe('plotPoints', () => {
  it('leaves out invalid coordinates and keeps the rest in order', () => {
    const plotted = plotPoints([bielefeld, { lat: 200, lng: 0 }, { lat: 1, lng: Number.POSITIVE_INFINITY }, muenchen], BOX)
    expect(plotted.map((p) => p.point)).toEqual([bielefeld, muenchen])
  })

  it('puts labels left of dots near the right edge', () => {
    const plotted = plotPoints([koeln, muenchen], BOX)
    const east = plotted.find((p) => p.point === muenchen)
    const west = plotted.find((p) => p.point === koeln)
    expect(west?.labelAnchor).toBe('start')
    expect(east?.x).toBeGreaterThan(BOX.width * 0.7)
    expect(east?.labelAnchor).toBe('end')
  })
})

describe('helpers', () => {
  it('isValidGeoPoint checks ranges', () => {
    expect(isValidGeoPoint({ lat: 90, lng: -180 })).toBe(true)
    expect(isValidGeoPoint({ lat: 90.1, lng: 0 })).toBe(false)
    expect(isValidGeoPoint({ lat: 0, lng: 180.5 })).toBe(false)
  })

  it('graticule lists whole-step lines within the bounds', () => {
    const proj = createProjection([{ lat: 47.3, lng: 5.9 }, { lat: 55.1, lng: 15.0 }], BOX)
    expect(graticule(proj, 5)).toEqual({ lat: [50, 55], lng: [10, 15] })
    expect(graticule(createProjection([], BOX), 5)).toEqual({ lat: [], lng: [] })
  })

  it('countryCentre knows the seed countries, case-insensitively', () => {
    for (const code of ['DE', 'AT', 'CH', 'IT', 'FR', 'ES', 'PT', 'NL', 'BE', 'CZ', 'PL', 'HU', 'HR', 'NO']) {
      expect(countryCentre(code)).not.toBeNull()
    }
    expect(countryCentre('de')).toEqual(countryCentre('DE'))
    expect(countryCentre('')).toBeNull()
    expect(countryCentre(null)).toBeNull()
    expect(countryCentre('XX')).toBeNull()
  })
})

describe('placeLabels', () => {
  const box = { width: 300, height: 200 }

  it('draws labels that do not collide, the more important one first', () => {
    const placed = placeLabels(
      [
        { x: 50, y: 100, text: 'Bielefeld', anchor: 'start', priority: 0 },
        { x: 52, y: 102, text: 'Brackwede', anchor: 'start', priority: 1 },
        { x: 50, y: 30, text: 'Minden', anchor: 'start', priority: 0 },
      ],
      box,
      14,
    )
    // 'Bielefeld' would overlap 'Brackwede' on the right and leave the box on the left: dropped.
    expect(placed).toEqual([
      { index: 1, anchor: 'start' },
      { index: 2, anchor: 'start' },
    ])
    const roomy = placeLabels(
      [
        { x: 150, y: 100, text: 'Bielefeld', anchor: 'start', priority: 0 },
        { x: 152, y: 102, text: 'Brackwede', anchor: 'start', priority: 1 },
      ],
      box,
      14,
    )
    expect(roomy).toEqual([
      { index: 0, anchor: 'end' },
      { index: 1, anchor: 'start' },
    ])
  })

  it('switches sides at the edge and drops what fits nowhere', () => {
    const placed = placeLabels([{ x: 290, y: 100, text: 'Osnabrück', anchor: 'start', priority: 0 }], box, 14)
    expect(placed).toEqual([{ index: 0, anchor: 'end' }])
    const none = placeLabels([{ x: 150, y: 100, text: 'X'.repeat(60), anchor: 'start', priority: 0 }], box, 14)
    expect(none).toEqual([])
  })
})

describe('placeLabels with obstacles and fittedHeight', () => {
  it('keeps labels off the obstacles (other dots)', () => {
    const box = { width: 300, height: 200 }
    const dot = { x0: 110, y0: 90, x1: 122, y1: 102 }
    const label = { x: 100, y: 100, text: 'Minden', anchor: 'start' as const, priority: 0 }
    expect(placeLabels([label], box, 14, 4)).toEqual([{ index: 0, anchor: 'start' }])
    expect(placeLabels([label], box, 14, 4, [dot])).toEqual([{ index: 0, anchor: 'end' }])
  })

  it('fittedHeight follows the shape of the points, within bounds', () => {
    const tall = [{ lat: 36, lng: 5 }, { lat: 62, lng: 10 }]
    const wide = [{ lat: 50, lng: 0 }, { lat: 51, lng: 20 }]
    expect(fittedHeight(tall, 700, 20, 300, 900)).toBe(900)
    expect(fittedHeight(wide, 700, 20, 300, 900)).toBe(300)
    const h = fittedHeight([{ lat: 50, lng: 0 }, { lat: 54, lng: 8 }], 700, 20, 100, 2000)
    expect(h).toBeCloseTo(660 * (4 / (8 * Math.cos((52 * Math.PI) / 180))) + 40, -1)
    expect(fittedHeight([], 700, 20, 300, 900)).toBe(300)
  })
})

describe('placeLabels above and below', () => {
  it('puts a label above its dot when both sides are taken', () => {
    const box = { width: 400, height: 200 }
    // Neighbours right and left at the height of the dot, nothing above it.
    const left = { x0: 100, y0: 97, x1: 190, y1: 110 }
    const right = { x0: 210, y0: 97, x1: 300, y1: 110 }
    const placed = placeLabels([{ x: 200, y: 100, text: 'Wien', anchor: 'start', priority: 0 }], box, 14, 4, [left, right])
    expect(placed).toEqual([{ index: 0, anchor: 'above' }])
    // At the top edge with neighbours on both sides: below.
    const below = placeLabels([{ x: 200, y: 12, text: 'Wien', anchor: 'start', priority: 0 }], box, 14, 4, [
      { ...left, y0: 2, y1: 16 },
      { ...right, y0: 2, y1: 16 },
    ])
    expect(below).toEqual([{ index: 0, anchor: 'below' }])
  })
})
