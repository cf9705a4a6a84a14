import { useSuspenseQuery } from '@tanstack/react-query'
import { Fragment } from 'react'
import { MOBILITY_LABELS, PAYMENT_METHOD_LABELS } from '~/lib/booking/draft'
import { giroCodeLabel, giroCodeText, nextTransferDue } from '~/lib/booking/girocode'
import { ROOM_LABELS } from '~/lib/booking/offer'
import { PAYMENT_KIND_LABELS, boardingLabel, paymentInstructions } from '~/lib/booking/summary'
import type { BankDetails, BookingSummary } from '~/lib/booking/summary'
import { formatDate, formatDateRange, formatPrice, uhrOnTheLine } from '~/lib/format'
import { bookingQueries } from '~/queries/booking'
import { buttonClassName } from '../ui/Button'
import { focusOnArrival } from '../ui/focus-on-arrival'
import { QrCode } from '../ui/QrCode'
import { PriceSummary } from './PriceSummary'


/** The success page: booking number, what was booked, how and when to pay, PDF and calendar entry. */
export function BookingConfirmation({ bookingNumber, sig }: { bookingNumber: string; sig: string | undefined }) {
  const { data: booking } = useSuspenseQuery(bookingQueries.confirmation(bookingNumber, sig))
  const signed = sig ? `?sig=${encodeURIComponent(sig)}` : ''
  const pdfHref = `/buchung/bestaetigung/${booking.bookingNumber}/bestaetigung.pdf${signed}`
  const icsHref = `/buchung/bestaetigung/${booking.bookingNumber}/reise.ics${signed}`
  return (
    <div className="container section booking booking-confirmation">
      <header className="page-header">
        <h1 className="page-title" tabIndex={-1} ref={focusOnArrival}>
          Vielen Dank für Ihre Buchung!
        </h1>
        <p className="lead">
          Ihre Buchungsnummer: <strong className="booking-number">{booking.bookingNumber}</strong>
        </p>
        <p>
          Wir haben Ihre Buchung erhalten und senden Ihnen die Bestätigung an {booking.booker.email}. Ihre Buchung wird mit unserer
          Bestätigung verbindlich; zusammen mit ihr erhalten Sie Ihren Sicherungsschein.
        </p>
        {booking.agency ? <p>Gebucht über Ihr Reisebüro: {booking.agency.name}</p> : null}
        <p className="booking-confirmation__actions">
          <a className={buttonClassName()} href={pdfHref} download>
            Buchungsbestätigung als PDF
          </a>{' '}
          <a className={buttonClassName({ variant: 'secondary' })} href={icsHref} download>
            Reise und Abfahrt in den Kalender (.ics)
          </a>
        </p>
      </header>

      <BookedTrip booking={booking} />

      <PriceSummary titleId="preise-titel" pricing={booking} onSiteFees={booking.terms?.onSiteFees ?? null} />

      <PaymentPlan booking={booking} />
    </div>
  )
}

type ShownBooking = BookingSummary & { bank: BankDetails }

/** The trip, its days and each room's travellers with seat, boarding point and time. */
export function BookedTrip({ booking }: { booking: ShownBooking }) {
  return (
    <section className="section section--tight" aria-labelledby="reise-titel">
      <h2 id="reise-titel">Ihre Reise</h2>
      <p>
        <strong>{booking.trip.title}</strong>
        <br />
        {formatDateRange(booking.trip.dateFrom, booking.trip.dateTill)}
      </p>
      <ul className="booking-confirmation__rooms">
        {booking.rooms.map((room, r) => (
          <li key={r}>
            {ROOM_LABELS[room.type]}
            <ul>
              {room.travellers.map((t, i) => (
                <li key={i}>
                  {t.name}
                  {t.seat ? `, Sitzplatz ${t.seat}` : ''}
                  {t.boarding ? `, Zustieg: ${uhrOnTheLine(boardingLabel(t.boarding))}` : ''}
                  {t.mobility !== 'keine' ? `, ${MOBILITY_LABELS[t.mobility]}` : ''}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The payment plan with what is paid, and how to pay: bank details and GiroCode, or the SEPA mandate. */
export function PaymentPlan({ booking }: { booking: ShownBooking }) {
  const instructions = paymentInstructions(booking, booking.bank)
  // A transfer's next amount as a GiroCode (a direct debit needs none).
  const nextDue = nextTransferDue(booking)
  const giroCode = nextDue ? giroCodeText(booking.bank, nextDue.amount, booking.bookingNumber) : null
  return (
    <section className="section section--tight" aria-labelledby="zahlung-titel">
      <h2 id="zahlung-titel">Zahlung ({PAYMENT_METHOD_LABELS[booking.paymentMethod]})</h2>
      <div className="table-wrap">
        <table className="table table--stack">
          <caption className="visually-hidden">Zahlungsplan</caption>
          <thead>
            <tr>
              <th scope="col">Zahlung</th>
              <th scope="col" className="num">
                Betrag
              </th>
              <th scope="col">Fällig am</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {booking.payments.map((p) => (
              <tr key={p.kind}>
                <th scope="row">{PAYMENT_KIND_LABELS[p.kind]}</th>
                <td className="num" data-label="Betrag">
                  {formatPrice(p.amount)}
                </td>
                <td data-label="Fällig am">{formatDate(p.dueDate)}</td>
                <td data-label="Status">
                  {p.paid ? (
                    'bezahlt'
                  ) : (
                    <a href={p.paymentUrl}>
                      Zur Zahlung<span className="visually-hidden">: {PAYMENT_KIND_LABELS[p.kind]}</span>
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="alert alert--info">
        <p>{instructions.text}</p>
        <dl className="bank-details">
          {instructions.rows.map(([term, value]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        {giroCode && nextDue ? (
          <figure className="girocode">
            <QrCode text={giroCode} label={giroCodeLabel(booking.bank.accountHolder, formatPrice(nextDue.amount), booking.bookingNumber)} />
            <figcaption>
              GiroCode für die {PAYMENT_KIND_LABELS[nextDue.kind]} über {formatPrice(nextDue.amount)}: mit der Banking-App scannen, die Überweisung ist
              dann ausgefüllt.
            </figcaption>
          </figure>
        ) : null}
      </div>
    </section>
  )
}
