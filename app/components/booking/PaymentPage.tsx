import { useSelector } from '@tanstack/react-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorSummary } from '~/components/forms/fields'
import { ServerFieldErrorsContext, useAppForm } from '~/components/forms/form-hook'
import { Button } from '~/components/ui/Button'
import { QrCode } from '~/components/ui/QrCode'
import { giroCodeLabel, giroCodeText } from '~/lib/booking/girocode'
import { formatIban } from '~/lib/booking/iban'
import { PAYMENT_KIND_LABELS } from '~/lib/booking/summary'
import { formatDate, formatPrice } from '~/lib/format'
import { bookingQueries } from '~/queries/booking'
import { SepaMandateFields } from './SepaMandateFields'
import { submitPaymentMandate } from '~/server/booking.functions'
import { appFormProps } from '~/browser/pre-hydration-forms'

/** The server names the mandate fields 'iban', 'accountHolder' and 'accept'. */
const FIELD_OF: Record<string, 'iban' | 'accountHolder' | 'mandate'> = { iban: 'iban', accountHolder: 'accountHolder', accept: 'mandate' }

/**
 * Spec 2 /payment/{data}: what is due, until when, and where to transfer it (the booking number as
 * reference), or a SEPA direct-debit mandate instead. A paid amount is not asked for again.
 */
export function PaymentPage({ data }: { data: string }) {
  const queryClient = useQueryClient()
  const { data: request } = useSuspenseQuery(bookingQueries.payment(data))
  const [issues, setIssues] = useState<{ path: string; message: string }[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: { payment: { iban: '', accountHolder: '', mandate: false } },
    onSubmit: async ({ value }) => {
      setFailure(null)
      const { iban, accountHolder, mandate } = value.payment
      const result = await submitPaymentMandate({ data: { data, iban, accountHolder, accept: mandate } })
      if (result.kind === 'stored') {
        setIssues([])
        await queryClient.invalidateQueries({ queryKey: bookingQueries.payment(data).queryKey })
      } else if (result.kind === 'invalid') setIssues(result.issues)
      else if (result.kind === 'limited') setFailure(result.message)
      else setFailure(result.problem === 'paid' ? 'Dieser Betrag ist bereits bezahlt.' : 'Dieser Zahlungslink ist nicht mehr gültig.')
    },
  })
  const busy = useSelector(form.store, (state) => state.isSubmitting)
  const label = PAYMENT_KIND_LABELS[request.kind]
  const giroCode = giroCodeText(request.bank, request.amount, request.bookingNumber)

  return (
    <div className="container container--narrow section payment-page">
      <header className="page-header">
        <h1 className="page-title">Zahlung: {label}</h1>
        <p className="lead">
          {request.tripTitle}, Reisebeginn {formatDate(request.dateFrom)} – Buchungsnummer {request.bookingNumber}
        </p>
      </header>
      {request.paid ? (
        <p className="alert alert--success">Dieser Betrag ist bereits bei uns eingegangen. Vielen Dank!</p>
      ) : (
        <>
          <dl className="bank-details">
            <dt>Betrag</dt>
            <dd>
              <strong>{formatPrice(request.amount)}</strong>
            </dd>
            <dt>Fällig am</dt>
            <dd>{formatDate(request.dueDate)}</dd>
          </dl>
          {request.hasMandate ? (
            <p className="alert alert--info">
              Für diese Buchung liegt uns ein SEPA-Lastschriftmandat vor. Wir buchen den Betrag zum Fälligkeitstag von Ihrem Konto ab – Sie
              müssen nichts weiter tun.
            </p>
          ) : (
            <>
              <section aria-labelledby="ueberweisung-titel">
                <h2 id="ueberweisung-titel">Per Überweisung</h2>
                <dl className="bank-details">
                  <dt>Kontoinhaber</dt>
                  <dd>{request.bank.accountHolder}</dd>
                  <dt>IBAN</dt>
                  <dd>{formatIban(request.bank.iban)}</dd>
                  <dt>BIC</dt>
                  <dd>{request.bank.bic}</dd>
                  <dt>Bank</dt>
                  <dd>{request.bank.bankName}</dd>
                  <dt>Verwendungszweck</dt>
                  <dd>{request.bookingNumber}</dd>
                </dl>
                {giroCode ? (
                  <figure className="girocode">
                    <QrCode text={giroCode} label={giroCodeLabel(request.bank.accountHolder, formatPrice(request.amount), request.bookingNumber)} />
                    <figcaption>GiroCode: mit der Banking-App scannen, die Überweisung ist dann ausgefüllt.</figcaption>
                  </figure>
                ) : null}
              </section>
              <section aria-labelledby="lastschrift-titel">
                <h2 id="lastschrift-titel">Oder per SEPA-Lastschrift</h2>
                <p>Erteilen Sie uns ein Lastschriftmandat, dann buchen wir diesen und alle weiteren Beträge zum Fälligkeitstag ab.</p>
                <ServerFieldErrorsContext value={{ errors: Object.fromEntries(issues.map((i) => [`payment.${FIELD_OF[i.path] ?? i.path}`, i.message])), drop: () => {} }}>
                  <form
                    className="stack"
                    noValidate
                    {...appFormProps}
                    onSubmit={(e) => {
                      e.preventDefault()
                      void form.handleSubmit()
                    }}
                    aria-labelledby="lastschrift-titel"
                  >
                    <ErrorSummary
                      items={issues.map((i) => ({ id: `zahlung-${FIELD_OF[i.path] ?? i.path}`, label: 'Hinweis', message: i.message }))}
                      headingRef={null}
                    />
                    {failure ? (
                      <p className="alert alert--error" role="alert">
                        {failure}
                      </p>
                    ) : null}
                    <SepaMandateFields form={form} fields="payment" idPrefix="zahlung" mandateText={request.mandateText} />
                    <Button type="submit" busy={busy}>
                      Lastschriftmandat erteilen
                    </Button>
                  </form>
                </ServerFieldErrorsContext>
              </section>
            </>
          )}
        </>
      )}
    </div>
  )
}
