import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { BookableBadge } from '~/components/trip/BookableBadge'
import { TripGallery } from '~/components/trip/TripGallery'
import { AppLink } from '~/components/ui/AppLink'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import type { BreadcrumbItem } from '~/components/ui/Breadcrumbs'
import { buttonClassName } from '~/components/ui/Button'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { VisuallyHidden } from '~/components/ui/VisuallyHidden'
import { WishlistButton } from '~/components/wishlist/WishlistButton'
import { bookableAction } from '~/lib/bookable'
import { categoryPath } from '~/lib/category-path'
import { specialCategoryKind } from '~/lib/categories'
import { formatDateRange, formatDuration, formatPrice } from '~/lib/format'
import { hotelStarsLabel } from '~/lib/ratings'
import { shipKindLabel } from '~/lib/ships'
import { absoluteUrl } from '~/lib/sitemap'
import {
  formatDepartureTime,
  lowestPrice,
  parseTripParam,
  transportLabel,
  tripIcsPath,
  tripPath,
  tripRequestHref,
} from '~/lib/trip-detail'
import type { TripDate, TripDetail } from '~/lib/trip-detail'
import { buildTripJsonLd, serialiseJsonLd } from '~/lib/trip-jsonld'
import { catalogueQueries } from '~/queries/catalogue'
import { siteInfoQuery } from '~/queries/shell'
import { pageTitle } from '~/lib/site'

/** Spec 2 `/reise/{id}`: the numeric id is canonical; '{id}-{slug}' and the bare slug redirect to it. */
export const Route = createFileRoute('/reise/$id/')({
  loader: async ({ context, params }) => {
    const ref = parseTripParam(params.id)
    if (!ref) throw notFound()
    if (ref.kind === 'slug' || !ref.canonical) {
      const { id } = await context.queryClient.ensureQueryData(catalogueQueries.tripParam(params.id))
      throw redirect({ to: '/reise/$id/', params: { id: String(id) }, statusCode: 301 })
    }
    const { trip, origin } = await context.queryClient.ensureQueryData(catalogueQueries.trip(ref.id))
    const image = trip.images[0]
    return {
      id: trip.id,
      title: trip.title,
      description: trip.teaser || trip.subtitle || `${transportLabel(trip.transport)}, ${formatDuration(trip.durationDays)}`,
      canonical: absoluteUrl(origin, tripPath(trip.id)),
      image: image ? absoluteUrl(origin, image.src) : null,
      jsonLd: serialiseJsonLd(buildTripJsonLd({ trip, site: context.site, origin })),
    }
  },
  head: ({ loaderData, match }) => {
    if (!loaderData) return {}
    const meta = [
      { title: pageTitle(match.context.site, loaderData.title) },
      { name: 'description', content: loaderData.description },
      { property: 'og:title', content: loaderData.title },
      { property: 'og:description', content: loaderData.description },
      { property: 'og:type', content: 'website' },
      { property: 'og:url', content: loaderData.canonical },
      { property: 'og:site_name', content: match.context.site.name },
      { property: 'og:locale', content: 'de_DE' },
    ]
    if (loaderData.image) meta.push({ property: 'og:image', content: loaderData.image })
    return {
      meta,
      links: [{ rel: 'canonical', href: loaderData.canonical }],
      // A data block, never executed: the nonce-based CSP does not apply to it, and '<' is escaped.
      scripts: [{ type: 'application/ld+json', children: loaderData.jsonLd }],
    }
  },
  component: TripPage,
})

const isOpen = (date: TripDate) => bookableAction(date.bookable) !== 'none'

