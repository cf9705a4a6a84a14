import { Link } from '@tanstack/react-router'

/** A booking's number as the link to its page in the office, the same in every list. */
export function BookingLink({ bookingNumber }: { bookingNumber: string }) {
  return (
    <Link to="/buero/buchungen/$nummer/" params={{ nummer: bookingNumber }}>
      {bookingNumber}
    </Link>
  )
}
