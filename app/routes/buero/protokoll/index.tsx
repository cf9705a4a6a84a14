import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { Button } from '~/components/ui/Button'
import { formatDateTime } from '~/lib/format'
import { pageHead } from '~/lib/head'
import { AUDIT_PAGE_SIZE, auditSearchSchema } from '~/lib/office/audit'
import { auditLogQuery } from '~/queries/office'
import { BookingLink } from '~/components/office/BookingLink'

/** The audit log for admins (issue 25, item 7): every change of every booking and of the staff accounts (issue 42), newest first. */
export const Route = createFileRoute('/buero/protokoll/')({
  validateSearch: auditSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(auditLogQuery(deps)),
  head: ({ match }) => pageHead(match.context.site, { title: 'Protokoll · Büro', robots: 'noindex' }),
  component: AuditLog,
})

function AuditLog() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data: entries } = useSuspenseQuery(auditLogQuery(search))
  const page = search.seite ?? 1
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    void navigate({ search: { q: q || undefined } })
  }
  return (
    <section aria-labelledby="protokoll-titel">
      <h1 id="protokoll-titel" className="page-title">
        Protokoll
      </h1>
      <form className="office-filter" role="search" aria-label="Protokoll durchsuchen" onSubmit={submit}>
        <div className="field office-filter__text">
          <label htmlFor="protokoll-q">Buchungsnummer, Mitarbeiter oder Vorgang</label>
          <input id="protokoll-q" name="q" type="search" defaultValue={search.q ?? ''} maxLength={100} />
        </div>
        <div className="office-filter__actions">
          <Button type="submit">Suchen</Button>
        </div>
      </form>
      {entries.length === 0 ? <p role="status">Kein Eintrag passt zu dieser Suche.</p> : null}
      <ol className="office-timeline">
        {entries.map((e) => (
          <li key={e.id}>
            <p className="office-timeline__head">
              <time dateTime={e.at}>{formatDateTime(new Date(e.at))}</time> · {e.action} · {e.actor}
              {e.bookingNumber ? (
                <>
                  {' · '}
                  <BookingLink bookingNumber={e.bookingNumber} />
                </>
              ) : null}
              {e.staffMember ? ` · Konto: ${e.staffMember}` : null}
            </p>
            {e.changes.length ? (
              <ul>
                {e.changes.map((c, i) => (
                  <li key={i}>{c}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      <nav aria-label="Seiten des Protokolls" className="office-list__exports">
        {page > 1 ? (
          <Link from={Route.fullPath} search={{ ...search, seite: page === 2 ? undefined : page - 1 }}>
            Neuere Einträge
          </Link>
        ) : null}{' '}
        {entries.length === AUDIT_PAGE_SIZE ? (
          <Link from={Route.fullPath} search={{ ...search, seite: page + 1 }}>
            Ältere Einträge
          </Link>
        ) : null}
      </nav>
    </section>
  )
}
