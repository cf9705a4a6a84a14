// One booking step's part of the booking's one form (./BookingForm): the step's rules checked on
// "Weiter" (its validator: the step's issues from ../../lib/booking/steps, the same rules the
// server checks before it books), the save of everything typed, then the next step. The values
// live in the layout's form, so leaving a step keeps them.
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import type { BookingDraft } from '~/lib/booking/draft'
import { STEP_ROUTES } from '~/lib/booking/route'
import { openIssues, stepIssues } from '~/lib/booking/steps'
import type { Subscribable } from '~/lib/watch'
import type { BookingOffer } from '~/lib/booking/offer'
import type { BookingStep } from '~/lib/booking/route'
import type { StepIssue } from '~/lib/booking/steps'
import { useBookingForm } from './BookingForm'

/** 'allRooms.0.teilnehmer.1.firstname' → the form's field name 'allRooms[0].teilnehmer[1].firstname'. */
export function fieldName(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')
}

/** The id of a field's control, from its path: the error summary links to it. */
export function fieldId(path: string): string {
  return `buchung-${path.replace(/[^A-Za-z0-9]+/g, '-')}`
}

/**
 * The messages shown after "Weiter" follow what the customer changes: each goes as soon as its
 * field is put right, not only on the next "Weiter" (openIssues).
 */
export function useIssuesFollowChanges(
  store: Subscribable,
  step: BookingStep,
  offer: BookingOffer,
  values: () => BookingDraft,
  shown: boolean,
  setIssues: (update: (issues: StepIssue[]) => StepIssue[]) => void,
): void {
  useEffect(() => {
    if (!shown) return
    const subscription = store.subscribe(() =>
      setIssues((issues) => {
        const open = openIssues(issues, stepIssues(step, offer, values()))
        return open.length === issues.length && open.every((issue, i) => issue.message === issues[i]?.message) ? issues : open
      }),
    )
    return () => subscription.unsubscribe()
  }, [store, step, offer, values, shown, setIssues])
}

export function useBookingStep(step: BookingStep) {
  const booking = useBookingForm()
  const { form, session, saveNow, tripDateId } = booking
  const navigate = useNavigate()
  const [issues, setIssues] = useState<StepIssue[]>([])
  // The rules judge the entries with the server's mark of a phone booking (not an entry of the form).
  const phone = session.draft.telefon
  const values = useCallback(() => ({ ...form.state.values, telefon: phone }), [form, phone])
  useIssuesFollowChanges(form.store, step, session.offer, values, issues.length > 0, setIssues)
  const [submitting, setSubmitting] = useState(false)

  /** "Weiter": the step's rules, then the save of everything, then the next step. */
  const submit = async () => {
    const problems = stepIssues(step, session.offer, values())
    setIssues(problems)
    if (problems.length) return
    setSubmitting(true)
    try {
      const result = await saveNow()
      if (result.kind === 'invalid') setIssues(result.issues)
      if (result.kind !== 'saved') return
      booking.setMessage(null)
      if (step < 4) await navigate({ to: STEP_ROUTES[(step + 1) as BookingStep], params: { terminId: String(tripDateId) } })
    } finally {
      setSubmitting(false)
    }
  }

  /** The message of a field after "Weiter", by its path. */
  const issueOf = (path: string): string | undefined => issues.find((i) => i.path === path)?.message
  /** A field the customer changes no longer shows the message about its old value. */
  const dropIssue = useCallback((name: string) => setIssues((all) => all.filter((i) => fieldName(i.path) !== name)), [])

  return { ...booking, issues, issueOf, dropIssue, submit, submitting }
}
