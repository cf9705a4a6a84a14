// The trip page's hotel or ship, with a link to its own page.
import { Link, linkOptions } from '@tanstack/react-router'
import { ResponsiveImage } from '../ui/ResponsiveImage'
import { VisuallyHidden } from '../ui/VisuallyHidden'
import { hotelStarsLabel } from '~/lib/ratings'
import { shipKindLabel } from '~/lib/ships'
import type { TripDetail } from '~/lib/trip-detail'

export function TripAccommodation({ trip }: { trip: TripDetail }) {
  const place = trip.hotel
    ? {
        heading: 'Ihr Hotel',
        name: trip.hotel.name,
        detail: trip.hotel.city,
        link: linkOptions({ to: '/hotels/$id/', params: { id: String(trip.hotel.id) } }),
        image: trip.hotel.image,
        stars: trip.hotel.stars,
        more: 'Mehr über das Hotel',
      }
    : trip.ship
      ? {
          heading: 'Ihr Schiff',
          name: trip.ship.name,
          detail: shipKindLabel(trip.ship.kind),
          link: linkOptions({ to: '/ships/$id/', params: { id: String(trip.ship.id) } }),
          image: trip.ship.image,
          stars: null,
          more: 'Mehr über das Schiff',
        }
      : null
  if (!place) return null
  return (
    <section className="section section--tight" aria-labelledby="unterkunft">
      <h2 id="unterkunft">{place.heading}</h2>
      <div className="card accommodation-card">
        {place.image ? (
          <div className="card__media">
            <ResponsiveImage
              src={place.image.src}
              alt={place.image.alt}
              width={place.image.width}
              height={place.image.height}
              sizes="(min-width: 960px) 400px, 100vw"
            />
          </div>
        ) : null}
        <div className="card__body">
          <h3 className="card__title">{place.name}</h3>
          <p className="card__meta">
            {place.detail}
            {place.stars ? ` · ${hotelStarsLabel(place.stars)}` : null}
          </p>
          <p>
            <Link {...place.link}>
              {place.more}
              <VisuallyHidden> „{place.name}“</VisuallyHidden>
            </Link>
          </p>
        </div>
      </div>
    </section>
  )
}
