// The office's SEPA direct debits (issue 26, item 3): the instalments of bookings paid by debit
// that fall due in a period, their pre-notifications, the pain.008 file of the announced debits,
// the files marked collected; and on a booking's page the return debit (Rücklastschrift).
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { ServerFieldErrorsContext, submitTo, useAppForm } from '~/components/forms/form-hook'
import { Button } from '~/components/ui/Button'
import { PAYMENT_KIND_LABELS } from '~/lib/booking/summary'
import { todayInBerlin } from '~/lib/calendar'
import { countOf, formatDate, formatDateTime, formatPrice } from '~/lib/format'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { PRE_NOTIFICATION_DAYS, RETURN_REASON_CODES, collectedDayProblem, periodProblem, returnDayProblem, returnReasonText } from '~/lib/office/sepa-debits'
import type { DebitFilter, DebitReturnForm as DebitReturnValues } from '~/lib/office/sepa-debits'
import { officeBookingQuery } from '~/queries/office'
import { announceOfficeDebits, exportOfficeDebits, markOfficeDebitsCollected, recordOfficeDebitReturn } from '~/server/office-debits.functions'
import type { OfficeBooking } from '~/server/office/booking-detail.server'
import type { DebitActionResult, DebitsPage, DebitView, ExportView } from '~/server/office/sepa-debits.server'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import { focusOutcome } from './BookingChange'
import { BookingLink } from '~/components/office/BookingLink'
import { officeFailureMessage } from './ActionCheck'

type Outcome = { kind: 'done' | 'refused'; message: string; field?: string; file?: string } | null

function outcomeOf(result: DebitActionResult): NonNullable<Outcome> {
  if (result.kind === 'done') return { kind: 'done', message: result.message, ...(result.messageId ? { file: result.messageId } : {}) }
  return { kind: 'refused', message: result.message, ...(result.kind === 'refused' && result.field ? { field: result.field } : {}) }
}

/** The line that says what happened; it takes the focus, as the button that was pressed may be gone. */
function OutcomeLine({ outcome }: { outcome: Outcome }) {
  const line = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (outcome) focusOutcome(line.current, Boolean(outcome.field))
  }, [outcome])
  return (
    <p
      ref={line}
      tabIndex={-1}
      role={outcome?.kind === 'refused' && !outcome.field ? 'alert' : 'status'}
      className={outcome?.kind === 'refused' ? 'office-change__refused' : 'office-change__saved'}
    >
      {/* A message about one field stands at that field: said twice, it would be read twice. */}
      {outcome ? (outcome.field ? 'Nicht gespeichert: Bitte prüfen Sie die markierte Angabe.' : outcome.message) : null}
      {outcome?.file ? (
        <>
          {' '}
          <a href={`/buero/lastschriften/${outcome.file}.xml`} download>
            Datei {outcome.file}.xml herunterladen
          </a>
        </>
      ) : null}
    </p>
  )
}

export function SepaDebitsPage({ page, onFilter }: { page: DebitsPage; onFilter: (filter: DebitFilter) => void }) {
  return (
    <section aria-labelledby="lastschriften-titel" className="office-debits">
      <h1 id="lastschriften-titel" className="page-title">
        Lastschriften
      </h1>
      <p>
        Für Buchungen mit SEPA-Lastschriftmandat: Kündigen Sie die fälligen Raten an (die E-Mail geht mindestens {PRE_NOTIFICATION_DAYS} Tage vor der Abbuchung
        hinaus), erstellen Sie dann die Datei für die Bank und markieren Sie sie als eingezogen, sobald die Gutschrift auf dem Kontoauszug steht.
      </p>
      <FilterForm filter={{ ...page.period, query: page.query }} problem={page.problem} onApply={onFilter} />
      <DueSection page={page} />
      <AnnouncedSection debits={page.announced} />
      <FilesSection files={page.exports} />
    </section>
  )
}

