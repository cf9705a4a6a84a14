// "Reiseversicherung abschließen" in Mein Konto (DESIGN 13): for a traveller without one, while the
// insurers' rule allows; the new total is shown before the button "kostenpflichtig abschließen",
// and the addition is made at exactly that total (a new confirmation and invoice by mail).
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ActionCheck, ActionOutcomeLine, UNREACHABLE_MESSAGE, useFocusOnShow } from '~/components/office/ActionCheck'
import type { ActionOutcome } from '~/components/office/ActionCheck'
import { SignInAgain, failureMessage } from './signed-out'
import { Button } from '~/components/ui/Button'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import { formatDate, formatPrice } from '~/lib/format'
import { addAccountInsurance } from '~/server/account-bookings.functions'
import type { AccountBooking } from '~/server/account-bookings.functions'

type Choice = { traveller: number; insurance: number }
type Shown = { kind: 'preview'; choice: Choice; previous: number; gesamtpreis: number; version: number } | (ActionOutcome & { signIn?: boolean }) | null

export function AccountInsurance({ bookingNumber, insurance }: { bookingNumber: string; insurance: NonNullable<AccountBooking['insurance']> | null }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [shown, setShown] = useState<Shown>(null)
  const [traveller, setTraveller] = useState(String(insurance?.uninsured[0]?.traveller ?? ''))
  const [offer, setOffer] = useState(String(insurance?.offers[0]?.id ?? ''))
  const { busy, run } = useOneAtATime((error) => setShown({ kind: 'refused', ...failureMessage(error) }))
  const { focusRef, sectionRef } = useFocusOnShow(shown)
  if (!insurance && shown?.kind !== 'done') return null
  const check = () =>
    run(async () => {
      const choice = { traveller: Number(traveller), insurance: Number(offer) }
      const result = await addAccountInsurance({ data: { bookingNumber, ...choice } })
      setShown(result.kind === 'preview' ? { ...result, choice } : { kind: 'refused', message: result.kind === 'refused' ? result.message : UNREACHABLE_MESSAGE })
    })
  const confirm = (checked: Extract<Shown, { kind: 'preview' }>) =>
    run(async () => {
      const result = await addAccountInsurance({ data: { bookingNumber, ...checked.choice, version: checked.version, expectedTotal: checked.gesamtpreis } })
      setShown(
        result.kind === 'added'
          ? { kind: 'done', message: `Die Reiseversicherung ist gebucht. Ihr Reisepreis beträgt jetzt ${formatPrice(result.gesamtpreis)}; die geänderte Bestätigung kommt per E-Mail.` }
          : { kind: 'refused', message: result.kind === 'refused' ? result.message : UNREACHABLE_MESSAGE },
      )
      await queryClient.invalidateQueries({ queryKey: ['account'] })
    })
  const offerName = (shownId: number) => insurance?.offers.find((o) => o.id === shownId)?.name ?? ''
  const travellerName = (index: number) => insurance?.uninsured.find((t) => t.traveller === index)?.name ?? ''
  return (
    <section aria-labelledby={`${id}-titel`} ref={sectionRef} className="section section--tight account-box">
      <h2 id={`${id}-titel`}>Reiseversicherung abschließen</h2>
      {shown?.kind === 'preview' ? (
        <ActionCheck
          id={id}
          title="Ihre Reiseversicherung"
          confirmLabel="kostenpflichtig abschließen"
          busy={busy}
          onConfirm={() => void confirm(shown)}
          onCancel={() => setShown(null)}
          focusRef={focusRef}
        >
          <dl className="bank-details">
            <dt>Versicherung</dt>
            <dd>
              {offerName(shown.choice.insurance)} für {travellerName(shown.choice.traveller)}
            </dd>
            <dt>Reisepreis bisher</dt>
            <dd>{formatPrice(shown.previous)}</dd>
            <dt>Reisepreis neu</dt>
            <dd>
              <strong>{formatPrice(shown.gesamtpreis)}</strong> (Versicherung {formatPrice(shown.gesamtpreis - shown.previous)})
            </dd>
          </dl>
        </ActionCheck>
      ) : (
        <>
          {shown ? <ActionOutcomeLine outcome={shown} focusRef={focusRef}>{shown.signIn ? <SignInAgain /> : null}</ActionOutcomeLine> : null}
          {insurance ? (
            <>
              <p>Bis zum {formatDate(insurance.until)} können Sie für Mitreisende ohne Versicherung eine abschließen. Den Preis sehen Sie, bevor Sie sich entscheiden.</p>
              <div className="field">
                <label htmlFor={`${id}-person`}>Person</label>
                <select id={`${id}-person`} value={traveller} onChange={(event) => setTraveller(event.target.value)}>
                  {insurance.uninsured.map((t) => (
                    <option key={t.traveller} value={t.traveller}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-versicherung`}>Versicherung</label>
                <select id={`${id}-versicherung`} value={offer} onChange={(event) => setOffer(event.target.value)}>
                  {insurance.offers.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name} ({o.insurer})
                    </option>
                  ))}
                </select>
              </div>
              <ul>
                {insurance.offers.map((o) =>
                  o.productSheetUrl ? (
                    <li key={o.id}>
                      <a href={o.productSheetUrl}>Produktinformationsblatt: {o.name}</a>
                    </li>
                  ) : null,
                )}
              </ul>
              <Button variant="secondary" busy={busy} onClick={() => void check()}>
                Preis berechnen
              </Button>
            </>
          ) : null}
        </>
      )}
    </section>
  )
}
