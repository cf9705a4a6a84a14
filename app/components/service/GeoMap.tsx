// An SVG "map" that plots points by latitude/longitude: no tiles, no script, no request to another
// server. It is a picture (role="img" with a label); the list beside it is the accessible version.
import { useId } from 'react'
import { createProjection, fittedHeight, graticule, isValidGeoPoint, placeLabels } from '~/lib/geo-plot'

export type GeoMapPoint = {
  key: string | number
  lat: number
  lng: number
  /** Text next to the dot (drawn only where it fits). */
  label: string
  /** Drawn larger and in the accent colour (e.g. search matches). */
  highlighted?: boolean
  /** Dot radius in SVG units (e.g. scaled by the number of trips). */
  radius?: number
  /** Labels with a higher priority win where labels would collide. */
  priority?: number
}

export type GeoMapProps = {
  points: readonly GeoMapPoint[]
  /** What the picture shows, read by screen readers: 'Karte mit 26 Zustiegsstellen …'. */
  label: string
  /** Visible caption below the map. */
  caption?: string
  width?: number
  /** Fixed height; by default the height follows the shape of the area (between 320 and 720). */
  height?: number
  /** Degrees between background grid lines. */
  gridStep?: number
  className?: string
}

const FONT_SIZE = 15
const LABEL_AIR = 4

const dotRadius = (p: GeoMapPoint) => p.radius ?? (p.highlighted ? 8 : 6)

const PADDING = 36

export function GeoMap({ points, label, caption, width = 720, height, gridStep = 1, className }: GeoMapProps) {
  const titleId = useId()
  const valid = points.filter(isValidGeoPoint)
  const boxHeight = height ?? fittedHeight(valid, width, PADDING, 320, 720)
  const box = { width, height: boxHeight, padding: PADDING }
  const projection = createProjection(valid, box)
  const lines = graticule(projection, gridStep)
  const dots = valid.map((p) => ({ point: p, ...projection.project(p) }))
  // One label per name (three stops in one town get one 'Bielefeld'); the highlighted dot or the
  // more important one carries it. Dots are obstacles, so no label hides a neighbouring dot.
  const candidates = dots
    .map((d, index) => ({
      index,
      x: d.x,
      y: d.y,
      text: d.point.label,
      anchor: d.x > width * 0.7 ? ('end' as const) : ('start' as const),
      priority: (d.point.highlighted ? 1000 : 0) + (d.point.priority ?? 0),
      offset: dotRadius(d.point) + LABEL_AIR,
    }))
    .sort((a, b) => b.priority - a.priority || a.index - b.index)
    .filter((c, i, all) => all.findIndex((o) => o.text === c.text) === i)
  const obstacles = dots.map((d) => {
    const r = dotRadius(d.point) + 1
    return { x0: d.x - r, y0: d.y - r, x1: d.x + r, y1: d.y + r }
  })
  const labels = placeLabels(candidates, box, FONT_SIZE, LABEL_AIR, obstacles).flatMap(({ index, anchor }) => {
    const candidate = candidates[index]
    return candidate ? [{ index: candidate.index, anchor }] : []
  })
  // Highlighted dots are drawn last, so that they lie on top.
  const drawOrder = [...dots.keys()].sort((a, b) => Number(dots[a]?.point.highlighted ?? false) - Number(dots[b]?.point.highlighted ?? false))

  return (
    <figure className={className ? `geo-map ${className}` : 'geo-map'}>
      <svg viewBox={`0 0 ${width} ${boxHeight}`} role="img" aria-labelledby={titleId} className="geo-map__svg" preserveAspectRatio="xMidYMid meet">
        <title id={titleId}>{label}</title>
        <rect x="0" y="0" width={width} height={boxHeight} className="geo-map__background" rx="12" />
        <g className="geo-map__grid" aria-hidden="true">
          {lines.lat.map((lat) => {
            const y = projection.project({ lat, lng: projection.bounds?.minLng ?? 0 }).y
            return <line key={`lat-${lat}`} x1="0" x2={width} y1={y} y2={y} />
          })}
          {lines.lng.map((lng) => {
            const x = projection.project({ lat: projection.bounds?.minLat ?? 0, lng }).x
            return <line key={`lng-${lng}`} y1="0" y2={boxHeight} x1={x} x2={x} />
          })}
        </g>
        <g aria-hidden="true">
          {drawOrder.map((i) => {
            const d = dots[i]
            if (!d) return null
            return (
              <circle
                key={d.point.key}
                cx={d.x}
                cy={d.y}
                r={dotRadius(d.point)}
                className={d.point.highlighted ? 'geo-map__dot geo-map__dot--highlighted' : 'geo-map__dot'}
              />
            )
          })}
          {labels.map(({ index, anchor }) => {
            const d = dots[index]
            if (!d) return null
            const offset = dotRadius(d.point) + LABEL_AIR
            const x = anchor === 'start' ? d.x + offset : anchor === 'end' ? d.x - offset : d.x
            const y = anchor === 'above' ? d.y - offset - FONT_SIZE * 0.3 : anchor === 'below' ? d.y + offset + FONT_SIZE * 0.85 : d.y + FONT_SIZE * 0.35
            return (
              <text
                key={`label-${d.point.key}`}
                x={x}
                y={y}
                textAnchor={anchor === 'start' || anchor === 'end' ? anchor : 'middle'}
                fontSize={FONT_SIZE}
                className={d.point.highlighted ? 'geo-map__label geo-map__label--highlighted' : 'geo-map__label'}
              >
                {d.point.label}
              </text>
            )
          })}
        </g>
      </svg>
      {caption ? <figcaption className="geo-map__caption">{caption}</figcaption> : null}
    </figure>
  )
}