function TripPage() {
  const { id } = Route.useLoaderData()
  const { data } = useSuspenseQuery(catalogueQueries.trip(id))
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const trip = data.trip
  const mainCategory = trip.categories.find((c) => specialCategoryKind(c.name) === null)
  const crumbs: BreadcrumbItem[] = []
  if (mainCategory) crumbs.push({ label: mainCategory.name, href: categoryPath({ category: mainCategory.slug, country: null, page: 1 }) })
  crumbs.push({ label: trip.title })
  const from = lowestPrice(trip.dates, isOpen)

  return (
    <article className="container section trip-detail">
      <Breadcrumbs items={crumbs} />
      <header className="page-header trip-detail__header">
        <h1 className="page-title">{trip.title}</h1>
        {trip.subtitle ? <p className="lead">{trip.subtitle}</p> : null}
        <p className="text-muted">
          {transportLabel(trip.transport)} · {formatDuration(trip.durationDays)}
          {trip.countries.length ? ` · ${trip.countries.map((c) => c.name ?? 'Reiseland').join(', ')}` : null}
        </p>
      </header>

      <div className="trip-detail__top">
        <TripGallery images={trip.images} title={trip.title} />
        <aside className="trip-detail__box" aria-label="Preis und Merkliste">
          {from !== null ? (
            <p className="price price--large">
              <span className="price__from">ab </span>
              {formatPrice(from)}
              <span className="price__note">pro Person im Doppelzimmer</span>
            </p>
          ) : (
            <p>Für diese Reise sind zurzeit keine Termine ausgeschrieben.</p>
          )}
          {trip.dates.length ? (
            <p>
              <a href="#termine" className={buttonClassName({ variant: 'primary', block: true })}>
                Termine und Preise
              </a>
            </p>
          ) : null}
          <p>
            <WishlistButton tripId={trip.id} title={trip.title} size="normal" />
          </p>
          <p className="text-small">
            Persönliche Beratung: <a href={`tel:${site.phoneHref}`}>{site.phone}</a>
            <br />
            {site.officeHours}
          </p>
        </aside>
      </div>

      {trip.teaser ? <p className="lead trip-detail__teaser">{trip.teaser}</p> : null}
      {trip.descriptionHtml ? <div className="prose" dangerouslySetInnerHTML={{ __html: trip.descriptionHtml }} /> : null}

      {trip.itinerary.length ? (
        <section className="section section--tight" aria-labelledby="reiseverlauf">
          <h2 id="reiseverlauf">Reiseverlauf</h2>
          <ol className="itinerary">
            {trip.itinerary.map((day) => (
              <li key={day.day} className="itinerary__day">
                <h3 className="itinerary__title">
                  {day.day}. Tag: {day.title}
                </h3>
                <p>{day.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {trip.included.length || trip.notIncluded.length ? (
        <section className="section section--tight" aria-labelledby="leistungen">
          <h2 id="leistungen">Leistungen</h2>
          <div className="services-grid">
            {trip.included.length ? (
              <div>
                <h3>Im Reisepreis enthalten</h3>
                <ul className="check-list">
                  {trip.included.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {trip.notIncluded.length ? (
              <div>
                <h3>Nicht im Reisepreis enthalten</h3>
                <ul className="cross-list">
                  {trip.notIncluded.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        </section>
      ) : null}

      <DatesTable trip={trip} />
      <BoardingPoints trip={trip} />
      <Accommodation trip={trip} />
    </article>
  )
}

function DatesTable({ trip }: { trip: TripDetail }) {
  return (
    <section className="section section--tight" aria-labelledby="termine-titel" id="termine" tabIndex={-1}>
      <h2 id="termine-titel">Termine und Preise</h2>
      {trip.dates.length === 0 ? (
        <p>Zurzeit sind keine Termine ausgeschrieben. Rufen Sie uns gern an – wir merken Sie für neue Termine vor.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack dates-table">
            <caption>Termine und Preise pro Person im Doppelzimmer</caption>
            <thead>
              <tr>
                <th scope="col">Zeitraum</th>
                <th scope="col" className="num">
                  Preis p. P.
                </th>
                <th scope="col" className="num">
                  Einzelzimmerzuschlag
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <VisuallyHidden>Aktion</VisuallyHidden>
                </th>
                <th scope="col">Kalender</th>
              </tr>
            </thead>
            <tbody>
              {trip.dates.map((date) => {
                const range = formatDateRange(date.dateFrom, date.dateTill)
                const action = bookableAction(date.bookable)
                return (
                  <tr key={date.id}>
                    <th scope="row" data-label="Zeitraum">
                      {range}
                    </th>
                    <td className="num" data-label="Preis p. P.">
                      {formatPrice(date.price)}
                    </td>
                    <td className="num" data-label="Einzelzimmerzuschlag">
                      {date.singleRoomSurcharge > 0 ? formatPrice(date.singleRoomSurcharge) : 'ohne Zuschlag'}
                    </td>
                    <td data-label="Status">
                      <BookableBadge status={date.bookable} />
                    </td>
                    <td>
                      {action === 'book' ? (
                        <Link
                          to="/buchung/$terminId/step1/"
                          params={{ terminId: String(date.id) }}
                          className={buttonClassName({ variant: 'accent', size: 'small' })}
                        >
                          Buchen<VisuallyHidden>: Termin {range}</VisuallyHidden>
                        </Link>
                      ) : action === 'request' ? (
                        <a href={tripRequestHref(trip.id, date.id)} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
                          Anfragen<VisuallyHidden>: Termin {range}</VisuallyHidden>
                        </a>
                      ) : null}
                    </td>
                    <td data-label="Kalender">
                      <a href={tripIcsPath(trip.id, date.id)} download>
                        Kalendereintrag<VisuallyHidden> für den Termin {range}</VisuallyHidden>
                        <span className="text-muted"> (.ics)</span>
                      </a>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function BoardingPoints({ trip }: { trip: TripDetail }) {
  if (trip.boardingPoints.length === 0) return null
  return (
    <section className="section section--tight" aria-labelledby="zustiege">
      <h2 id="zustiege">Zustiegsstellen</h2>
      <div className="table-wrap">
        <table className="table table--stack">
          <caption>Abfahrtszeiten und Zuschläge der Zustiegsstellen</caption>
          <thead>
            <tr>
              <th scope="col">Zustiegsstelle</th>
              <th scope="col">Adresse</th>
              <th scope="col">Abfahrt</th>
              <th scope="col" className="num">
                Zuschlag p. P.
              </th>
            </tr>
          </thead>
          <tbody>
            {trip.boardingPoints.map((point) => (
              <tr key={point.id}>
                <th scope="row" data-label="Zustiegsstelle">
                  {point.name}
                </th>
                <td data-label="Adresse">
                  {point.street}, {point.zip} {point.city}
                </td>
                <td data-label="Abfahrt">{formatDepartureTime(point.departureTime)}</td>
                <td className="num" data-label="Zuschlag p. P.">
                  {point.surcharge > 0 ? formatPrice(point.surcharge) : 'ohne Zuschlag'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-small">
        Auf Wunsch holen wir Sie auch zu Hause ab: <AppLink href="/haustuertransfer/">Haustürtransfer</AppLink>.
      </p>
    </section>
  )
}

function Accommodation({ trip }: { trip: TripDetail }) {
  const place = trip.hotel
    ? { heading: 'Ihr Hotel', name: trip.hotel.name, detail: trip.hotel.city, href: `/hotels/${trip.hotel.id}/`, image: trip.hotel.image, stars: trip.hotel.stars, more: 'Mehr über das Hotel' }
    : trip.ship
      ? { heading: 'Ihr Schiff', name: trip.ship.name, detail: shipKindLabel(trip.ship.kind), href: `/ships/${trip.ship.id}/`, image: trip.ship.image, stars: null, more: 'Mehr über das Schiff' }
      : null
  if (!place) return null
  return (
    <section className="section section--tight" aria-labelledby="unterkunft">
      <h2 id="unterkunft">{place.heading}</h2>
      <div className="card accommodation-card">
        {place.image ? (
          <div className="card__media">
            <ResponsiveImage src={place.image.src} alt={place.image.alt} width={place.image.width} height={place.image.height} sizes="(min-width: 960px) 400px, 100vw" />
          </div>
        ) : null}
        <div className="card__body">
          <h3 className="card__title">{place.name}</h3>
          <p className="card__meta">
            {place.detail}
            {place.stars ? ` · ${hotelStarsLabel(place.stars)}` : null}
          </p>
          <p>
            <AppLink href={place.href}>
              {place.more}
              <VisuallyHidden> „{place.name}“</VisuallyHidden>
            </AppLink>
          </p>
        </div>
      </div>
    </section>
  )
}
