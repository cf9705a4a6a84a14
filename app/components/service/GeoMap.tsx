// An SVG "map" that plots points by latitude/longitude: no tiles, no script, no request to another
// server. It is a picture (role="img" with a label); the list beside it is the accessible version.
import { useId } from 'react'
import { createProjection, graticule, isValidGeoPoint, placeLabels } from '~/lib/geo-plot'

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
  height?: number
  /** Degrees between background grid lines. */
  gridStep?: number
  className?: string
}

const FONT_SIZE = 15
const LABEL_AIR = 4

const dotRadius = (p: GeoMapPoint) => p.radius ?? (p.highlighted ? 8 : 6)

export function GeoMap({ points, label, caption, width = 720, height = 480, gridStep = 1, className }: GeoMapProps) {
  const titleId = useId()
  const box = { width, height, padding: 36 }
  const valid = points.filter(isValidGeoPoint)
  const projection = createProjection(valid, box)
  const lines = graticule(projection, gridStep)
  const dots = valid.map((p) => ({ point: p, ...projection.project(p) }))
  const labels = placeLabels(
    dots.map((d) => ({
      x: d.x,
      y: d.y,
      text: d.point.label,
      anchor: d.x > width * 0.7 ? ('end' as const) : ('start' as const),
      priority: (d.point.highlighted ? 1000 : 0) + (d.point.priority ?? 0),
      offset: dotRadius(d.point) + LABEL_AIR,
    })),
    box,
    FONT_SIZE,
  )
  // Highlighted dots are drawn last, so that they lie on top.
  const drawOrder = [...dots.keys()].sort((a, b) => Number(dots[a]?.point.highlighted ?? false) - Number(dots[b]?.point.highlighted ?? false))

  return (
    <figure className={className ? `geo-map ${className}` : 'geo-map'}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} className="geo-map__svg" preserveAspectRatio="xMidYMid meet">
        <title id={titleId}>{label}</title>
        <rect x="0" y="0" width={width} height={height} className="geo-map__background" rx="12" />
        <g className="geo-map__grid" aria-hidden="true">
          {lines.lat.map((lat) => {
            const y = projection.project({ lat, lng: projection.bounds?.minLng ?? 0 }).y
            return <line key={`lat-${lat}`} x1="0" x2={width} y1={y} y2={y} />
          })}
          {lines.lng.map((lng) => {
            const x = projection.project({ lat: projection.bounds?.minLat ?? 0, lng }).x
            return <line key={`lng-${lng}`} y1="0" y2={height} x1={x} x2={x} />
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
            return (
              <text
                key={`label-${d.point.key}`}
                x={anchor === 'start' ? d.x + offset : d.x - offset}
                y={d.y + FONT_SIZE * 0.35}
                textAnchor={anchor}
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
