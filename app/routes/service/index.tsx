import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { CardGrid, EntityCard } from '~/components/content/EntityCard'
import { LinkCards, linkCard } from '~/components/content/LinkCards'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { contentQueries } from '~/queries/content'
import { siteInfoQuery } from '~/queries/shell'
import { pageHead } from '~/lib/head'

/** Spec 2 /service: the service hub – every service page, the service topics, and how to reach the office. */
export const Route = createFileRoute('/service/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQueries.links('service-entry')),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Service',
      description:
        'Zustiegsstellen, Haustürtransfer, Kataloge, Kontakt, Gruppenanfragen und Antworten auf häufige Fragen – unser Service für Ihre Reise.',
    }),
  component: ServicePage,
})

/** The service pages of the site, in the order a traveller needs them. */
const SERVICE_LINKS = [
  linkCard('Zustiegsstellen', 'Wo Sie in den Reisebus steigen – mit Karte und Suche nach Postleitzahl.', { to: '/zustiegsstellen/' }),
  linkCard('Haustürtransfer', 'Wir holen Sie zu Hause ab. Preis für Ihre Postleitzahl prüfen.', { to: '/haustuertransfer/' }),
  linkCard('Häufige Fragen', 'Antworten zu Buchung, Zahlung, Gepäck und Reiseversicherung.', { to: '/faq/' }),
  linkCard('Kataloge bestellen', 'Unsere Kataloge kostenlos per Post.', { to: '/forms/$form/', params: { form: 'katalog' } }),
  linkCard('Kontakt', 'Schreiben Sie uns – wir antworten in der Regel innerhalb eines Werktags.', {
    to: '/forms/$form/',
    params: { form: 'kontakt' },
  }),
  linkCard('Gruppenanfrage', 'Reisen für Vereine, Chöre und Gruppen nach Ihren Wünschen.', {
    to: '/forms/$form/',
    params: { form: 'gruppenanfrage' },
  }),
  linkCard('Reisebüros', 'Persönliche Beratung bei unseren Partnerreisebüros in Ihrer Nähe.', { to: '/reisebueros/' }),
  linkCard('Bonusprogramm', 'Bei jeder Reise Punkte sammeln und einlösen.', { to: '/bonusprogramm/' }),
  linkCard('Newsletter', 'Reiseideen und Angebote einmal im Monat per E-Mail.', { to: '/newsletter/' }),
]

function ServicePage() {
  const { data: entries } = useSuspenseQuery(contentQueries.links('service-entry'))
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Service' }]} />
      <header className="page-header">
        <h1 className="page-title">Service</h1>
        <p className="lead">Alles, was Sie vor und nach Ihrer Buchung wissen möchten – und wie Sie uns erreichen.</p>
      </header>

      <section aria-labelledby="service-kontakt" className="service-contact alert alert--info">
        <h2 id="service-kontakt">So erreichen Sie uns</h2>
        <dl className="facts">
          <dt>Telefon</dt>
          <dd>
            <a href={`tel:${site.phoneHref}`}>{site.phone}</a>
          </dd>
          <dt>Bürozeiten</dt>
          <dd>{site.officeHours}</dd>
          <dt>E-Mail</dt>
          <dd>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </dd>
          <dt>Reisecenter</dt>
          <dd>
            <address>
              {site.legalName}, {site.street}, {site.zip} {site.city}
            </address>
          </dd>
        </dl>
      </section>

      <section aria-labelledby="service-seiten" className="section--tight">
        <h2 id="service-seiten">Unser Service</h2>
        <LinkCards links={SERVICE_LINKS} />
      </section>

      {entries.length ? (
        <section aria-labelledby="service-themen" className="section--tight">
          <h2 id="service-themen">Gut zu wissen</h2>
          <CardGrid
            items={entries}
            className="service-links"
            renderItem={(entry) => (
              <EntityCard
                key={entry.id}
                title={entry.title}
                renderLink={(props) => <Link to="/service-entry/$id/" params={{ id: entry.slug }} {...props} />}
              >
                {entry.teaser ? <p>{entry.teaser}</p> : null}
              </EntityCard>
            )}
          />
        </section>
      ) : null}
    </div>
  )
}
