import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, notFound } from '@tanstack/react-router'
import { StatementCreditsTable } from '~/components/office/BankCredits'
import { formatDateTime } from '~/lib/format'
import { pageHead } from '~/lib/head'
import { parseId } from '~/lib/ids'
import { bankStatementQuery } from '~/queries/office-bank'

/** `/buero/kontoauszuege/{id}/`: one statement read, every credit in it and what became of it. */
export const Route = createFileRoute('/buero/kontoauszuege/$auszug/')({
  loader: async ({ context, params }) => {
    const id = parseId(params.auszug)
    if (id === null) throw notFound()
    const detail = await context.queryClient.ensureQueryData(bankStatementQuery(id))
    return { id, title: `Kontoauszug ${detail.statement.fileName}` }
  },
  head: ({ match, loaderData }) => pageHead(match.context.site, { title: [loaderData?.title ?? 'Kontoauszug', 'Büro'], robots: 'noindex' }),
  component: StatementPage,
})

function StatementPage() {
  const { id } = Route.useLoaderData()
  const { data } = useSuspenseQuery(bankStatementQuery(id))
  const { statement: s, entries } = data
  return (
    <article aria-labelledby="auszug-titel">
      <p>
        <Link to="/buero/kontoauszuege/">Alle Kontoauszüge</Link>
      </p>
      <h1 id="auszug-titel" className="page-title">
        Kontoauszug {s.fileName}
      </h1>
      <dl className="office-facts">
        <dt>Eingelesen</dt>
        <dd>
          {formatDateTime(new Date(s.importedAt))}
          {s.importedBy ? ` von ${s.importedBy}` : ''}
        </dd>
        {s.accountIban ? (
          <>
            <dt>Konto</dt>
            <dd>{s.accountIban}</dd>
          </>
        ) : null}
        {s.statementRef ? (
          <>
            <dt>Auszug der Bank</dt>
            <dd>{s.statementRef}</dd>
          </>
        ) : null}
      </dl>
      <h2 id="gutschriften-titel">Gutschriften ({entries.length})</h2>
      <StatementCreditsTable entries={entries} labelledBy="gutschriften-titel" />
    </article>
  )
}
