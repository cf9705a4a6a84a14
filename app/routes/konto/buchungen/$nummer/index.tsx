import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Fragment } from 'react'
import { AccountCancellation } from '~/components/account/AccountCancellation'
import { AccountInsurance } from '~/components/account/AccountInsurance'
import { AccountPage } from '~/components/account/AccountPage'
import { NameChangeRequest } from '~/components/account/NameChangeRequest'
import { BookedTrip, PaymentPlan } from '~/components/booking/BookingConfirmation'
import { PriceSummary } from '~/components/booking/PriceSummary'
import { buttonClassName } from '~/components/ui/Button'
import { TRAVEL_CONDITIONS_PATH } from '~/lib/booking/legal'
import { formatDate, formatDateTime } from '~/lib/format'
import { pageHead } from '~/lib/head'
import { accountBookingQuery } from '~/queries/account'

export const Route = createFileRoute('/konto/buchungen/$nummer/')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(accountBookingQuery(params.nummer)),
  head: ({ match, params }) => pageHead(match.context.site, { title: `Buchung ${params.nummer}`, robots: 'noindex' }),
  notFoundComponent: NotInAccount,
  component: AccountBookingPage,
})

function AccountBookingPage() {
  const { nummer } = Route.useParams()
  const { data: booking } = useSuspenseQuery(accountBookingQuery(nummer))
  const cancelled = booking.status === 'cancelled'
  const files = `/buchung/bestaetigung/${booking.bookingNumber}`
  return (
    <AccountPage title={booking.trip.title} lead={`Buchungsnummer ${booking.bookingNumber}${cancelled ? ' · storniert' : ''}`}>
      <p>
        <Link to="/konto/buchungen/">Zurück zu Meine Buchungen</Link>
      </p>
      <BookedTrip booking={booking} />
      <PriceSummary titleId="preise-titel" pricing={booking} onSiteFees={booking.terms?.onSiteFees ?? null} />
      {cancelled ? (
        <section className="section section--tight" aria-labelledby="zahlung-titel">
          <h2 id="zahlung-titel">Zahlung</h2>
          <p>
            Die Buchung ist storniert: Die Raten des Reisepreises sind nicht mehr fällig.{' '}
            {booking.invoices.some((invoice) => invoice.kind === 'cancellation')
              ? 'Die Stornogebühr, was davon noch offen ist und was wir Ihnen erstatten, steht in Ihrer Stornorechnung unter „Ihre Unterlagen“.'
              : 'Die Stornierung war kostenfrei: Was Sie schon bezahlt haben, erstatten wir Ihnen.'}
          </p>
        </section>
      ) : (
        <PaymentPlan booking={booking} />
      )}

      <section className="section section--tight" aria-labelledby="unterlagen-titel">
        <h2 id="unterlagen-titel">Ihre Unterlagen</h2>
        <ul className="account-documents">
          <li>
            <a className={buttonClassName({ variant: 'secondary' })} href={`${files}/bestaetigung.pdf`} download>
              {booking.version && booking.version > 1 ? `Buchungsbestätigung (Version ${booking.version})` : 'Buchungsbestätigung'} mit Rechnung und
              Sicherungsschein (PDF)
            </a>
          </li>
          {booking.travelDocuments ? (
            <li>
              <a href="#reiseunterlagen-titel">Reiseunterlagen</a>, per E-Mail verschickt am {formatDate(booking.travelDocuments.sentOn)}
            </li>
          ) : null}
          {booking.invoices.map((invoice) => (
            <li key={invoice.number}>
              <a href={`/konto/buchungen/${booking.bookingNumber}/rechnungen/${invoice.number}.pdf`} download>
                {invoice.kind === 'cancellation' ? 'Stornorechnung' : `Rechnung (Version ${invoice.version})`} Nr. {invoice.number} vom {formatDate(invoice.issuedAt)} (PDF)
              </a>
            </li>
          ))}
          <li>
            <a href={TRAVEL_CONDITIONS_PATH}>Reisebedingungen</a>
          </li>
          {booking.insurances.map((insurance) =>
            insurance.conditionsUrl ? (
              <li key={insurance.name}>
                <a href={insurance.conditionsUrl}>Versicherungsbedingungen: {insurance.name}</a>
              </li>
            ) : null,
          )}
          {cancelled ? null : (
            <li>
              <a href={`${files}/reise.ics`} download>
                Reise und Abfahrt in den Kalender (.ics)
              </a>
            </li>
          )}
        </ul>
      </section>

      {booking.travelDocuments ? (
        <section className="section section--tight" aria-labelledby="reiseunterlagen-titel">
          <h2 id="reiseunterlagen-titel">Ihre Reiseunterlagen</h2>
          <p>Bitte nehmen Sie diese Angaben (ausgedruckt oder auf dem Handy) und einen gültigen Ausweis mit.</p>
          {booking.travelDocuments.sections.map((section) => (
            <Fragment key={section.heading}>
              <h3>{section.heading}</h3>
              <ul>
                {section.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Fragment>
          ))}
        </section>
      ) : null}

      {cancelled ? null : <AccountInsurance bookingNumber={booking.bookingNumber} insurance={booking.insurance} />}
      {cancelled ? null : <NameChangeRequest bookingNumber={booking.bookingNumber} travellers={booking.rooms.flatMap((room) => room.travellers.map((t) => t.name))} />}
      <AccountCancellation bookingNumber={booking.bookingNumber} email={booking.booker.email} cancelled={cancelled} />

      <section className="section section--tight" aria-labelledby="verlauf-titel">
        <h2 id="verlauf-titel">Verlauf</h2>
        <ol className="account-history">
          {booking.history.map((entry, i) => (
            <li key={i}>
              <time dateTime={entry.at}>{formatDateTime(new Date(entry.at))}</time>: {entry.action}
              {entry.changes.length ? (
                <ul>
                  {entry.changes.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </AccountPage>
  )
}

function NotInAccount() {
  return (
    <AccountPage title="Buchung nicht gefunden">
      <p>
        Diese Buchung ist nicht in Ihrem Konto. Unter <Link to="/konto/buchungen/">Meine Buchungen</Link> können Sie eine Buchung mit Buchungsnummer,
        Nachname und Abreisedatum hinzufügen.
      </p>
    </AccountPage>
  )
}