function FilterForm({ filter, problem, onApply }: { filter: DebitFilter; problem: DebitsPage['problem']; onApply: (filter: DebitFilter) => void }) {
  const form = useAppForm({
    defaultValues: filter,
    validators: {
      onSubmit: ({ value }) => {
        const found = periodProblem(value)
        return found ? { fields: { [found.field]: found.message } } : undefined
      },
    },
    onSubmit: ({ value }) => onApply({ ...value, query: value.query.trim() }),
  })
  // The address changed (a filter applied, Back, Forward): the form shows its filter again.
  const shown = `${filter.from}|${filter.till}|${filter.query}`
  const [formFor, setFormFor] = useState(shown)
  if (formFor !== shown) {
    setFormFor(shown)
    form.reset(filter)
  }
  const errors = problem ? { [problem.field]: problem.message } : {}
  return (
    <form className="office-filter" role="search" aria-label="Lastschriften filtern" noValidate {...appFormProps} onSubmit={submitTo(form)}>
      <ServerFieldErrorsContext value={{ errors, drop: () => {} }}>
        <form.AppForm>
          <form.AppField name="from">{(f) => <f.TextField id="zeitraum-von" type="date" label="Fällig ab" required />}</form.AppField>
          <form.AppField name="till">{(f) => <f.TextField id="zeitraum-bis" type="date" label="Fällig bis" required />}</form.AppField>
          <form.AppField name="query">{(f) => <f.TextField id="zeitraum-suche" label="Buchungsnummer oder Zahler" maxLength={70} />}</form.AppField>
          <div className="office-filter__actions">
            <form.SubmitButton size="normal" variant="primary">
              Anzeigen
            </form.SubmitButton>
            <Link to="/buero/lastschriften/" search={{}}>
              Filter zurücksetzen
            </Link>
          </div>
        </form.AppForm>
      </ServerFieldErrorsContext>
    </form>
  )
}

