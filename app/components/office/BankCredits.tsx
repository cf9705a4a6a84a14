// The credits of bank statements in the office (issue 26, item 2): those waiting to be assigned,
// each with the form that finds the booking it belongs to and, once the office has seen that
// booking, assigns it; and a statement's credits with what became of each.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { ServerFieldErrorsContext, submitTo, useAppForm } from '~/components/forms/form-hook'
import { Button } from '~/components/ui/Button'
import { formatDate, formatPrice } from '~/lib/format'
import { BANK_ENTRY_STATE_LABELS, possibleDuplicateHint } from '~/lib/office/bank-statement'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { bankOverviewQuery } from '~/queries/office-bank'
import { assignOfficeBankEntry, setAsideOfficeBankEntry } from '~/server/office-bank.functions'
import type { AssignTarget, BankEntryView } from '~/server/office/bank-statements.server'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import { focusOutcome } from './BookingChange'
import { BookingLink } from './BookingLink'
import { ActionCheck, UNREACHABLE_MESSAGE, officeFailureMessage, useFocusOnShow } from './ActionCheck'


/** Who sent it, with the account when the bank names it. */
const payerText = (e: BankEntryView) => [e.payer || 'ohne Namen', e.payerIban].filter(Boolean).join(', ')

/** A statement's credits and what became of each. */
export function StatementCreditsTable({ entries, labelledBy }: { entries: BankEntryView[]; labelledBy: string }) {
  return (
    <div className="office-table" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table>
        <thead>
          <tr>
            <th scope="col">Nr.</th>
            <th scope="col">Wertstellung</th>
            <th scope="col">Betrag</th>
            <th scope="col">Auftraggeber</th>
            <th scope="col">Verwendungszweck</th>
            <th scope="col">Stand</th>
            <th scope="col">Buchung</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={e.id}>
              <td>{i + 1}</td>
              <td>{formatDate(e.valueOn)}</td>
              <td className="office-table__amount">{formatPrice(e.amount)}</td>
              <td>{payerText(e)}</td>
              <td>{e.remittance || '–'}</td>
              <td>
                {BANK_ENTRY_STATE_LABELS[e.state]}
                {e.decidedBy ? ` (${e.decidedBy})` : ''}
              </td>
              <td>{e.bookingNumber ? <BookingLink bookingNumber={e.bookingNumber} /> : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

type Said = { kind: 'done' | 'refused'; message: string } | null

/** The credits that name no booking, each to be assigned or set aside; what happened is said above the list. */
export function OpenCredits({ entries, total }: { entries: BankEntryView[]; total: number }) {
  const queryClient = useQueryClient()
  const [said, setSaid] = useState<Said>(null)
  const line = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (said) line.current?.focus()
  }, [said])
  const done = async (next: Said) => {
    setSaid(next)
    await queryClient.invalidateQueries({ queryKey: bankOverviewQuery().queryKey })
  }
  return (
    <section aria-labelledby="offen-titel">
      <h2 id="offen-titel">Nicht zugeordnete Eingänge ({total})</h2>
      <p ref={line} tabIndex={-1} role={said?.kind === 'refused' ? 'alert' : 'status'} className={said?.kind === 'refused' ? 'office-change__refused' : 'office-change__saved'}>
        {said?.message}
      </p>
      {entries.length === 0 ? (
        <p>Alle Eingänge sind zugeordnet.</p>
      ) : (
        <ul className="office-credits">
          {entries.map((e) => (
            <li key={e.id}>
              <OpenCredit entry={e} onDone={done} />
            </li>
          ))}
        </ul>
      )}
      {total > entries.length ? <p>Es werden die ältesten {entries.length} von {total} Eingängen gezeigt.</p> : null}
    </section>
  )
}

function OpenCredit({ entry: e, onDone }: { entry: BankEntryView; onDone: (said: Said) => Promise<void> }) {
  const id = useId()
  // The check before anything is stored: the booking found for the number typed, or setting the
  // credit aside as no payment for a trip (which takes it off the list, so it is asked first too).
  const [check, setCheck] = useState<{ kind: 'assign'; target: AssignTarget } | { kind: 'set-aside' } | null>(null)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const { busy, run } = useOneAtATime((error) => void onDone({ kind: 'refused', message: officeFailureMessage(error) }))
  const { focusRef, sectionRef } = useFocusOnShow(check)
  const form = useAppForm({
    // A possible duplicate is most likely another payment to the booking its equal credit paid.
    defaultValues: { bookingNumber: e.duplicateOf?.bookingNumber ?? '' },
    onSubmit: ({ value }) =>
      run(async () => {
        setFieldError(null)
        const result = await assignOfficeBankEntry({ data: { entryId: e.id, bookingNumber: value.bookingNumber, confirm: false } })
        if (result.kind === 'found') setCheck({ kind: 'assign', target: result.target })
        else if (result.kind === 'refused') setFieldError(result.message)
        else if (result.kind === 'stale') await onDone({ kind: 'refused', message: result.message })
      }),
  })
  useEffect(() => {
    if (fieldError) focusOutcome(document.getElementById(`${id}-form`), true)
  }, [fieldError, id])
  const amount = formatPrice(e.amount)
  const assign = (t: AssignTarget) =>
    run(async () => {
      const result = await assignOfficeBankEntry({ data: { entryId: e.id, bookingNumber: t.bookingNumber, confirm: true } })
      if (result.kind === 'assigned') await onDone({ kind: 'done', message: `Der Eingang über ${amount} ist der Buchung ${t.bookingNumber} (${t.customer}) zugeordnet.` })
      else await onDone({ kind: 'refused', message: result.kind === 'stale' || result.kind === 'refused' ? result.message : UNREACHABLE_MESSAGE })
    })
  const setAside = () =>
    run(async () => {
      const result = await setAsideOfficeBankEntry({ data: { entryId: e.id } })
      await onDone(result.kind === 'set-aside' ? { kind: 'done', message: `Der Eingang über ${amount} ist als „keine Reisezahlung“ abgelegt.` } : { kind: 'refused', message: result.kind === 'stale' ? result.message : UNREACHABLE_MESSAGE })
    })
  return (
    <article aria-labelledby={`${id}-titel`} className="office-credit" ref={sectionRef}>
      <h3 id={`${id}-titel`}>
        {amount} am {formatDate(e.valueOn)}
      </h3>
      <dl className="office-facts">
        <dt>Auftraggeber</dt>
        <dd>{payerText(e)}</dd>
        <dt>Verwendungszweck</dt>
        <dd>{e.remittance || '–'}</dd>
      </dl>
      {e.state === 'possible-duplicate' && e.duplicateOf ? <p>{possibleDuplicateHint(e.duplicateOf)}</p> : null}
      {check?.kind === 'assign' ? (
        <ActionCheck
          id={id}
          title="Zuordnung prüfen"
          confirmLabel={`${amount} dieser Buchung zuordnen`}
          cancelLabel="Andere Buchung wählen"
          headingLevel={4}
          busy={busy}
          onConfirm={() => assign(check.target)}
          onCancel={() => setCheck(null)}
          focusRef={focusRef}
        >
          <dl className="office-facts">
            <dt>Buchung</dt>
            <dd>
              <BookingLink bookingNumber={check.target.bookingNumber} /> {check.target.cancelled ? '(storniert)' : ''}
            </dd>
            <dt>Kunde</dt>
            <dd>{check.target.customer || '–'}</dd>
            <dt>Reise</dt>
            <dd>
              {check.target.tripTitle}, ab {formatDate(check.target.departure)}
            </dd>
            <dt>{check.target.cancelled ? 'Stornogebühr' : 'Reisepreis'}</dt>
            <dd>{formatPrice(check.target.owed)}</dd>
            <dt>Bisher eingegangen</dt>
            <dd>{formatPrice(check.target.paid)}</dd>
          </dl>
        </ActionCheck>
      ) : check?.kind === 'set-aside' ? (
        <ActionCheck id={id} title="Als keine Reisezahlung ablegen?" confirmLabel="Ablegen" headingLevel={4} busy={busy} onConfirm={setAside} onCancel={() => setCheck(null)} focusRef={focusRef}>
          <p>
            Der Eingang über {amount} verschwindet dann aus dieser Liste und zählt für keine Buchung. Wenn im Verwendungszweck doch eine Buchung gemeint ist, suchen Sie sie bitte
            über die Buchungsnummer.
          </p>
        </ActionCheck>
      ) : (
        <form id={`${id}-form`} className="office-change" noValidate onSubmit={submitTo(form)} aria-label={`Eingang über ${amount} zuordnen`} {...appFormProps}>
          <ServerFieldErrorsContext value={{ errors: fieldError ? { bookingNumber: fieldError } : {}, drop: () => setFieldError(null) }}>
            <form.AppForm>
              <form.AppField name="bookingNumber">
                {(f) => <f.TextField id={`${id}-nummer`} label="Buchungsnummer" hint="zum Beispiel 7K4P-9XQ2" maxLength={20} autoComplete="off" required />}
              </form.AppField>
              <div className="office-change__actions">
                <form.SubmitButton size="normal" variant="secondary">
                  Buchung suchen
                </form.SubmitButton>
                <Button size="normal" variant="secondary" busy={busy} onClick={() => setCheck({ kind: 'set-aside' })}>
                  Keine Reisezahlung
                </Button>
              </div>
            </form.AppForm>
          </ServerFieldErrorsContext>
        </form>
      )}
    </article>
  )
}
