// Links to the Reiseländer pages with the number of trips behind each, for /reiselaender/ and /map/.
import { Link } from '@tanstack/react-router'
import { destinationSplat } from '~/lib/destinations'
import type { DestinationPath, RegionEntry } from '~/lib/destinations'
import { formatTripCount } from '~/lib/format'

export type DestinationLinkProps = {
  path: DestinationPath
  name: string
  trips: number
  /** Large counts with a thousands dot ('1.234 Reisen'). */
  grouped?: boolean
  className?: string
  countClassName?: string
}

/** 'Italien (12 Reisen)': the name links to the destination's page. */
export function DestinationLink({ path, name, trips, grouped = false, className, countClassName = 'text-muted' }: DestinationLinkProps) {
  return (
    <>
      <Link to="/reiselaender/$/" params={{ _splat: destinationSplat(path) }} className={className}>
        {name}
      </Link>{' '}
      <span className={countClassName}>({formatTripCount(trips, { grouped })})</span>
    </>
  )
}

export type RegionLinksProps = {
  regions: readonly RegionEntry[]
  /** The country's slug; without one the regions are linked by themselves (/reiselaender/region/…/). */
  country?: string
  className: string
  'aria-label'?: string
  grouped?: boolean
}

/** The regions of a country, or the regions without a country, as a list of destination links. */
export function RegionLinks({ regions, country, className, 'aria-label': label, grouped = false }: RegionLinksProps) {
  return (
    <ul className={className} aria-label={label}>
      {regions.map((region) => (
        <li key={region.id}>
          <DestinationLink
            path={country === undefined ? { kind: 'region', region: region.slug } : { kind: 'country-region', country, region: region.slug }}
            name={region.name}
            trips={region.trips}
            grouped={grouped}
          />
        </li>
      ))}
    </ul>
  )
}