function DueSection({ page }: { page: DebitsPage }) {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const { busy, run } = useOneAtATime((error) => setOutcome({ kind: 'refused', message: officeFailureMessage(error) }))
  const withEmail = page.due.filter((d) => d.email)
  const announce = () =>
    run(async () => {
      setOutcome(null)
      const result = await announceOfficeDebits({ data: { from: page.period.from, till: page.period.till, paymentIds: withEmail.map((d) => d.paymentId) } })
      setOutcome(outcomeOf(result))
      await queryClient.invalidateQueries({ queryKey: ['office', 'debits'] })
    })
  return (
    <section aria-labelledby="faellig-titel">
      <h2 id="faellig-titel">Fällige Raten</h2>
      <p role="status" className="office-list__count">
        {page.problem ? '' : `${countOf(page.due.length, 'Rate', 'Raten')} fällig vom ${formatDate(page.period.from)} bis ${formatDate(page.period.till)}`}
      </p>
      {page.due.length ? (
        <div className="office-table" tabIndex={0} role="region" aria-labelledby="faellig-titel">
          <table>
            <thead>
              <tr>
                <th scope="col">Buchung</th>
                <th scope="col">Zahler</th>
                <th scope="col">Rate</th>
                <th scope="col">Betrag</th>
                <th scope="col">Fällig am</th>
                <th scope="col">Abbuchung am</th>
                <th scope="col">Mandatsreferenz</th>
                <th scope="col">Mandat vom</th>
              </tr>
            </thead>
            <tbody>
              {page.due.map((d) => (
                <tr key={d.paymentId}>
                  <th scope="row">
                    <BookingLink bookingNumber={d.bookingNumber} />
                  </th>
                  <td>
                    {d.debtor}
                    {d.email ? null : <span className="office-warning"> (keine E-Mail-Adresse)</span>}
                  </td>
                  <td>{PAYMENT_KIND_LABELS[d.kind]}</td>
                  <td className="office-table__amount">{formatPrice(d.amount)}</td>
                  <td>{formatDate(d.dueDate)}</td>
                  <td>{formatDate(d.debitDay)}</td>
                  <td>{d.mandateReference}</td>
                  <td>{formatDate(d.mandateDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : page.problem ? null : (
        <p>In diesem Zeitraum ist keine Rate per Lastschrift fällig, die noch anzukündigen wäre.</p>
      )}
      {withEmail.length ? (
        <>
          <p>
            Der Kunde erhält eine E-Mail mit Betrag, Abbuchungstag, Mandatsreferenz und unserer Gläubiger-Identifikationsnummer. Abgebucht wird frühestens{' '}
            {PRE_NOTIFICATION_DAYS} Tage später, an einem Bankarbeitstag.
            {withEmail.length < page.due.length ? ' Raten ohne E-Mail-Adresse kündigen Sie bitte per Brief an.' : ''}
          </p>
          <Button variant="primary" size="normal" busy={busy} onClick={announce}>
            {withEmail.length === 1 ? 'Vorabankündigung senden' : `${withEmail.length} Vorabankündigungen senden`}
          </Button>
        </>
      ) : null}
      <OutcomeLine outcome={outcome} />
    </section>
  )
}

function AnnouncedSection({ debits }: { debits: DebitView[] }) {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const { busy, run } = useOneAtATime((error) => setOutcome({ kind: 'refused', message: officeFailureMessage(error) }))
  const total = debits.reduce((sum, d) => sum + d.amount, 0)
  const makeFile = () =>
    run(async () => {
      setOutcome(null)
      const result = await exportOfficeDebits({ data: { debitIds: debits.map((d) => d.id) } })
      setOutcome(outcomeOf(result))
      await queryClient.invalidateQueries({ queryKey: ['office', 'debits'] })
    })
  return (
    <section aria-labelledby="angekuendigt-titel">
      <h2 id="angekuendigt-titel">Angekündigt, noch nicht in einer Datei</h2>
      {debits.length ? (
        <>
          <div className="office-table" tabIndex={0} role="region" aria-labelledby="angekuendigt-titel">
            <table>
              <thead>
                <tr>
                  <th scope="col">Buchung</th>
                  <th scope="col">Zahler</th>
                  <th scope="col">Betrag</th>
                  <th scope="col">Abbuchung am</th>
                  <th scope="col">Mandatsreferenz</th>
                  <th scope="col">Mandat vom</th>
                  <th scope="col">End-to-End-ID</th>
                </tr>
              </thead>
              <tbody>
                {debits.map((d) => (
                  <tr key={d.id}>
                    <th scope="row">
                      <BookingLink bookingNumber={d.bookingNumber} />
                    </th>
                    <td>{d.debtor}</td>
                    <td className="office-table__amount">{formatPrice(d.amount)}</td>
                    <td>{formatDate(d.collectionDate)}</td>
                    <td>{d.mandateReference}</td>
                    <td>{formatDate(d.mandateDate)}</td>
                    <td>{d.endToEndId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            Die Datei (pain.008.001.08, SEPA-Basislastschrift) enthält {countOf(debits.length, 'Lastschrift', 'Lastschriften')} über {formatPrice(total)}. Jede
            Lastschrift kommt nur in eine Datei; eine Datei laden Sie unten jederzeit unverändert erneut herunter.
          </p>
          <Button variant="primary" size="normal" busy={busy} onClick={makeFile}>
            Datei für die Bank erstellen
          </Button>
        </>
      ) : (
        <p>Keine angekündigte Lastschrift wartet auf eine Datei.</p>
      )}
      <OutcomeLine outcome={outcome} />
    </section>
  )
}

function FilesSection({ files }: { files: ExportView[] }) {
  // A file marked collected leaves the forms: what happened is said here, below them.
  const [outcome, setOutcome] = useState<Outcome>(null)
  return (
    <section aria-labelledby="dateien-titel">
      <h2 id="dateien-titel">Dateien für die Bank</h2>
      {files.length ? (
        <div className="office-table" tabIndex={0} role="region" aria-labelledby="dateien-titel">
          <table>
            <thead>
              <tr>
                <th scope="col">Datei</th>
                <th scope="col">Erstellt</th>
                <th scope="col">Lastschriften</th>
                <th scope="col">Summe</th>
                <th scope="col">Eingezogen</th>
              </tr>
            </thead>
            <tbody>
              {files.map((f) => (
                <tr key={f.id}>
                  <th scope="row">
                    <a href={`/buero/lastschriften/${f.messageId}.xml`} download>
                      {f.messageId}.xml
                    </a>
                  </th>
                  <td>{formatDateTime(new Date(f.createdAt))}</td>
                  <td>{f.debits}</td>
                  <td className="office-table__amount">{formatPrice(f.total)}</td>
                  <td>{f.collectedOn ? `am ${formatDate(f.collectedOn)}` : 'noch nicht'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Noch keine Datei erstellt.</p>
      )}
      {files
        .filter((f) => !f.collectedOn)
        .map((f) => (
          <CollectedForm key={f.id} file={f} onCollected={setOutcome} />
        ))}
      <OutcomeLine outcome={outcome} />
    </section>
  )
}

function CollectedForm({ file, onCollected }: { file: ExportView; onCollected: (outcome: Outcome) => void }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const fileDay = todayInBerlin(new Date(file.createdAt))
  /** A day before the file's first debit day that the office was told about and may send again. */
  const confirmedEarly = useRef<string | null>(null)
  const form = useAppForm({
    defaultValues: { collectedOn: todayInBerlin() },
    validators: {
      onSubmit: ({ value }) => {
        const problem = collectedDayProblem(value.collectedOn, fileDay, todayInBerlin())
        return problem ? { fields: { collectedOn: problem } } : undefined
      },
    },
    onSubmit: async ({ value }) => {
      setOutcome(null)
      // The bank credits a debit on its debit day: a day before it is most often the prefilled today.
      if (file.firstCollection && value.collectedOn < file.firstCollection && confirmedEarly.current !== value.collectedOn) {
        confirmedEarly.current = value.collectedOn
        setOutcome({
          kind: 'refused',
          field: 'collectedOn',
          message: `Die Lastschriften dieser Datei werden erst am ${formatDate(file.firstCollection)} eingezogen. Steht die Gutschrift wirklich schon am ${formatDate(value.collectedOn)} auf dem Kontoauszug? Dann klicken Sie bitte noch einmal auf „Als eingezogen markieren“.`,
        })
        return
      }
      confirmedEarly.current = null
      try {
        const result = await markOfficeDebitsCollected({ data: { exportId: file.id, collectedOn: value.collectedOn } })
        if (result.kind === 'done') onCollected(outcomeOf(result))
        else setOutcome(outcomeOf(result))
        await queryClient.invalidateQueries({ queryKey: ['office', 'debits'] })
        await queryClient.invalidateQueries({ queryKey: ['office', 'booking'] })
      } catch (error) {
        setOutcome({ kind: 'refused', message: officeFailureMessage(error) })
      }
    },
  })
  const errors = outcome?.kind === 'refused' && outcome.field ? { [outcome.field]: outcome.message } : {}
  return (
    <form className="office-change" noValidate onSubmit={submitTo(form)} aria-label={`Datei ${file.messageId} als eingezogen markieren`}>
      <h3>Datei {file.messageId} als eingezogen markieren</h3>
      <ServerFieldErrorsContext value={{ errors, drop: () => setOutcome(null) }}>
        <form.AppForm>
          <form.AppField name="collectedOn">
            {(f) => <f.TextField id={`${id}-tag`} type="date" label="Gutschrift am (laut Kontoauszug)" required />}
          </form.AppField>
          <form.SubmitButton size="normal" variant="secondary">
            Als eingezogen markieren
          </form.SubmitButton>
        </form.AppForm>
      </ServerFieldErrorsContext>
      <OutcomeLine outcome={outcome} />
    </form>
  )
}

const REASON_OPTIONS = RETURN_REASON_CODES.map((code) => ({ value: code, label: returnReasonText(code) }))

/** On a booking's page: a collected debit that the customer's bank took back, with the bank's reason. */
export function DebitReturnForm({ booking: b }: { booking: OfficeBooking }) {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const collected = b.debits.filter((d) => d.state === 'collected')
  const defaults: DebitReturnValues = { debitId: collected.length === 1 ? String(collected[0]?.id) : '', reason: 'AM04', bookedOn: todayInBerlin() }
  const form = useAppForm({
    defaultValues: defaults,
    validators: {
      onSubmit: ({ value }) => {
        const debit = collected.find((d) => String(d.id) === value.debitId)
        if (!debit) return { fields: { debitId: 'Bitte wählen Sie die Lastschrift.' } }
        const problem = returnDayProblem(value.bookedOn, debit.collectedOn ?? value.bookedOn, todayInBerlin())
        return problem ? { fields: { bookedOn: problem } } : undefined
      },
    },
    onSubmit: async ({ value, formApi }) => {
      setOutcome(null)
      try {
        const result = await recordOfficeDebitReturn({ data: { bookingNumber: b.bookingNumber, entry: value, seen: b.ledger.entries.length } })
        if (result.kind === 'done') formApi.reset()
        setOutcome(outcomeOf(result))
        if (result.kind !== 'refused') await queryClient.invalidateQueries({ queryKey: officeBookingQuery(b.bookingNumber).queryKey })
      } catch (error) {
        setOutcome({ kind: 'refused', message: officeFailureMessage(error) })
      }
    },
  })
  if (collected.length === 0 && !outcome) return null
  const errors = outcome?.kind === 'refused' && outcome.field ? { [outcome.field]: outcome.message } : {}
  const options = collected.map((d) => ({
    value: String(d.id),
    label: `${d.endToEndId}: ${formatPrice(d.amount)}, eingezogen am ${formatDate(d.collectedOn)}`,
  }))
  return (
    <form className="office-change" noValidate onSubmit={submitTo(form)} aria-label="Rücklastschrift erfassen">
      <h3>Rücklastschrift erfassen</h3>
      <p>Die Bank des Kunden hat eine Lastschrift zurückgegeben: Der Betrag geht aus den Eingängen heraus, die Rate ist wieder offen.</p>
      <ServerFieldErrorsContext value={{ errors, drop: () => setOutcome(null) }}>
        <form.AppForm>
          <form.AppField name="debitId">
            {(f) => <f.SelectField id="ruecklastschrift-lastschrift" label="Lastschrift" options={options} placeholder="Bitte wählen" required />}
          </form.AppField>
          <form.AppField name="reason">
            {(f) => <f.SelectField id="ruecklastschrift-grund" label="Grund laut Bank" options={REASON_OPTIONS} required />}
          </form.AppField>
          <form.AppField name="bookedOn">
            {(f) => <f.TextField id="ruecklastschrift-datum" type="date" label="Datum der Rückbuchung" required />}
          </form.AppField>
          <form.SubmitButton size="normal" variant="secondary">
            Rücklastschrift erfassen
          </form.SubmitButton>
        </form.AppForm>
      </ServerFieldErrorsContext>
      <OutcomeLine outcome={outcome} />
    </form>
  )
}
