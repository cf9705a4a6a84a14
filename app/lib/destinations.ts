// Reiseländer (spec 2: /reiselaender/{destination}, destination multi-segment).
//
// Decisions:
// - /reiselaender/{country}/ is a country, /reiselaender/{country}/{region}/ one of its regions
//   (the region must lie in that country), /reiselaender/region/{region}/ any region by itself;
//   this is the address of the regions without a country ('Andere Regionen'). 'region' is
//   therefore not available as a country slug.
// - Anything else (more segments, odd characters, unknown slugs) is a 404.
import * as z from 'zod/mini'
import { pagedSchema } from './paging'
import { tripCardSchema } from './trip-card'

export const REGION_SEGMENT = 'region'

export type DestinationPath =
  | { kind: 'country'; country: string }
  | { kind: 'country-region'; country: string; region: string }
  | { kind: 'region'; region: string }

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,198}[a-z0-9])?$/

export function parseDestinationPath(splat: string | undefined): DestinationPath | null {
  const segments = (splat ?? '').split('/').filter((s) => s !== '')
  if (segments.length === 0 || segments.length > 2 || !segments.every((s) => SLUG.test(s))) return null
  const [first, second] = segments
  if (first === undefined) return null
  if (first === REGION_SEGMENT) return second === undefined ? null : { kind: 'region', region: second }
  return second === undefined ? { kind: 'country', country: first } : { kind: 'country-region', country: first, region: second }
}

/** The splat of a destination ('italien/gardasee'), for `<Link to="/reiselaender/$/" params={{ _splat }}>` (the router adds the trailing slash). */
export function destinationSplat(path: DestinationPath): string {
  switch (path.kind) {
    case 'country':
      return path.country
    case 'country-region':
      return `${path.country}/${path.region}`
    case 'region':
      return `${REGION_SEGMENT}/${path.region}`
  }
}

const placeSchema = z.object({ id: z.number().check(z.int()), name: z.string(), slug: z.string() })
export type Place = z.infer<typeof placeSchema>

export const regionEntrySchema = z.extend(placeSchema, { trips: z.number().check(z.int()) })
export type RegionEntry = z.infer<typeof regionEntrySchema>

export const countryEntrySchema = z.extend(placeSchema, {
  trips: z.number().check(z.int()),
  /** Regions of this country that have trips, German collation. */
  regions: z.array(regionEntrySchema),
})
export type CountryEntry = z.infer<typeof countryEntrySchema>

export const destinationsOverviewSchema = z.object({
  /** Countries with at least one trip, German collation; a nameless one is called 'Reiseland'. */
  countries: z.array(countryEntrySchema),
  /** Regions without a country that have trips. */
  otherRegions: z.array(regionEntrySchema),
})
export type DestinationsOverview = z.infer<typeof destinationsOverviewSchema>

export const destinationPageSchema = z.object({
  country: z.nullable(placeSchema),
  region: z.nullable(placeSchema),
  /** On a country page: its regions with trips. */
  regions: z.array(regionEntrySchema),
  trips: z.array(tripCardSchema),
  paging: pagedSchema,
})
export type DestinationPage = z.infer<typeof destinationPageSchema>
