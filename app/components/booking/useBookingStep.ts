// One booking step's form: the draft the server stored is the starting value, every change is
// saved to the server shortly after (so reload, Back and Forward keep every entry), and "Weiter"
// checks the step's rules, saves and goes on. Prices and holds always come from the server.
import { formOptions } from '@tanstack/react-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAppForm } from '~/components/forms/form-hook'
import { bookingDraftSchema } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import { STEP_ROUTES } from '~/lib/booking/route'
import { stepIssues } from '~/lib/booking/steps'
import { watchFrom } from '~/lib/watch'
import type { BookingStep } from '~/lib/booking/route'
import type { StepIssue } from '~/lib/booking/steps'
import { bookingQueries } from '~/queries/booking'
import { saveBooking } from '~/server/booking.functions'
import type { BookingSession, SaveBookingResult } from '~/server/booking.functions'

export const bookingFormOptions = formOptions({ defaultValues: bookingDraftSchema.parse({}) as BookingDraft })

/** 'allRooms.0.teilnehmer.1.firstname' → the form's field name 'allRooms[0].teilnehmer[1].firstname'. */
export function fieldName(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')
}

/** The id of a field's control, from its path: the error summary links to it. */
export function fieldId(path: string): string {
  return `buchung-${path.replace(/[^A-Za-z0-9]+/g, '-')}`
}

const AUTOSAVE_DELAY_MS = 600
const AUTOSAVE_PREFIX = 'Ihre letzte Änderung ist noch nicht gespeichert:'

type SaveQueue = { running: Promise<SaveBookingResult> | null; queued: BookingDraft | null }
const saveQueues = new Map<number, SaveQueue>()

/**
 * Saves a booking's drafts one after the other, across all four steps (a save a step asked for
 * as it was left must not reach the server after the next step's): a save asked for while one
 * runs waits, and of all that waited only the newest draft is sent.
 */
async function saveInOrder(tripDateId: number, draft: BookingDraft): Promise<SaveBookingResult> {
  let queue = saveQueues.get(tripDateId)
  if (!queue) {
    queue = { running: null, queued: null }
    saveQueues.set(tripDateId, queue)
  }
  if (queue.running) {
    queue.queued = draft
    await queue.running.catch(() => undefined)
    const next = queue.queued
    queue.queued = null
    // Another waiting save already sent a newer draft.
    if (next === null) return queue.running ?? saveInOrder(tripDateId, draft)
    return saveInOrder(tripDateId, next)
  }
  const request = saveBooking({ data: { tripDateId, draft } })
  queue.running = request
  try {
    return await request
  } finally {
    queue.running = null
  }
}

function useSaver(tripDateId: number, onResult: (result: SaveBookingResult) => void) {
  const [busy, setBusy] = useState(false)
  const save = useCallback(
    async (draft: BookingDraft): Promise<SaveBookingResult> => {
      setBusy(true)
      try {
        const result = await saveInOrder(tripDateId, draft)
        onResult(result)
        return result
      } finally {
        setBusy(false)
      }
    },
    [tripDateId, onResult],
  )
  return { save, busy }
}

export type StepMessage = { kind: 'error' | 'info'; text: string } | null

export function useBookingStep(tripDateId: number, step: BookingStep) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: session } = useSuspenseQuery(bookingQueries.session(tripDateId))
  const [message, setMessage] = useState<StepMessage>(null)
  const [issues, setIssues] = useState<StepIssue[]>([])
  // The form starts from the draft as it was when the step opened; later answers of the server
  // change prices and holds, never what the customer is typing.
  const [initial] = useState(session.draft)

  // Set once the form exists: a save's answer may have to take a lost seat out of it.
  const dropSeats = useRef<(seats: readonly string[]) => void>(() => {})

  const onResult = useCallback(
    (result: SaveBookingResult) => {
      const key = bookingQueries.session(tripDateId).queryKey
      if (result.kind === 'saved') {
        queryClient.setQueryData(key, result.session)
        setMessage((current) => (current?.kind === 'error' && current.text.startsWith(AUTOSAVE_PREFIX) ? null : current))
      } else if (result.kind === 'seat-conflict') {
        queryClient.setQueryData(key, (old: BookingSession | undefined) => (old ? { ...old, seatStates: result.seatStates } : old))
        // The seat goes out of the form, so the next save (everything else) is stored again.
        dropSeats.current(result.seats)
        setMessage({ kind: 'error', text: result.message })
      } else if (result.kind === 'invalid') {
        // Not stored: say so, or the customer would type on and lose it on the next reload. A
        // refused voucher is answered at the voucher field, which takes it out again.
        const issue = result.issues.find((i) => !i.path.startsWith('vouchers'))
        if (issue) setMessage({ kind: 'error', text: `${AUTOSAVE_PREFIX} ${issue.message}` })
      } else {
        setMessage({ kind: 'error', text: result.message })
      }
    },
    [queryClient, tripDateId],
  )
  const { save, busy } = useSaver(tripDateId, onResult)

  const form = useAppForm({
    ...bookingFormOptions,
    defaultValues: initial,
    onSubmit: async ({ value }) => {
      const problems = stepIssues(step, session.offer, value)
      setIssues(problems)
      if (problems.length) return
      const result = await save(value)
      if (result.kind === 'invalid') setIssues(result.issues)
      if (result.kind !== 'saved') return
      setMessage(null)
      if (step < 4) await navigate({ to: STEP_ROUTES[(step + 1) as BookingStep], params: { terminId: String(tripDateId) } })
    },
  })

  // Autosave: every change reaches the server shortly after the customer stops typing, and at once
  // when the step is left (Back, a progress link) or the page is hidden (reload, another tab).
  const flushAutosave = useRef<() => void>(() => {})
  // The values the step was rendered with, then the last ones seen: a change made before the
  // effect below listens (a choice React hands over while it hydrates the step) is saved too.
  const seen = useRef(form.state.values)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let pending: BookingDraft | null = null
    const flush = () => {
      clearTimeout(timer)
      if (pending) void save(pending)
      pending = null
    }
    flushAutosave.current = flush
    const unwatch = watchFrom(
      form.store,
      () => form.state.values,
      seen,
      (values) => {
        pending = values
        clearTimeout(timer)
        timer = setTimeout(flush, AUTOSAVE_DELAY_MS)
      },
    )
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
      unwatch()
    }
  }, [form, save])

  dropSeats.current = (seats) => {
    const lost = new Set(seats)
    form.state.values.allRooms.forEach((room, r) =>
      room.teilnehmer.forEach((p, t) => {
        if (p.seat && lost.has(p.seat)) form.setFieldValue(`allRooms[${r}].teilnehmer[${t}].seat`, null)
      }),
    )
  }

  /** Saves at once (a voucher) and answers with the server's verdict. */
  const saveNow = useCallback(() => save(form.state.values), [form, save])
  /**
   * Saves the change just made (a picked seat, a room) right after the browser has shown it, so
   * the request does not delay what the customer sees (INP). A step left before then sends it on
   * leaving, in order before the next step's saves.
   */
  const saveSoon = useCallback(() => requestAnimationFrame(() => setTimeout(() => flushAutosave.current(), 0)), [])

  /** The message of a field after "Weiter", by its path. */
  const issueOf = (path: string): string | undefined => issues.find((i) => i.path === path)?.message
  /** A field the customer changes no longer shows the message about its old value. */
  const dropIssue = useCallback((name: string) => setIssues((all) => all.filter((i) => fieldName(i.path) !== name)), [])

  return { form, session, message, setMessage, issues, issueOf, dropIssue, saveNow, saveSoon, busy }
}
