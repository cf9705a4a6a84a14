import { cancellationScaleLines } from '~/lib/booking/cancellation'
import { TRAVEL_CONDITIONS_PATH } from '~/lib/booking/legal'
import type { BookingOffer } from '~/lib/booking/offer'
import { entryNotesText, minParticipantsText, onSiteFeeText, rebookingText } from '~/lib/booking/trip-terms'

/**
 * Step 4: the terms of this trip before the button (Art. 250 § 3 EGBGB): fees paid on site, the
 * cancellation scale and rebooking fee, the minimum number of participants, passport notes, and the
 * one binding text of the travel conditions.
 */
export function TripTermsSection({ offer }: { offer: Pick<BookingOffer, 'terms' | 'dateFrom' | 'durationDays'> }) {
  const { terms } = offer
  const entry = entryNotesText(terms)
  return (
    <section aria-labelledby="reisebedingungen-titel">
      <h3 id="reisebedingungen-titel">Bedingungen dieser Reise</h3>
      {terms.onSiteFees.length ? (
        <>
          <h4>Vor Ort zu zahlen (nicht im Reisepreis enthalten)</h4>
          <ul className="review-list">
            {terms.onSiteFees.map((fee) => (
              <li key={fee.label}>{onSiteFeeText(fee, offer.durationDays)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h4>Rücktritt und Umbuchung</h4>
      <p>Treten Sie vor Reisebeginn zurück, berechnen wir pro Person diesen Anteil des Reisepreises:</p>
      <ul className="review-list">
        {cancellationScaleLines(terms.cancellationScale).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>{rebookingText(terms)}</p>
      <h4>Mindestteilnehmerzahl</h4>
      <p>{minParticipantsText(terms, offer.dateFrom)}</p>
      {entry ? (
        <>
          <h4>Pass- und Visumvorschriften</h4>
          <ul className="review-list">
            {entry.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        Es gelten unsere <a href={TRAVEL_CONDITIONS_PATH}>Reisebedingungen (AGB)</a>; Sie erhalten sie mit der Buchungsbestätigung
        auch als PDF.
      </p>
    </section>
  )
}
