// A booking's money in the office (issue 26, item 1): what is owed and what came in or went back,
// the instalments and what pays them, each entry of the ledger, and the form that records one.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ServerFieldErrorsContext, submitTo, useAppForm } from '~/components/forms/form-hook'
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '~/lib/booking/draft'
import { PAYMENT_KIND_LABELS } from '~/lib/booking/summary'
import { todayInBerlin } from '~/lib/calendar'
import { formatDate, formatPrice } from '~/lib/format'
import { paymentStateText } from '~/lib/office/booking-list'
import { LEDGER_ENTRY_KIND_LABELS, RECORDED_ENTRY_KINDS, LEDGER_METHODS, LEDGER_METHOD_LABELS, entryProblem, invoicePdfPath, parseEntryAmount } from '~/lib/office/ledger'
import type { LedgerEntryForm } from '~/lib/office/ledger'
import { officeBookingQuery } from '~/queries/office'
import { DEBIT_STATE_LABELS, returnReasonText } from '~/lib/office/sepa-debits'
import { focusOutcome } from './BookingChange'
import { DebitReturnForm } from './SepaDebits'
import { recordOfficeLedgerEntry } from '~/server/office-bookings.functions'
import type { OfficeBooking } from '~/server/office/booking-detail.server'

const KIND_OPTIONS = RECORDED_ENTRY_KINDS.map((value) => ({ value, label: LEDGER_ENTRY_KIND_LABELS[value] }))
const METHOD_OPTIONS = LEDGER_METHODS.map((value) => ({ value, label: LEDGER_METHOD_LABELS[value] }))

function instalmentState(p: OfficeBooking['payments'][number]): string {
  if (p.status === 'paid') return `bezahlt${p.paidAt ? ` am ${formatDate(p.paidAt)}` : ''}`
  return p.status === 'cancelled' ? 'entfällt (storniert)' : 'offen'
}

