// "Reise stornieren" in Mein Konto (DESIGN 13): the fee of the trip's cancellation scale for today,
// what was paid and what comes back or is still owed, shown before the button "kostenpflichtig
// stornieren"; then the same cancellation as in the office (seats freed, Stornobestätigung and,
// with a fee, the Stornorechnung by mail, the refund by the office).
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ActionCheck, ActionOutcomeLine, useFocusOnShow } from '~/components/office/ActionCheck'
import type { ActionOutcome } from '~/components/office/ActionCheck'
import { CancellationFacts } from '~/components/booking/CancellationFacts'
import { SignInAgain, failureMessage } from './signed-out'
import { Button } from '~/components/ui/Button'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import type { CancellationQuote } from '~/lib/office/cancellation'
import { cancelAccountBooking, previewAccountCancellation } from '~/server/account-bookings.functions'

type Shown = { kind: 'quote'; quote: CancellationQuote; price: number; version: number } | (ActionOutcome & { signIn?: boolean }) | null

export function AccountCancellation({ bookingNumber, email, cancelled }: { bookingNumber: string; email: string; cancelled: boolean }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [shown, setShown] = useState<Shown>(null)
  const { busy, run } = useOneAtATime((error) => setShown({ kind: 'refused', ...failureMessage(error) }))
  const { focusRef, sectionRef } = useFocusOnShow(shown)
  const preview = () =>
    run(async () => {
      const result = await previewAccountCancellation({ data: { bookingNumber } })
      setShown(result.kind === 'quote' ? result : { kind: 'refused', message: result.message })
    })
  const confirm = (checked: { quote: CancellationQuote; version: number }) =>
    run(async () => {
      const result = await cancelAccountBooking({
        data: { bookingNumber, version: checked.version, expectedFee: checked.quote.fee, expectedPaid: checked.quote.paid },
      })
      setShown(
        result.kind === 'cancelled'
          ? { kind: 'done', message: `Ihre Buchung ist storniert. Die Stornobestätigung${result.invoiceNumber ? ' mit der Stornorechnung' : ''} schicken wir an ${email}.` }
          : { kind: 'refused', message: result.message },
      )
      await queryClient.invalidateQueries({ queryKey: ['account'] })
    })

  if (cancelled && shown?.kind !== 'done') return null
  return (
    <section aria-labelledby={`${id}-titel`} ref={sectionRef} className="section section--tight account-box">
      <h2 id={`${id}-titel`}>Reise stornieren</h2>
      {shown?.kind === 'quote' ? (
        <ActionCheck
          id={id}
          title="Ihre Stornierung"
          confirmLabel="kostenpflichtig stornieren"
          cancelLabel="Nicht stornieren"
          busy={busy}
          onConfirm={() => void confirm(shown)}
          onCancel={() => setShown(null)}
          focusRef={focusRef}
        >
          <CancellationFacts quote={shown.quote} price={shown.price} reader="customer" className="bank-details" />
          <p>Mit dem Klick auf „kostenpflichtig stornieren“ treten Sie von der Reise zurück. Das kann nicht rückgängig gemacht werden.</p>
        </ActionCheck>
      ) : (
        <>
          {shown ? <ActionOutcomeLine outcome={shown} focusRef={focusRef}>{shown.signIn ? <SignInAgain /> : null}</ActionOutcomeLine> : null}
          {shown?.kind === 'done' ? null : (
            <>
              <p>
                Die Stornogebühr richtet sich nach der Rücktrittsstaffel Ihrer Reise und dem heutigen Tag. Sie sehen sie, bevor Sie sich entscheiden.
              </p>
              <Button variant="secondary" busy={busy} onClick={() => void preview()}>
                Stornokosten berechnen
              </Button>
            </>
          )}
        </>
      )}
    </section>
  )
}
