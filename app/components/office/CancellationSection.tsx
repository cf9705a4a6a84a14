// Cancelling a booking at its customer's request (issue 26, item 5): the office sees the fee of the
// trip's scale for today, what was paid and what is to be refunded or still owed (and by when),
// and only then confirms; a fee issues the Stornorechnung.
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { CancellationFacts } from '~/components/booking/CancellationFacts'
import { Button } from '~/components/ui/Button'
import type { CancellationQuote } from '~/lib/office/cancellation'
import { officeBookingQuery } from '~/queries/office'
import { cancelOfficeBooking, previewOfficeCancellation } from '~/server/office-bookings.functions'
import type { OfficeBooking } from '~/server/office/booking-detail.server'
import { ActionCheck, ActionOutcomeLine, officeFailureMessage, useFocusOnShow } from './ActionCheck'
import type { ActionOutcome } from './ActionCheck'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'

type Shown = { kind: 'quote'; quote: CancellationQuote; price: number } | ActionOutcome | null

export function CancellationSection({ booking: b }: { booking: OfficeBooking }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [shown, setShown] = useState<Shown>(null)
  const [notify, setNotify] = useState(Boolean(b.contact.email))
  const { busy, run } = useOneAtATime((error) => setShown({ kind: 'refused', message: officeFailureMessage(error) }))
  const { focusRef, sectionRef } = useFocusOnShow(shown)
  const preview = () =>
    run(async () => {
      const result = await previewOfficeCancellation({ data: { bookingNumber: b.bookingNumber } })
      setShown(result.kind === 'quote' ? result : { kind: 'refused', message: result.message })
    })
  const confirm = (quote: CancellationQuote) =>
    run(async () => {
      const result = await cancelOfficeBooking({ data: { bookingNumber: b.bookingNumber, version: b.version, expectedFee: quote.fee, expectedPaid: quote.paid, notify } })
      if (result.kind === 'cancelled') {
        const invoice = result.invoiceNumber ? ` Die Stornorechnung hat die Nummer ${result.invoiceNumber}; Sie finden sie unter „Rechnungen“.` : ''
        const mailed = result.mailedTo ? ` Die Stornobestätigung${result.invoiceNumber ? ' mit der Stornorechnung' : ''} geht an ${result.mailedTo}.` : ' Es wurde keine E-Mail gesendet.'
        setShown({ kind: 'done', message: `Die Buchung ist storniert, die Plätze sind wieder frei.${invoice}${mailed}` })
      } else {
        setShown({ kind: 'refused', message: result.message })
      }
      await queryClient.invalidateQueries({ queryKey: officeBookingQuery(b.bookingNumber).queryKey })
    })

  if (b.status === 'cancelled' && shown?.kind !== 'done') return null
  return (
    <section aria-labelledby={`${id}-titel`} ref={sectionRef}>
      <h2 id={`${id}-titel`}>Stornierung durch den Kunden</h2>
      {shown?.kind === 'quote' ? (
        <ActionCheck
          id={id}
          title="Stornierung prüfen"
          confirmLabel="Stornierung bestätigen"
          busy={busy}
          onConfirm={() => confirm(shown.quote)}
          onCancel={() => setShown(null)}
          focusRef={focusRef}
        >
          <CancellationFacts quote={shown.quote} price={shown.price} reader="office" className="office-facts" />
          {b.contact.email ? (
            <label className="choice" htmlFor={`${id}-mail`}>
              <input id={`${id}-mail`} type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
              <span>Stornobestätigung per E-Mail an {b.contact.email} senden</span>
            </label>
          ) : (
            <p>Ohne E-Mail-Adresse: Bitte teilen Sie dem Kunden die Stornierung telefonisch oder per Brief mit.</p>
          )}
        </ActionCheck>
      ) : (
        <>
          {shown ? <ActionOutcomeLine outcome={shown} focusRef={focusRef} /> : null}
          {b.status === 'cancelled' ? null : (
            <>
              <p>Die Gebühr richtet sich nach der Rücktrittsstaffel der Reise und dem heutigen Tag. Sie sehen sie, bevor etwas gespeichert wird.</p>
              <Button variant="secondary" size="normal" busy={busy} onClick={preview}>
                Stornogebühr berechnen
              </Button>
            </>
          )}
        </>
      )}
    </section>
  )
}
