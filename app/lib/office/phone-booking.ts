// A phone booking (issue 25, item 5) is the public booking, taken by a clerk for a caller: the
// office opens it with this search parameter, the server marks the draft as the office's (for a
// signed-in clerk only; `telefon` in the draft), step 4 asks the clerk to confirm the caller's
// consent instead of the customer's own, and the server books it only for a signed-in clerk.
import * as z from 'zod/mini'

export const PHONE_BOOKING_PARAM = 'telefon'

/** A phone booking opened or sent without a staff session (signed out meanwhile, or forged). */
export const PHONE_BOOKING_REFUSED =
  'Telefonbuchungen nimmt nur das Büro auf. Bitte melden Sie sich im Büro an und senden Sie die Buchung erneut; gebucht wurde nichts.'

export const PHONE_CONSENT_LABELS = {
  acceptAgb: 'Der Anrufer hat die Reisebedingungen (AGB) am Telefon erhalten bzw. vorgelesen bekommen und ihnen zugestimmt.',
  acceptPrivacy: 'Der Anrufer wurde auf die Datenschutzhinweise hingewiesen.',
} as const

/** The consent of step 4 as the clerk confirms it for the caller (the server checks the same two boxes). */
export const phoneConsentSchema = z.object({
  acceptAgb: z.literal(true, 'Bitte bestätigen Sie, dass der Anrufer den Reisebedingungen (AGB) zugestimmt hat.'),
  acceptPrivacy: z.literal(true, 'Bitte bestätigen Sie, dass Sie den Anrufer auf die Datenschutzhinweise hingewiesen haben.'),
})
