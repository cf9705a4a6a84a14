// A phone booking (issue 25, item 5; DESIGN 11): the public booking, taken by a clerk for a caller.
// The server marks the draft when a signed-in clerk opens it (`?telefon=1`); every step then says
// whose booking it is and leads back to the office.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { officeSessionQuery } from '~/queries/office'
import { useBookingForm } from './BookingForm'

/** The clerk's name when this draft is the office's phone booking and the clerk is signed in; else null. */
export function usePhoneClerk(): string | null {
  const { session } = useBookingForm()
  const marked = session.draft.telefon
  const { data } = useQuery({ ...officeSessionQuery(), enabled: marked })
  return marked && data ? data.staff.name : null
}

/** Above every step of a phone booking: who books for whom, and the way back to the office. */
export function PhoneBookingNote() {
  const clerk = usePhoneClerk()
  if (!clerk) return null
  return (
    <p className="booking-phone-notice" role="note">
      <strong>Telefonbuchung:</strong> Sie buchen als {clerk} für einen Anrufer.{' '}
      <Link to="/buero/telefonbuchung/">Zurück zur Telefonbuchung im Büro</Link>
    </p>
  )
}