export function LedgerSection({ booking: b }: { booking: OfficeBooking }) {
  const { ledger } = b
  const open = Math.max(0, ledger.owed - ledger.paid)
  const surplus = Math.max(0, ledger.paid - ledger.owed)
  const method = PAYMENT_METHODS.find((m) => m === b.paymentMethod)
  return (
    <section aria-labelledby="zahlungen-titel">
      <h2 id="zahlungen-titel">Zahlungen</h2>
      <dl className="office-facts">
        <dt>Stand</dt>
        <dd>{paymentStateText(ledger.state)}</dd>
        <dt>{b.status === 'cancelled' ? 'Stornogebühr' : 'Reisepreis'}</dt>
        <dd>{formatPrice(ledger.owed)}</dd>
        <dt>Eingegangen</dt>
        <dd>{formatPrice(ledger.paid + ledger.refunded)}</dd>
        {ledger.refunded > 0 ? (
          <>
            <dt>Erstattet</dt>
            <dd>{formatPrice(ledger.refunded)}</dd>
          </>
        ) : null}
        <dt>Noch offen</dt>
        <dd>{formatPrice(open)}</dd>
        {surplus > 0 ? (
          <>
            <dt>Zu erstatten</dt>
            <dd>{formatPrice(surplus)}</dd>
          </>
        ) : null}
      </dl>

      <h3>Zahlungsplan</h3>
      <p>Zahlungsart bei der Buchung: {method ? PAYMENT_METHOD_LABELS[method] : b.paymentMethod}</p>
      <ul className="office-booking__list">
        {b.payments.map((p) => (
          <li key={p.kind}>
            {PAYMENT_KIND_LABELS[p.kind]}: {formatPrice(p.amount)}, fällig am {formatDate(p.dueDate)}, {instalmentState(p)}
          </li>
        ))}
      </ul>

      {b.debits.length ? (
        <>
          <h3>SEPA-Lastschriften</h3>
          <ul className="office-booking__list">
            {b.debits.map((d) => (
              <li key={d.id}>
                {d.endToEndId}: {formatPrice(d.amount)}, Abbuchung am {formatDate(d.collectionDate)}, {DEBIT_STATE_LABELS[d.state]}
                {d.collectedOn ? ` am ${formatDate(d.collectedOn)}` : ''}
                {d.returnReason ? ` (${returnReasonText(d.returnReason)})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h3 id="buchungen-geld-titel">Eingänge und Erstattungen</h3>
      {ledger.entries.length === 0 ? (
        <p>Noch kein Geld erfasst.</p>
      ) : (
        <div className="office-table" tabIndex={0} role="region" aria-labelledby="buchungen-geld-titel">
          <table>
            <thead>
              <tr>
                <th scope="col">Datum</th>
                <th scope="col">Art</th>
                <th scope="col">Betrag</th>
                <th scope="col">Zahlungsweg</th>
                <th scope="col">Referenz</th>
                <th scope="col">Erfasst von</th>
              </tr>
            </thead>
            <tbody>
              {ledger.entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatDate(e.bookedOn)}</td>
                  <td>
                    {LEDGER_ENTRY_KIND_LABELS[e.kind]}
                    {e.returnReason ? ` (${returnReasonText(e.returnReason)})` : null}
                  </td>
                  <td className="office-table__amount">{formatPrice(e.kind === 'payment' ? e.amount : -e.amount)}</td>
                  <td>{LEDGER_METHOD_LABELS[e.method]}</td>
                  <td>{e.reference || '–'}</td>
                  <td>{e.recordedBy ?? 'automatisch'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>Rechnungen</h3>
      {b.invoices.length === 0 ? (
        <p>Noch keine Rechnung.</p>
      ) : (
        <ul className="office-booking__list">
          {b.invoices.map((i) => (
            <li key={i.number}>
              {i.kind === 'cancellation' ? 'Stornorechnung' : `Buchungsbestätigung und Rechnung, Version ${i.version}`} Nr. {i.number} vom {formatDate(i.issuedAt)}: {formatPrice(i.amount)}{' '}
              <a href={invoicePdfPath(b.bookingNumber, i.number)} download>
                PDF<span className="visually-hidden"> der Rechnung Nr. {i.number}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <LedgerEntryForm booking={b} />
      <DebitReturnForm booking={b} />
    </section>
  )
}

type Outcome = { kind: 'recorded' | 'refused'; message: string; field?: string } | null

function LedgerEntryForm({ booking: b }: { booking: OfficeBooking }) {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const said = useRef<HTMLParagraphElement>(null)
  /** The amount above what is open that the office was told about and may send again. */
  const confirmedAbove = useRef<number | null>(null)
  const defaults: LedgerEntryForm = { kind: 'payment', amount: '', bookedOn: todayInBerlin(), method: 'ueberweisung', reference: b.bookingNumber }
  const form = useAppForm({
    defaultValues: defaults,
    validators: {
      // The checks that need no server, said at their field before anything is sent.
      onSubmit: ({ value }) => {
        const problem = entryProblem(value, todayInBerlin())
        return problem ? { fields: { [problem.field]: problem.message } } : undefined
      },
    },
    onSubmit: async ({ value, formApi }) => {
      setOutcome(null)
      // A payment above what is still open is most often a slip (32040 for 3.204,00): said at the
      // field first; the same amount sent again is recorded (an overpayment then shows as a refund due).
      const open = Math.max(0, b.ledger.owed - b.ledger.paid)
      const amount = parseEntryAmount(value.amount)
      if (value.kind === 'payment' && amount !== null && amount > open && confirmedAbove.current !== amount) {
        confirmedAbove.current = amount
        setOutcome({ kind: 'refused', field: 'amount', message: `Der Betrag ist höher als noch offen (${formatPrice(open)}). Stimmt er, klicken Sie bitte noch einmal auf „Erfassen“.` })
        return
      }
      confirmedAbove.current = null
      try {
        const result = await recordOfficeLedgerEntry({ data: { bookingNumber: b.bookingNumber, entry: value, seen: b.ledger.entries.length } })
        if (result.kind === 'recorded') {
          formApi.reset()
          setOutcome({ kind: 'recorded', message: `${LEDGER_ENTRY_KIND_LABELS[value.kind]} über ${formatPrice(parseEntryAmount(value.amount))} ist erfasst.` })
        } else {
          setOutcome({ kind: 'refused', message: result.message, ...(result.kind === 'refused' && result.field ? { field: result.field } : {}) })
        }
        if (result.kind !== 'refused') await queryClient.invalidateQueries({ queryKey: officeBookingQuery(b.bookingNumber).queryKey })
      } catch {
        setOutcome({ kind: 'refused', message: 'Die Eingabe hat den Server nicht erreicht. Bitte versuchen Sie es noch einmal.' })
      }
    },
  })
  useEffect(() => {
    if (outcome) focusOutcome(said.current, Boolean(outcome.field))
  }, [outcome])
  const errors = outcome?.kind === 'refused' && outcome.field ? { [outcome.field]: outcome.message } : {}
  return (
    <form className="office-change" noValidate onSubmit={submitTo(form)} aria-label="Zahlung oder Erstattung erfassen">
      <h3>Zahlung oder Erstattung erfassen</h3>
      <ServerFieldErrorsContext value={{ errors, drop: () => setOutcome(null) }}>
        <form.AppForm>
          <form.AppField name="kind">{(f) => <f.RadioGroupField id="geld-art" label="Art" options={KIND_OPTIONS} />}</form.AppField>
          <form.AppField name="amount">
            {(f) => <f.TextField id="geld-betrag" label="Betrag in Euro" hint="zum Beispiel 250,00" inputMode="decimal" maxLength={30} required />}
          </form.AppField>
          <form.AppField name="bookedOn">
            {(f) => <f.TextField id="geld-datum" type="date" label="Datum (Eingang oder Auszahlung)" required />}
          </form.AppField>
          <form.AppField name="method">{(f) => <f.SelectField id="geld-weg" label="Zahlungsweg" options={METHOD_OPTIONS} />}</form.AppField>
          <form.AppField name="reference">
            {(f) => <f.TextField id="geld-referenz" label="Referenz" hint="Verwendungszweck, Kontoauszug oder Quittung" maxLength={200} />}
          </form.AppField>
          <form.SubmitButton size="normal" variant="secondary">
            Erfassen
          </form.SubmitButton>
        </form.AppForm>
      </ServerFieldErrorsContext>
      <p ref={said} tabIndex={-1} role={outcome?.field ? undefined : outcome?.kind === 'refused' ? 'alert' : 'status'} className={outcome?.kind === 'refused' ? 'office-change__refused' : 'office-change__saved'}>
        {outcome ? (outcome.field ? 'Nicht erfasst: Bitte prüfen Sie die markierte Angabe.' : outcome.message) : null}
      </p>
    </form>
  )
}
