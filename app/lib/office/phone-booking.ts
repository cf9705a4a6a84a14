// A phone booking (issue 25, item 5) is the public booking, taken by a clerk for a caller: the
// office opens it with this search parameter, the tab remembers it for the date, and step 4 then
// asks the clerk to confirm the caller's consent instead of the customer's own. The server books it
// as a phone booking only for a signed-in staff member.

export const PHONE_BOOKING_PARAM = 'telefon'

const storageKey = (tripDateId: number) => `telefonbuchung-${tripDateId}`

/** Remembers in this tab that the booking of this date is taken on the phone. */
export function rememberPhoneBooking(storage: Pick<Storage, 'setItem'>, tripDateId: number): void {
  storage.setItem(storageKey(tripDateId), '1')
}

export function isPhoneBooking(storage: Pick<Storage, 'getItem'>, tripDateId: number): boolean {
  return storage.getItem(storageKey(tripDateId)) === '1'
}

export function forgetPhoneBooking(storage: Pick<Storage, 'removeItem'>, tripDateId: number): void {
  storage.removeItem(storageKey(tripDateId))
}

export const PHONE_CONSENT_LABELS = {
  acceptAgb: 'Der Anrufer hat die Reisebedingungen (AGB) am Telefon erhalten bzw. vorgelesen bekommen und ihnen zugestimmt.',
  acceptPrivacy: 'Der Anrufer wurde auf die Datenschutzhinweise hingewiesen.',
} as const
