// Who is written to about a booking (issue 46, defect 4): its booking person, and the travel agency
// when it booked for them (DESIGN 7). Every mail about a booking goes through here, so the agency
// hears of the confirmation, each change, the cancellation, the departure called off and every
// notice, not only of some of them.
import { eq } from 'drizzle-orm'
import type { Database } from '../db/database.server'
import { agencies, bookings } from '../db/schema'
import { log } from '../log.server'
import { enqueueMail, headerValue, isMailAddress } from '../mail/outbox.server'
import type { OutboxMail } from '../mail/outbox.server'

/** A mail about a booking without its recipient and booking, which this module adds. */
export type BookingMail = Omit<OutboxMail, 'to' | 'cc' | 'bcc' | 'bookingId'>

export type BookingMailRecipients = {
  /** The booking person's address; null without one (a caller on the phone gets paper). */
  customer: string | null
  /** The agency's address when the booking was made through an agency that has a valid one. */
  agency: string | null
}

/** The recipients of a mail about the booking, read in the caller's transaction. */
export async function bookingMailRecipients(tx: Pick<Database, 'select'>, bookingId: number, customerEmail: string): Promise<BookingMailRecipients> {
  const [row] = await tx
    .select({ email: agencies.email })
    .from(bookings)
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .where(eq(bookings.id, bookingId))
    .limit(1)
  let agency: string | null = null
  if (row) {
    if (isMailAddress(row.email ?? '')) agency = row.email
    else log('error', 'agency copy not sent', { reason: 'no valid agency e-mail', bookingId })
  }
  // An address the outbox would refuse (imported data) must not fail the caller's whole transaction.
  if (customerEmail && !isMailAddress(customerEmail)) log('error', 'customer mail not sent', { reason: 'invalid e-mail address', bookingId })
  return { customer: customerEmail && isMailAddress(customerEmail) ? customerEmail : null, agency }
}

/** The agency's copy of a mail written to the customer: the same mail, its subject saying whose copy it is. */
export function agencyCopyOf(mail: BookingMail): BookingMail {
  return { ...mail, subject: headerValue(`Kopie für Ihr Reisebüro: ${mail.subject}`) }
}

/**
 * Writes a mail about the booking into the outbox, in the caller's transaction: to the customer,
 * and its copy (`agencyMail`, by default `agencyCopyOf(mail)`) to the agency that booked. Returns
 * how many mails were written: 0 when nobody has an address.
 */
export async function enqueueBookingMail(
  tx: Pick<Database, 'select' | 'insert'>,
  booking: { id: number; customerEmail: string },
  mail: BookingMail,
  agencyMail?: BookingMail,
): Promise<number> {
  const to = await bookingMailRecipients(tx, booking.id, booking.customerEmail)
  let written = 0
  if (to.customer) {
    await enqueueMail(tx, { ...mail, to: to.customer, bookingId: booking.id })
    written++
  }
  if (to.agency) {
    await enqueueMail(tx, { ...(agencyMail ?? agencyCopyOf(mail)), to: to.agency, bookingId: booking.id })
    written++
  }
  return written
}
