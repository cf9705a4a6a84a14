import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { BankStatementUpload } from '~/components/office/BankStatementUpload'
import { OpenCredits } from '~/components/office/BankCredits'
import { formatDateTime } from '~/lib/format'
import { pageHead } from '~/lib/head'
import { bankOverviewQuery } from '~/queries/office-bank'

/** `/buero/kontoauszuege/`: read a bank statement, assign what names no booking, the statements read last. */
export const Route = createFileRoute('/buero/kontoauszuege/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(bankOverviewQuery()),
  head: ({ match }) => pageHead(match.context.site, { title: ['Kontoauszüge', 'Büro'], robots: 'noindex' }),
  component: BankStatementsPage,
})

function BankStatementsPage() {
  const { data } = useSuspenseQuery(bankOverviewQuery())
  return (
    <article aria-labelledby="kontoauszuege-titel">
      <h1 id="kontoauszuege-titel" className="page-title">
        Kontoauszüge
      </h1>
      <BankStatementUpload />
      <OpenCredits entries={data.open} total={data.openTotal} />
      <section aria-labelledby="eingelesen-titel">
        <h2 id="eingelesen-titel">Zuletzt eingelesen</h2>
        {data.statements.length === 0 ? (
          <p>Noch kein Kontoauszug eingelesen.</p>
        ) : (
          <div className="office-table" tabIndex={0} role="region" aria-labelledby="eingelesen-titel">
            <table>
              <thead>
                <tr>
                  <th scope="col">Eingelesen</th>
                  <th scope="col">Datei</th>
                  <th scope="col">Zugeordnet</th>
                  <th scope="col">Betrag weicht ab</th>
                  <th scope="col">Offen</th>
                  <th scope="col">Von Hand oder abgelegt</th>
                </tr>
              </thead>
              <tbody>
                {data.statements.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {formatDateTime(new Date(s.importedAt))}
                      {s.importedBy ? `, ${s.importedBy}` : ''}
                    </td>
                    <td>
                      <Link to="/buero/kontoauszuege/$auszug/" params={{ auszug: String(s.id) }}>
                        {s.fileName}
                      </Link>
                    </td>
                    <td>{s.counts.matched}</td>
                    <td>{s.counts.partial}</td>
                    <td>{s.counts.unmatched + s.counts['possible-duplicate']}</td>
                    <td>{s.counts.assigned + s.counts.ignored}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  )
}
