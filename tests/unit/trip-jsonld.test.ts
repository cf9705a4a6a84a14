// JSON-LD of the trip detail page: schema.org Trip with offers, availability per status, safe serialisation.
import { describe, expect, it } from 'vitest'
import { BOOKABLE_STATUSES } from '~/lib/bookable'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import type { TripDetail } from '~/lib/trip-detail'
import { serialiseJsonLd } from '~/lib/head'
import { availabilityForStatus, buildTripJsonLd, schemaPrice } from '~/lib/trip-jsonld'

const trip: TripDetail = {
  id: 12,
  slug: 'gardasee',
  title: 'Gardasee </script><script>alert(1)</script>',
  subtitle: null,
  teaser: 'Zitronen & Oliven',
  descriptionHtml: '<p>x</p>',
  itinerary: [
    { day: 1, title: 'Anreise', text: 'Fahrt an den See' },
    { day: 2, title: 'Verona', text: 'Arena' },
  ],
  included: [],
  notIncluded: [],
  durationDays: 2,
  transport: 'bus',
  images: [{ src: '/media/gardasee.webp', alt: 'See', width: 1200, height: 800 }],
  listedSince: '2026-01-15',
  categories: [],
  countries: [],
  dates: [
    { id: 1, dateFrom: '2027-03-05', dateTill: '2027-03-06', price: 1_299_000_000, singleRoomSurcharge: 0, bookable: 0, code: 'A1' },
    { id: 2, dateFrom: '2027-04-05', dateTill: '2027-04-06', price: 999_990_000, singleRoomSurcharge: 0, bookable: 3, code: 'A2' },
  ],
  boardingPoints: [],
  hotel: null,
  ship: null,
}

describe('availabilityForStatus', () => {
  it('maps every spec 4 status to a schema.org availability', () => {
    expect(BOOKABLE_STATUSES.map(availabilityForStatus)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/PreOrder',
      'https://schema.org/OutOfStock',
      'https://schema.org/SoldOut',
      'https://schema.org/InStock',
      'https://schema.org/LimitedAvailability',
    ])
  })
})

describe('schemaPrice', () => {
  it('turns millionths of a euro into a dotted amount with two decimals', () => {
    expect(schemaPrice(1_299_000_000)).toBe('1299.00')
    expect(schemaPrice(999_990_000)).toBe('999.99')
    expect(schemaPrice(1_234_567)).toBe('1.23')
    expect(schemaPrice(0)).toBe('0.00')
  })
})

describe('buildTripJsonLd', () => {
  const data = buildTripJsonLd({ trip, site: DEFAULT_SITE_INFO, origin: 'https://www.example.de' })

  it('is a schema.org Trip with its canonical URL and the operator as provider', () => {
    expect(data['@context']).toBe('https://schema.org')
    expect(data['@type']).toBe('Trip')
    expect(data.url).toBe('https://www.example.de/reise/12/')
    expect(data.provider).toMatchObject({ '@type': 'TravelAgency', name: DEFAULT_SITE_INFO.legalName })
    expect(data.image).toEqual(['https://www.example.de/media/gardasee.webp'])
  })

  it('has one Offer per date with the price in euros, EUR and the availability', () => {
    expect(data.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', price: '1299.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', validFrom: '2026-01-15', validThrough: '2027-03-05' }),
      expect.objectContaining({ '@type': 'Offer', price: '999.99', priceCurrency: 'EUR', availability: 'https://schema.org/SoldOut' }),
    ])
  })

  it('lists the itinerary day by day', () => {
    expect(data.itinerary).toMatchObject({
      '@type': 'ItemList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: '1. Tag: Anreise' },
        { '@type': 'ListItem', position: 2, name: '2. Tag: Verona' },
      ],
    })
  })

  it('leaves out an empty itinerary and images', () => {
    const bare = buildTripJsonLd({ trip: { ...trip, itinerary: [], images: [] }, site: DEFAULT_SITE_INFO, origin: 'https://x.de' })
    expect(bare).not.toHaveProperty('itinerary')
    expect(bare).not.toHaveProperty('image')
  })
})

describe('serialiseJsonLd', () => {
  it('contains no "<", so "</script>" in the data cannot close the element', () => {
    const text = serialiseJsonLd(buildTripJsonLd({ trip, site: DEFAULT_SITE_INFO, origin: 'https://x.de' }))
    expect(text).not.toContain('<')
    expect(text).not.toContain('>')
    expect(text).not.toContain('&')
  })

  it('parses back to the same data', () => {
    const value = { a: '</script><!-- & \u2028 \u2029', b: [1, 'ä'] }
    expect(JSON.parse(serialiseJsonLd(value))).toEqual(value)
  })
})
