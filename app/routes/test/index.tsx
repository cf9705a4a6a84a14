import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { notify } from '~/components/notifications/notify'
import { formatNumber } from '~/lib/format'
import { systemStatusQuery } from '~/queries/status'
import { pageHead } from '~/lib/head'

/** Spec 2 /test: a system status page (version, database reachable) for the operator's office. */
export const Route = createFileRoute('/test/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(systemStatusQuery()),
  head: ({ match }) => pageHead(match.context.site, { title: 'Systemstatus', robots: 'noindex' }),
  component: SystemStatusPage,
})

function SystemStatusPage() {
  const { data: status } = useSuspenseQuery(systemStatusQuery())
  return (
    <section className="container section">
      <h1>Systemstatus</h1>
      <dl className="facts">
        <dt>Version</dt>
        <dd>{status.version}</dd>
        <dt>Build</dt>
        <dd>{import.meta.env.VITE_BUILD_ID}</dd>
        <dt>Datenbank</dt>
        <dd>{status.database ? 'erreichbar' : 'nicht erreichbar'}</dd>
        <dt>Veröffentlichte Reisen</dt>
        <dd>{formatNumber(status.trips)}</dd>
      </dl>
      <h2>Hinweise prüfen</h2>
      <p>Zeigt einen Hinweis im globalen Benachrichtigungsbereich an.</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => notify({ message: 'Dies ist ein Testhinweis.', timeout: 0 })}
      >
        Testhinweis anzeigen
      </button>
    </section>
  )
}
