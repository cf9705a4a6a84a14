import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { AccountPage } from '~/components/account/AccountPage'
import { BookingCards } from '~/components/account/BookingCards'
import { pageHead } from '~/lib/head'
import { accountBookingsQuery } from '~/queries/account'

export const Route = createFileRoute('/konto/')({
  validateSearch: z.object({ hinweis: z.catch(z.optional(z.enum(['bestaetigt'])), undefined) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(accountBookingsQuery()),
  head: ({ match }) => pageHead(match.context.site, { title: 'Mein Konto', robots: 'noindex' }),
  component: AccountOverview,
})

function AccountOverview() {
  const { customer } = Route.useRouteContext()
  const { hinweis } = Route.useSearch()
  const { data: rows } = useSuspenseQuery(accountBookingsQuery())
  const coming = rows.filter((row) => row.status !== 'cancelled' && row.dateTill >= new Date().toISOString().slice(0, 10))
  return (
    <AccountPage
      title={`Guten Tag, ${customer.name}`}
      notice={hinweis === 'bestaetigt' ? { tone: 'success', text: 'Vielen Dank: Ihre E-Mail-Adresse ist bestätigt, und Sie sind angemeldet.' } : null}
    >
      <section aria-labelledby="konto-naechste" className="section section--tight">
        <h2 id="konto-naechste">{coming.length > 1 ? 'Ihre nächsten Reisen' : 'Ihre nächste Reise'}</h2>
        {coming.length ? (
          <BookingCards rows={coming.slice(0, 3)} />
        ) : (
          <p>
            Zurzeit ist keine Reise gebucht. <Link to="/reisekalender/">Zum Reisekalender</Link>
          </p>
        )}
      </section>
      <ul className="account-links">
        <li>
          <Link to="/konto/buchungen/">Meine Buchungen</Link>: alle Buchungen mit Unterlagen und Zahlungen; eine Buchung ohne Konto hinzufügen
        </li>
        <li>
          <Link to="/konto/daten/">Meine Daten</Link>: Anschrift, Telefon, E-Mail-Adresse, angemeldete Geräte, Datenauskunft
        </li>
        <li>
          <Link to="/reiseuebersicht/merkliste/">Meine Merkliste</Link>
        </li>
      </ul>
    </AccountPage>
  )
}
