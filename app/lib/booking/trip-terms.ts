// What the contract of one trip says besides its price (Art. 250 § 3 EGBGB): the cancellation
// scale, the rebooking fee, the minimum number of participants with its deadline, the return time,
// the fees paid on site and the passport and visa notes of its destinations. The booking offer
// carries them, step 4 shows them, the confirmation prints them.
import * as z from 'zod/mini'
import { addDays } from '../calendar'
import { formatDate, formatPrice } from '../format'
import { cancellationScaleSchema } from './cancellation'

const rawPrice = z.int().check(z.nonnegative())

/** A fee the traveller pays on site rather than to us (Kurtaxe): named before booking, never in the total. */
export const onSiteFeeSchema = z.object({
  label: z.string().check(z.minLength(1)),
  amount: rawPrice,
  /** 'night': per person and night; 'stay': per person once. */
  per: z.enum(['night', 'stay']),
})
export type OnSiteFee = z.infer<typeof onSiteFeeSchema>

export const entryNoteSchema = z.object({ country: z.string(), note: z.string() })

export const tripTermsSchema = z.object({
  cancellationScale: cancellationScaleSchema,
  /** Per person, for a change of date, boarding point or room up to the first tier of the scale. */
  rebookingFee: rawPrice,
  /** Null: the trip takes place whatever the number of travellers. */
  minParticipants: z.nullable(z.int().check(z.positive())),
  /** Days before departure by which we say that the minimum was not reached (§ 651h Abs. 4 Nr. 1 BGB). */
  minParticipantsDays: z.nullable(z.int().check(z.nonnegative())),
  /** 'HH:MM', the expected return at the boarding points; null when the travel documents bring it (flights). */
  returnTime: z.nullable(z.string()),
  onSiteFees: z.array(onSiteFeeSchema),
  /** True when every destination of the trip lies in Germany: no passport notes, no health insurance for abroad. */
  domestic: z.boolean(),
  /** Passport, visa and health formalities per foreign destination. */
  entryNotes: z.array(entryNoteSchema),
})
export type TripTerms = z.infer<typeof tripTermsSchema>

/**
 * The latest deadline the law allows for cancelling a trip that missed its minimum (§ 651h Abs. 4
 * Nr. 1 BGB): 20 days before departure for trips of more than six days, 7 days for two to six
 * days, 48 hours for shorter ones (counted here as 2 days).
 */
export function legalMinParticipantsDays(durationDays: number): number {
  return durationDays > 6 ? 20 : durationDays >= 2 ? 7 : 2
}

/** The day by which we say that a trip does not take place for too few travellers, or null without a minimum. */
export function minParticipantsDeadline(terms: Pick<TripTerms, 'minParticipants' | 'minParticipantsDays'>, dateFrom: string): string | null {
  return terms.minParticipants === null || terms.minParticipantsDays === null ? null : addDays(dateFrom, -terms.minParticipantsDays)
}

export function minParticipantsText(terms: Pick<TripTerms, 'minParticipants' | 'minParticipantsDays'>, dateFrom: string): string {
  const deadline = minParticipantsDeadline(terms, dateFrom)
  if (terms.minParticipants === null || deadline === null) return 'Für diese Reise gibt es keine Mindestteilnehmerzahl; sie findet in jedem Fall statt.'
  return (
    `Mindestteilnehmerzahl: ${terms.minParticipants} Personen. Wird sie nicht erreicht, können wir bis zum ${formatDate(deadline)} ` +
    `(${terms.minParticipantsDays} Tage vor Reisebeginn) vom Vertrag zurücktreten; Sie erhalten dann alle Zahlungen unverzüglich zurück.`
  )
}

export function rebookingText(terms: Pick<TripTerms, 'rebookingFee' | 'cancellationScale'>): string {
  const until = terms.cancellationScale[0]?.daysBefore ?? 0
  return (
    `Umbuchung (Termin, Zustiegsstelle, Zimmer) bis ${until} Tage vor Reisebeginn: ${formatPrice(terms.rebookingFee)} pro Person. ` +
    'Spätere Änderungen sind nur als Rücktritt mit neuer Buchung möglich.'
  )
}

/** Nights of a trip of `durationDays` days (a day trip has none). */
export function nightsOf(durationDays: number): number {
  return Math.max(0, durationDays - 1)
}

/** 'Kurtaxe: 2,50 € pro Person und Nacht (bei 6 Nächten 15,00 € pro Person)' */
export function onSiteFeeText(fee: OnSiteFee, durationDays: number): string {
  if (fee.per === 'stay') return `${fee.label}: ${formatPrice(fee.amount)} pro Person`
  const nights = nightsOf(durationDays)
  const total = nights > 1 ? ` (bei ${nights} Nächten ${formatPrice(fee.amount * nights)} pro Person)` : ''
  return `${fee.label}: ${formatPrice(fee.amount)} pro Person und Nacht${total}`
}

/**
 * What "inklusive aller Steuern und Gebühren" covers, said once for step 4, the mail and the PDF:
 * the price includes VAT and every compulsory charge of ours; only the fees named here are paid on site.
 */
export function pricesIncludeText(onSiteFees: readonly OnSiteFee[] | null): string {
  const base =
    'Alle Preise in Euro inklusive aller Steuern und Gebühren: Umsatzsteuer, Zuschläge, Flughafen- und Hafengebühren, ' +
    'soweit die Reise sie enthält, und alle Pflichtentgelte an uns.'
  // Without the trip's terms at hand nothing is said about fees on site rather than something wrong.
  if (onSiteFees === null) return base
  if (!onSiteFees.length) return `${base} Vor Ort fallen keine Pflichtgebühren an.`
  return `${base} Nicht enthalten und vor Ort zu zahlen: ${onSiteFees.map((f) => f.label).join(', ')}.`
}

/** The general note for travellers who do not hold German citizenship, and where to check before leaving. */
export const ENTRY_GENERAL_NOTE =
  'Die Hinweise gelten für deutsche Staatsangehörige. Reisende mit einer anderen Staatsangehörigkeit erkundigen sich bitte bei der Botschaft ' +
  'des Reiselands. Aktuelle Hinweise finden Sie beim Auswärtigen Amt (www.auswaertiges-amt.de).'

/** The passport and visa section, or null for a trip within Germany. */
export function entryNotesText(terms: Pick<TripTerms, 'domestic' | 'entryNotes'>): string[] | null {
  if (terms.domestic) return null
  return [...terms.entryNotes.map((e) => `${e.country}: ${e.note}`), ENTRY_GENERAL_NOTE]
}

/**
 * The terms the customer agreed to, as stored with the booking; for a booking older than stored
 * terms (migration 0010), the trip's own.
 */
export function bookedTerms(stored: unknown, trip: TripTerms): TripTerms {
  const booked = tripTermsSchema.safeParse(stored)
  return booked.success ? booked.data : trip
}
