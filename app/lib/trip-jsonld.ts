// schema.org structured data of a trip (JSON-LD `Trip` with one `Offer` per upcoming date).
import type { BookableStatus } from './bookable'
import { bookableLabel } from './bookable'
import { RAW_PRICE_FACTOR, formatDateRange } from './format'
import { organizationJsonLd } from './head'
import type { SiteInfo } from './site'
import { absoluteUrl } from './sitemap'
import type { TripDetail } from './trip-detail'
import { tripPath } from './trip-detail'

export type SchemaAvailability =
  | 'https://schema.org/InStock'
  | 'https://schema.org/LimitedAvailability'
  | 'https://schema.org/SoldOut'
  | 'https://schema.org/PreOrder'
  | 'https://schema.org/OutOfStock'

// 1 "Anfrage": the customer can place a request now and gets the confirmation later, which is what
// PreOrder says. 2 "Nicht Buchbar" (a date not yet released or closed) cannot be ordered at all:
// OutOfStock. 4 "Durchführungsgarantie" is bookable like 0.
const AVAILABILITY = {
  0: 'https://schema.org/InStock',
  1: 'https://schema.org/PreOrder',
  2: 'https://schema.org/OutOfStock',
  3: 'https://schema.org/SoldOut',
  4: 'https://schema.org/InStock',
  5: 'https://schema.org/LimitedAvailability',
} as const satisfies Record<BookableStatus, SchemaAvailability>

export function availabilityForStatus(status: BookableStatus): SchemaAvailability {
  return AVAILABILITY[status]
}

/** Millionths of a euro → '1299.00' (schema.org wants a dot and no currency sign). */
export function schemaPrice(raw: number): string {
  return (Math.round(raw / (RAW_PRICE_FACTOR / 100)) / 100).toFixed(2)
}

export type TripJsonLdInput = {
  trip: TripDetail
  site: SiteInfo
  /** Public origin, e.g. 'https://www.sonnenland-reisen.de'. */
  origin: string
}

export function buildTripJsonLd({ trip, site, origin }: TripJsonLdInput): Record<string, unknown> {
  const url = absoluteUrl(origin, tripPath(trip.id))
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Trip',
    '@id': url,
    name: trip.title,
    url,
    description: trip.teaser || trip.subtitle || trip.title,
    provider: organizationJsonLd(site, origin),
    offers: trip.dates.map((date) => ({
      '@type': 'Offer',
      name: `Termin ${formatDateRange(date.dateFrom, date.dateTill)}`,
      sku: date.code,
      price: schemaPrice(date.price),
      priceCurrency: 'EUR',
      availability: availabilityForStatus(date.bookable),
      // The offer is valid from the day the trip was listed until the day of departure.
      validFrom: trip.listedSince,
      validThrough: date.dateFrom,
      url,
      description: bookableLabel(date.bookable),
    })),
  }
  if (trip.images.length > 0) data.image = trip.images.map((image) => absoluteUrl(origin, image.src))
  if (trip.itinerary.length > 0) {
    data.itinerary = {
      '@type': 'ItemList',
      numberOfItems: trip.itinerary.length,
      itemListElement: trip.itinerary.map((day, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: `${day.day}. Tag: ${day.title}`,
        description: day.text,
      })),
    }
  }
  return data
}
