import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/buero/')({
  head: ({ match }) => pageHead(match.context.site, { title: 'Büro', robots: 'noindex' }),
  component: OfficeHome,
})

function OfficeHome() {
  const { office } = Route.useRouteContext()
  if (!office) return null
  return (
    <section aria-labelledby="buero-titel">
      <h1 id="buero-titel" className="page-title">
        Guten Tag, {office.staff.name}
      </h1>
      <dl className="office-facts">
        <dt>Angemeldet als</dt>
        <dd>{office.staff.email}</dd>
        <dt>Rolle</dt>
        <dd>{office.staff.role === 'admin' ? 'Administration (Büro, Mitarbeiterkonten, Einstellungen)' : 'Büro (Buchungen, Listen, Zahlungen)'}</dd>
        <dt>Anmeldung mit zwei Faktoren</dt>
        <dd>{office.staff.twoFactorEnabled ? 'eingerichtet' : 'nicht eingerichtet'}</dd>
      </dl>
    </section>
  )
}
