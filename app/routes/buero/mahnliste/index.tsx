import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { formatDate, formatPrice } from '~/lib/format'
import { pageHead } from '~/lib/head'
import { DEFAULT_NOTICE_DAYS } from '~/lib/office/notices'
import { unpaidAfterNoticesQuery } from '~/queries/office'
import { BookingLink } from '~/components/office/BookingLink'

/**
 * `/buero/mahnliste/`: bookings still unpaid some days after their second notice (issue 26, item
 * 4), for the trip's price or the rest of a cancellation fee. The jobs remind and warn; whether to
 * withdraw from the contract, or to sue for a fee, stays the office's decision.
 */
export const Route = createFileRoute('/buero/mahnliste/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(unpaidAfterNoticesQuery()),
  head: ({ match }) => pageHead(match.context.site, { title: ['Mahnliste', 'Büro'], robots: 'noindex' }),
  component: UnpaidList,
})

function UnpaidList() {
  const { data: rows } = useSuspenseQuery(unpaidAfterNoticesQuery())
  return (
    <article aria-labelledby="mahnliste-titel">
      <h1 id="mahnliste-titel" className="page-title">
        Mahnliste
      </h1>
      <p>
        Diese Buchungen sind {DEFAULT_NOTICE_DAYS.officeAfterSecond} Tage nach der zweiten Mahnung noch nicht bezahlt. Erinnerungen und Mahnungen versendet die Website selbst;
        ob Sie vom Reisevertrag zurücktreten, entscheiden Sie auf der Seite der Buchung („Stornierung“). Ist eine Stornogebühr offen, ist die Reise schon storniert:
        Dann entscheiden Sie, ob Sie den Betrag gerichtlich geltend machen.
      </p>
      {rows.length === 0 ? (
        <p role="status">Keine Buchung ist nach der zweiten Mahnung offen.</p>
      ) : (
        <div className="office-table" tabIndex={0} role="region" aria-labelledby="mahnliste-titel">
          <table>
            <thead>
              <tr>
                <th scope="col">Buchung</th>
                <th scope="col">Kunde</th>
                <th scope="col">Offen für</th>
                <th scope="col">Offen</th>
                <th scope="col">Zweite Mahnung am</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.bookingNumber}>
                  <th scope="row">
                    <BookingLink bookingNumber={r.bookingNumber} />
                  </th>
                  <td>{r.customer}</td>
                  <td>{r.owedFor === 'fee' ? 'Stornogebühr' : 'Reisepreis'}</td>
                  <td className="office-table__amount">{formatPrice(r.open)}</td>
                  <td>{formatDate(r.secondNoticeOn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  )
}
