import { useSelector } from '@tanstack/react-form'
import { useState } from 'react'
import { withForm } from '~/components/forms/form-hook'
import { Button } from '~/components/ui/Button'
import { PAYMENT_METHODS, travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { insurancePrice, priceBooking } from '~/lib/booking/price'
import { addVoucher, clearAllInsurance, removeAllVouchers, removeVoucher, setInsurance } from '~/lib/booking/rules'
import { sepaMandateText } from '~/lib/booking/sepa'
import { travellerLabel } from '~/lib/booking/steps'
import { formatPrice } from '~/lib/format'
import type { SaveBookingResult } from '~/server/booking.functions'
import { SepaMandateFields } from './SepaMandateFields'
import { bookingFormOptions } from './BookingForm'
import { fieldId } from './useBookingStep'

const PAYMENT_OPTIONS = PAYMENT_METHODS.map((value) => ({
  value,
  label:
    value === 'ueberweisung'
      ? 'Überweisung – Sie überweisen die fälligen Beträge selbst'
      : 'SEPA-Lastschrift – wir buchen die Beträge zum Fälligkeitstag ab',
}))

/**
 * Step 3: insurance per traveller (opt-in: nothing is chosen for the customer), vouchers checked
 * by the server, and the payment method. Neither payment method costs extra (§ 270a BGB).
 */
export const PaymentStep = withForm({
  ...bookingFormOptions,
  props: {
    offer: {} as BookingOffer,
    creditor: { name: '', id: '' },
    /** Saves at once and answers with the server's verdict (vouchers are checked there). */
    saveNow: (): Promise<SaveBookingResult> => Promise.reject(new Error('saveNow missing')),
    issueOf: (_path: string): string | undefined => undefined,
  },
  render: function PaymentStep({ form, offer, creditor, saveNow, issueOf }) {
    const [code, setCode] = useState('')
    const [voucherMessage, setVoucherMessage] = useState<{ ok: boolean; text: string } | null>(null)
    const [checking, setChecking] = useState(false)

    const redeem = async () => {
      const next = addVoucher(form.state.values.vouchers, code)
      if (next.length === form.state.values.vouchers.length) {
        setVoucherMessage({
          ok: false,
          text: code.trim() ? 'Diesen Gutschein haben Sie bereits eingegeben.' : 'Bitte geben Sie einen Gutscheincode ein.',
        })
        return
      }
      form.setFieldValue('vouchers', next)
      setChecking(true)
      try {
        const result = await saveNow()
        const added = next.at(-1)?.einloesecode ?? ''
        const problem = result.kind === 'invalid' ? result.issues.find((i) => i.path.startsWith('vouchers')) : undefined
        if (problem) {
          form.setFieldValue('vouchers', removeVoucher(form.state.values.vouchers, added))
          setVoucherMessage({ ok: false, text: problem.message })
        } else if (result.kind === 'saved') {
          setCode('')
          setVoucherMessage({ ok: true, text: `Der Gutschein ${added} wurde angerechnet.` })
        }
      } finally {
        setChecking(false)
      }
    }

    const values: BookingDraft = useSelector(form.store, (state) => state.values)
    // What each traveller's insurance would cost: a share of their travel price without insurance.
    const basePrices = priceBooking(offer, clearAllInsurance(values)).perPerson
    const all = travellers(values)
    return (
      <>
        <section className="stack" aria-labelledby="versicherung-titel">
          <h3 id="versicherung-titel">Reiseversicherung (freiwillig)</h3>
          <p>Wir empfehlen eine Reiserücktrittsversicherung. Sie entscheiden für jede Person einzeln; vorausgewählt ist nichts.</p>
          <InsurerNotes offers={offer.insuranceOffers} />
          {all.map(({ p, roomIndex, participantIndex, index }) => {
            const chosen = p.insurance[0]?.id ?? null
            const groupId = fieldId(`allRooms.${roomIndex}.teilnehmer.${participantIndex}.insurance`)
            return (
              <fieldset key={index} className="fieldset field" id={groupId}>
                <legend>Versicherung für {travellerLabel(p, index)}</legend>
                <label className="choice" htmlFor={`${groupId}-keine`}>
                  <input
                    id={`${groupId}-keine`}
                    type="radio"
                    name={groupId}
                    checked={chosen === null}
                    onChange={() =>
                      form.setFieldValue('allRooms', setInsurance(form.state.values, roomIndex, participantIndex, null).allRooms)
                    }
                  />
                  <span>Keine Versicherung</span>
                </label>
                {offer.insuranceOffers.map((o) => (
                  <label key={o.id} className="choice" htmlFor={`${groupId}-${o.id}`}>
                    <input
                      id={`${groupId}-${o.id}`}
                      type="radio"
                      name={groupId}
                      checked={chosen === o.id}
                      onChange={() =>
                        form.setFieldValue('allRooms', setInsurance(form.state.values, roomIndex, participantIndex, { id: o.id }).allRooms)
                      }
                    />
                    <span>
                      {o.name}: {formatPrice(insurancePrice(o, basePrices[index] ?? 0))}
                      <span className="choice__hint">{o.description}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )
          })}
          {all.some(({ p }) => p.insurance.length > 0) ? (
            <p>
              <Button variant="secondary" onClick={() => form.setFieldValue('allRooms', clearAllInsurance(form.state.values).allRooms)}>
                Keine Versicherung für alle
              </Button>
            </p>
          ) : null}
        </section>

        <section className="stack" aria-labelledby="gutschein-titel">
          <h3 id="gutschein-titel">Gutscheine</h3>
          <div className="field">
            <label htmlFor="gutschein-code" className="field__label">
              Gutscheincode
            </label>
            <div className="inline-form">
              <input
                id="gutschein-code"
                value={code}
                maxLength={40}
                autoComplete="off"
                aria-describedby={voucherMessage ? 'gutschein-meldung' : undefined}
                aria-invalid={voucherMessage && !voucherMessage.ok ? true : undefined}
                onChange={(e) => setCode(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    void redeem()
                  }
                }}
              />
              <Button variant="secondary" busy={checking} onClick={() => void redeem()}>
                Gutschein einlösen
              </Button>
            </div>
            <p id="gutschein-meldung" className={voucherMessage?.ok ? 'field__hint' : 'field-error'} role="status">
              {voucherMessage?.text ?? ''}
            </p>
          </div>
          {values.vouchers.length ? (
            <>
              <ul className="voucher-list">
                {values.vouchers.map((v) => (
                  <li key={v.einloesecode}>
                    <span>Gutschein {v.einloesecode}</span>{' '}
                    <Button
                      variant="ghost"
                      aria-label={`Gutschein ${v.einloesecode} entfernen`}
                      size="small"
                      onClick={() => {
                        form.setFieldValue('vouchers', removeVoucher(form.state.values.vouchers, v.einloesecode))
                        setVoucherMessage({ ok: true, text: `Der Gutschein ${v.einloesecode} wurde entfernt.` })
                      }}
                    >
                      Entfernen
                    </Button>
                  </li>
                ))}
              </ul>
              {values.vouchers.length > 1 ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    form.setFieldValue('vouchers', removeAllVouchers())
                    setVoucherMessage({ ok: true, text: 'Alle Gutscheine wurden entfernt.' })
                  }}
                >
                  Alle Gutscheine entfernen
                </Button>
              ) : null}
            </>
          ) : null}
          {issueOf('vouchers.0.einloesecode') ? <p className="field-error">{issueOf('vouchers.0.einloesecode')}</p> : null}
        </section>

        <section className="stack" aria-labelledby="zahlung-titel">
          <h3 id="zahlung-titel">Zahlungsart</h3>
          <form.AppField name="payment.method">
            {(f) => (
              <f.RadioGroupField id={fieldId('payment.method')} label="Wie möchten Sie bezahlen?" required options={PAYMENT_OPTIONS} />
            )}
          </form.AppField>
          <p className="text-small">Für keine der Zahlungsarten berechnen wir Gebühren.</p>
          {values.payment.method === 'lastschrift' ? (
            <div className="stack">
              <SepaMandateFields
                form={form}
                fields="payment"
                idPrefix={fieldId('payment')}
                mandateText={sepaMandateText(creditor.name, creditor.id)}
              />
            </div>
          ) : values.payment.method === 'ueberweisung' ? (
            <p>Die Bankverbindung und die Fälligkeiten erhalten Sie mit der Buchungsbestätigung.</p>
          ) : null}
        </section>
      </>
    )
  },
})

/** Who insures, with the product information sheet and conditions, once per insurer (before anything is chosen). */
function InsurerNotes({ offers }: { offers: BookingOffer['insuranceOffers'] }) {
  const insurers = [...new Map(offers.filter((o) => o.insurer).map((o) => [o.insurer, o])).values()]
  return insurers.map((o) => (
    <p key={o.insurer}>
      Versicherer: {o.insurer}. Wir vermitteln die Versicherung.{' '}
      {o.productSheetUrl ? <a href={o.productSheetUrl}>Produktinformationsblatt</a> : null}
      {o.productSheetUrl && o.conditionsUrl ? ' und ' : null}
      {o.conditionsUrl ? <a href={o.conditionsUrl}>Versicherungsbedingungen</a> : null}
      {o.productSheetUrl || o.conditionsUrl ? ' lesen.' : null}
    </p>
  ))
}
