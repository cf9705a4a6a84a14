import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { LinkCards, linkCard } from '~/components/content/LinkCards'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { contentQueries } from '~/queries/content'
import { siteInfoQuery } from '~/queries/shell'
import { pageHead } from '~/lib/head'

/** Spec 2 /reisebueros: our reisen at partner travel agencies, and the way in for agency staff. */
export const Route = createFileRoute('/reisebueros/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQueries.fixedPageText('reisebueros')),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Reisebüros',
      description: 'Persönliche Beratung und Buchung unserer Reisen in Partnerreisebüros – und der Agentur-Login für Reisebüros.',
    }),
  component: TravelAgenciesPage,
})

const LINKS = [
  linkCard('Partnerreisebüros finden', 'Alle Reisebüros, die unsere Reisen verkaufen – suchen Sie nach Postleitzahl.', {
    to: '/reisebueros/agenturen/',
  }),
  linkCard('Agentur-Login', 'Für Mitarbeiterinnen und Mitarbeiter unserer Partneragenturen.', { to: '/reisebueros/agentur-login/' }),
  linkCard('Partner werden', 'Ihr Reisebüro möchte unsere Reisen verkaufen? Schreiben Sie uns.', {
    to: '/forms/$form/',
    params: { form: 'kontakt' },
  }),
]

function TravelAgenciesPage() {
  const { data: text } = useSuspenseQuery(contentQueries.fixedPageText('reisebueros'))
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Reisebüros' }]} />
      <header className="page-header">
        <h1 className="page-title">Reisebüros</h1>
        <p className="lead">{text?.teaser || 'Persönliche Beratung in Ihrer Nähe.'}</p>
      </header>
      {text?.body ? <div className="prose" dangerouslySetInnerHTML={{ __html: text.body }} /> : null}
      <section aria-labelledby="reisebueros-links" className="section--tight">
        <h2 id="reisebueros-links">Für Reisende und Reisebüros</h2>
        <LinkCards links={LINKS} />
      </section>
      <p>
        Fragen zur Zusammenarbeit beantworten wir gern telefonisch unter <a href={`tel:${site.phoneHref}`}>{site.phone}</a> (
        {site.officeHours}).
      </p>
    </div>
  )
}
