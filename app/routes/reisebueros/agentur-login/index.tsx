import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { siteInfoQuery } from '~/queries/shell'
import { pageHead } from '~/lib/head'

/**
 * Spec 2 /reisebueros/agentur-login: who may log in and how. The login itself happens in the
 * dialog with the embedded login frame (spec 4) on the agency host; this page explains the way in.
 */
export const Route = createFileRoute('/reisebueros/agentur-login/')({
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Agentur-Login',
      description: 'Anmeldung für Partnerreisebüros: Buchungen im Namen Ihrer Kundinnen und Kunden, automatisch Ihrer Agentur zugeordnet.',
    }),
  component: AgencyLoginPage,
})

function AgencyLoginPage() {
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  return (
    <div className="container container--narrow section">
      <Breadcrumbs items={[crumb('Reisebüros', { to: '/reisebueros/' }), { label: 'Agentur-Login' }]} />
      <header className="page-header">
        <h1 className="page-title">Agentur-Login</h1>
        <p className="lead">Der Zugang für Mitarbeiterinnen und Mitarbeiter unserer Partnerreisebüros.</p>
      </header>
      <div className="prose">
        <h2>Wer sich anmelden kann</h2>
        <p>
          Den Agentur-Login nutzen Reisebüros, die mit {site.legalName} einen Agenturvertrag geschlossen haben. Jede Partneragentur erhält
          von uns persönliche Zugangsdaten.
        </p>
        <h2>So funktioniert die Anmeldung</h2>
        <ol>
          <li>Öffnen Sie unsere Website über die Agentur-Adresse, die Sie mit Ihren Zugangsdaten erhalten haben.</li>
          <li>Es erscheint das Anmeldefenster. Melden Sie sich dort mit dem Benutzernamen und dem Passwort Ihrer Agentur an.</li>
          <li>
            Nach der Anmeldung buchen Sie wie gewohnt über die Website. Jede Buchung wird automatisch Ihrer Agentur zugeordnet und mit Ihrer
            Agenturnummer abgerechnet.
          </li>
        </ol>
        <p>
          Die Anmeldung gilt in diesem Browser für 12 Stunden; danach erscheint das Anmeldefenster wieder. Oben auf jeder Seite sehen Sie,
          als welche Agentur Sie angemeldet sind, und können sich dort mit „Abmelden“ abmelden – etwa an einem gemeinsam genutzten Rechner.
        </p>
        <p>
          Als buchende Person geben Sie Ihre Kundin oder Ihren Kunden an: Sie erhält die Buchungsbestätigung, Ihre Agentur eine Kopie. Der
          Name Ihrer Agentur steht auf der Bestätigung.
        </p>
        <h2>Noch keinen Zugang?</h2>
        <p>
          Ihr Reisebüro möchte unsere Reisen verkaufen, oder Sie haben Ihre Zugangsdaten verloren? Schreiben Sie uns über das{' '}
          <Link to="/forms/$form/" params={{ form: 'kontakt' }}>
            Kontaktformular
          </Link>{' '}
          oder rufen Sie unseren Agenturservice an: <a href={`tel:${site.phoneHref}`}>{site.phone}</a> ({site.officeHours}).
        </p>
        <p>
          Sie suchen als Reisende oder Reisender ein Reisebüro in Ihrer Nähe? Hier finden Sie alle{' '}
          <Link to="/reisebueros/agenturen/">Partnerreisebüros</Link>.
        </p>
      </div>
    </div>
  )
}
