import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, notFound } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { DefinedForm } from '~/components/forms/DefinedForm'
import { AppLink } from '~/components/ui/AppLink'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { formDefinition } from '~/lib/forms'
import { tripPath } from '~/lib/trip-detail'
import { formQueries } from '~/queries/forms'
import { siteInfoQuery } from '~/queries/shell'
import { MAX_ID } from '~/lib/ids'
import { pageHead } from '~/lib/head'

// A mangled id is ignored (the form still works); an id that does not exist is a 404.
const idParam = () => z.catch(z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ID))), undefined)

/**
 * Spec 2 /forms/{form}: Katalogbestellung, Kontakt, Gruppenanfrage and the Reiseanfrage of a trip
 * date (?reise={tripId}&termin={dateId}); any other form is a 404.
 */
export const Route = createFileRoute('/forms/$form/')({
  validateSearch: z.lazy(() => z.object({ reise: idParam(), termin: idParam() })),
  // The URL's German names (reise, termin) become the code's here.
  loaderDeps: ({ search }) => ({ tripId: search.reise, dateId: search.termin }),
  loader: async ({ context, params, deps }) => {
    const definition = formDefinition(params.form)
    if (!definition) throw notFound()
    await context.queryClient.ensureQueryData(formQueries.context(params.form, deps))
    return { title: definition.title, intro: definition.intro }
  },
  head: ({ loaderData, match }) =>
    pageHead(match.context.site, loaderData ? { title: loaderData.title, description: loaderData.intro } : { title: 'Formular' }),
  component: FormPage,
})

function FormPage() {
  const { form } = Route.useParams()
  const { data: context } = useSuspenseQuery(formQueries.context(form, Route.useLoaderDeps()))
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const definition = formDefinition(context.form)
  if (!definition) return null
  const trip = context.trip

  return (
    <div className="container container--narrow section">
      <Breadcrumbs items={[crumb('Service', { to: '/service/' }), { label: definition.title }]} />
      <header className="page-header">
        <h1 className="page-title">{definition.title}</h1>
        <p className="lead">{definition.intro}</p>
      </header>

      {definition.key === 'reiseanfrage' && !trip ? (
        <div className="alert alert--info">
          <p>
            Eine Reiseanfrage stellen Sie direkt auf der Seite Ihrer Wunschreise über „Anfragen“ beim passenden Termin. Sie haben noch keine
            Reise gefunden?
          </p>
          <ul>
            <li>
              <Link to="/">Reisen entdecken</Link>
            </li>
            <li>
              <Link to="/forms/$form/" params={{ form: 'kontakt' }}>
                Allgemeine Frage stellen
              </Link>
            </li>
            <li>
              <Link to="/forms/$form/" params={{ form: 'gruppenanfrage' }}>
                Gruppenreise anfragen
              </Link>
            </li>
            <li>
              Telefon: <a href={`tel:${site.phoneHref}`}>{site.phone}</a> ({site.officeHours})
            </li>
          </ul>
        </div>
      ) : (
        <>
          {trip ? (
            <section aria-labelledby="anfrage-reise" className="card request-trip">
              <div className="card__body">
                <h2 id="anfrage-reise" className="card__title">
                  Ihre Reise
                </h2>
                <dl className="facts">
                  <dt>Reise</dt>
                  <dd>
                    <AppLink href={tripPath(trip.tripId)}>{trip.title}</AppLink>
                  </dd>
                  {trip.dates ? (
                    <>
                      <dt>Termin</dt>
                      <dd>{trip.dates}</dd>
                    </>
                  ) : null}
                </dl>
              </div>
            </section>
          ) : null}
          <DefinedForm definition={definition} reise={trip?.tripId} termin={trip?.dateId ?? undefined} />
          <p className="text-muted form-phone">
            Lieber persönlich? Rufen Sie uns an: <a href={`tel:${site.phoneHref}`}>{site.phone}</a> ({site.officeHours}).
          </p>
        </>
      )}
    </div>
  )
}
