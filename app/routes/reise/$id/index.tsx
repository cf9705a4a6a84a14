import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { TripAccommodation } from '~/components/trip/TripAccommodation'
import { TripBoardingPoints } from '~/components/trip/TripBoardingPoints'
import { TripDatesTable } from '~/components/trip/TripDatesTable'
import { TripGallery } from '~/components/trip/TripGallery'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import type { BreadcrumbItem } from '~/components/ui/Breadcrumbs'
import { buttonClassName } from '~/components/ui/Button'
import { WishlistButton } from '~/components/wishlist/WishlistButton'
import { bookableAction } from '~/lib/bookable'
import { categorySplat } from '~/lib/category-path'
import { specialCategoryKind } from '~/lib/categories'
import { formatDuration, formatPrice } from '~/lib/format'
import { absoluteUrl } from '~/lib/sitemap'
import { lowestPrice, parseTripParam, transportLabel, tripPath } from '~/lib/trip-detail'
import type { TripDate } from '~/lib/trip-detail'
import { buildTripJsonLd } from '~/lib/trip-jsonld'
import { tripQueries } from '~/queries/trip-detail'
import { siteInfoQuery } from '~/queries/shell'
import { pageHead, serialiseJsonLd } from '~/lib/head'

/** Spec 2 `/reise/{id}`: the numeric id is canonical; '{id}-{slug}' and the bare slug redirect to it. */
export const Route = createFileRoute('/reise/$id/')({
  // Its canonical link comes from what it shows (the record, the search's canonical spelling), not the URL.
  staticData: { canonical: 'own' },
  loader: async ({ context, params }) => {
    const ref = parseTripParam(params.id)
    if (!ref) throw notFound()
    if (ref.kind === 'slug' || !ref.canonical) {
      const { id } = await context.queryClient.ensureQueryData(tripQueries.param(params.id))
      throw redirect({ to: '/reise/$id/', params: { id: String(id) }, statusCode: 301 })
    }
    const { trip, origin } = await context.queryClient.ensureQueryData(tripQueries.detail(ref.id))
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
  head: ({ loaderData, match }) =>
    loaderData
      ? pageHead(match.context.site, {
          title: loaderData.title,
          description: loaderData.description,
          canonical: loaderData.canonical,
          image: loaderData.image,
          jsonLd: [loaderData.jsonLd],
        })
      : {},
  component: TripPage,
})

const isOpen = (date: TripDate) => bookableAction(date.bookable) !== 'none'

function TripPage() {
  const { id } = Route.useLoaderData()
  const { data } = useSuspenseQuery(tripQueries.detail(id))
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const trip = data.trip
  const mainCategory = trip.categories.find((c) => specialCategoryKind(c.name) === null)
  const crumbs: BreadcrumbItem[] = []
  if (mainCategory)
    crumbs.push(
      crumb(mainCategory.name, {
        to: '/reiseuebersicht/$/',
        params: { _splat: categorySplat({ category: mainCategory.slug, country: null, page: 1 }) },
      }),
    )
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

      <TripDatesTable trip={trip} />
      <TripBoardingPoints trip={trip} />
      <TripAccommodation trip={trip} />
    </article>
  )
}
