import { Link } from '@tanstack/react-router'
import { bookingStateText } from '~/lib/account/bookings'
import type { AccountBookingRow } from '~/lib/account/bookings'
import { formatDateRange, formatPrice, formatTravellerCount } from '~/lib/format'

/** The account's bookings as a list of cards: trip, days, travellers, price and state, each a link to the booking. */
export function BookingCards({ rows }: { rows: readonly AccountBookingRow[] }) {
  return (
    <ul className="account-bookings">
      {rows.map((row) => (
        <li key={row.bookingNumber} className="account-booking">
          <h3 className="account-booking__title">
            <Link to="/konto/buchungen/$nummer/" params={{ nummer: row.bookingNumber }}>
              {row.tripTitle}
            </Link>
          </h3>
          <p>{formatDateRange(row.dateFrom, row.dateTill)}</p>
          <p>
            Buchungsnummer {row.bookingNumber} · {formatTravellerCount(row.travellers)} · {row.status === 'cancelled' ? `Stornogebühr ${formatPrice(row.total)}` : formatPrice(row.total)}
          </p>
          <p className={row.status === 'cancelled' || row.paymentState === 'overdue' ? 'account-booking__state account-booking__state--attention' : 'account-booking__state'}>
            {bookingStateText(row)}
          </p>
        </li>
      ))}
    </ul>
  )
}
