// The operator calls a departure off (issue 26, item 5; § 651h Abs. 4 BGB): the office chooses the
// reason, sees what it does to how many bookings, and only then confirms. Too few travellers is a
// reason only while the minimum is missing and its deadline has not passed.
import { revalidateLogic } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import * as z from 'zod/mini'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { NOT_BOOKABLE } from '~/lib/bookable'
import { todayInBerlin } from '~/lib/calendar'
import { countOf, formatDate } from '~/lib/format'
import { DEPARTURE_CANCEL_REASONS, DEPARTURE_CANCEL_REASON_LABELS } from '~/lib/office/cancellation'
import type { DepartureCancelReason } from '~/lib/office/cancellation'
import { departureQuery } from '~/queries/office-departures'
import { cancelOfficeDeparture } from '~/server/office-departures.functions'
import type { DepartureView } from '~/server/office/departures.server'
import { ActionCheck, ActionOutcomeLine, officeFailureMessage, useFocusOnShow } from './ActionCheck'
import type { ActionOutcome } from './ActionCheck'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'

type Shown = { kind: 'check'; reason: DepartureCancelReason } | ActionOutcome | null

/** The reasons the office may give today. */
function reasonsFor(view: DepartureView): DepartureCancelReason[] {
  return DEPARTURE_CANCEL_REASONS.filter((r) => r !== 'minimum' || (view.minimum.kind === 'missing' && !view.minimum.overdue))
}

export function DepartureCancellation({ view }: { view: DepartureView }) {
  const queryClient = useQueryClient()
  const id = useId()
  const reasons = reasonsFor(view)
  const [shown, setShown] = useState<Shown>(null)
  const { busy, run } = useOneAtATime((error) => setShown({ kind: 'refused', message: officeFailureMessage(error) }))
  const { focusRef, sectionRef } = useFocusOnShow(shown)
  // No reason is chosen for the office: "unvermeidbare Umstände" is a claim with legal weight.
  const form = useAppForm({
    defaultValues: { reason: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: z.object({ reason: z.enum(reasons, 'Bitte wählen Sie den Grund der Absage.') }) },
    onSubmit: ({ value }) => setShown({ kind: 'check', reason: value.reason as DepartureCancelReason }),
  })
  const { facts, bookings } = view
  if (todayInBerlin() >= facts.dateFrom) return null
  const closed = bookings === 0 && facts.bookable === NOT_BOOKABLE
  const confirm = (chosen: DepartureCancelReason) =>
    run(async () => {
      const result = await cancelOfficeDeparture({ data: { id: facts.id, reason: chosen, expectedBookings: bookings } })
      setShown(
        result.kind === 'cancelled'
          ? {
              kind: 'done',
              message: `Der Termin ist abgesagt und im Shop geschlossen. ${countOf(result.bookings, 'Buchung ist', 'Buchungen sind')} kostenfrei storniert, ${result.mailed === 1 ? 'eine E-Mail geht an die buchende Person' : `${countOf(result.mailed, 'E-Mail geht', 'E-Mails gehen')} an die buchenden Personen`}.`,
            }
          : { kind: 'refused', message: result.message },
      )
      await queryClient.invalidateQueries({ queryKey: departureQuery(facts.id).queryKey })
    })

  return (
    <section aria-labelledby={`${id}-titel`} ref={sectionRef}>
      <h2 id={`${id}-titel`}>Termin absagen</h2>
      {shown?.kind === 'check' ? (
        <ActionCheck id={id} title="Absage prüfen" confirmLabel="Termin absagen" busy={busy} onConfirm={() => confirm(shown.reason)} onCancel={() => setShown(null)} focusRef={focusRef}>
          <dl className="office-facts">
            <dt>Grund</dt>
            <dd>{DEPARTURE_CANCEL_REASON_LABELS[shown.reason]}</dd>
            <dt>Betroffen</dt>
            <dd>
              {countOf(bookings, 'Buchung', 'Buchungen')} mit {countOf(view.counts.booked, 'Person', 'Personen')}
            </dd>
            <dt>Folgen</dt>
            <dd>
              Jede Buchung wird kostenfrei storniert, alles Gezahlte ist binnen 14 Tagen zu erstatten, jede buchende Person erhält eine E-Mail, und der Termin wird im Shop
              geschlossen.
            </dd>
          </dl>
        </ActionCheck>
      ) : closed ? (
        <p>Der Termin ist im Shop geschlossen und hat keine Buchungen.</p>
      ) : (
        <form className="office-change" noValidate aria-labelledby={`${id}-titel`} onSubmit={submitTo(form)}>
          <form.AppForm>
            <form.AppField name="reason">
              {(f) => (
                <f.RadioGroupField
                  id={`${id}-grund`}
                  label="Grund der Absage"
                  required
                  hint={reasons.includes('minimum') ? undefined : minimumNote(view)}
                  options={DEPARTURE_CANCEL_REASONS.map((r) => ({ value: r, label: DEPARTURE_CANCEL_REASON_LABELS[r], disabled: !reasons.includes(r) }))}
                />
              )}
            </form.AppField>
            <form.SubmitButton size="normal" variant="secondary">
              Absage prüfen
            </form.SubmitButton>
          </form.AppForm>
        </form>
      )}
      {shown?.kind === 'done' || shown?.kind === 'refused' ? <ActionOutcomeLine outcome={shown} focusRef={focusRef} /> : null}
    </section>
  )
}

/** Why too few travellers is no reason today. */
function minimumNote({ minimum }: DepartureView): string {
  if (minimum.kind === 'missing' && minimum.overdue && minimum.deadline)
    return `Wegen zu weniger Teilnehmer lässt sich nicht mehr absagen: Die Frist ist am ${formatDate(minimum.deadline)} abgelaufen.`
  if (minimum.kind === 'none') return 'Für diese Reise ist keine Mindestteilnehmerzahl vereinbart.'
  return 'Die Mindestteilnehmerzahl ist erreicht oder die Abfahrt garantiert.'
}
