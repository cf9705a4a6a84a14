// The one form of a booking (issue 23; the wizard model of ../shared/STYLE.md): made once in the
// booking layout from the draft the loader read, so that leaving a step, Back and Forward never
// throw away what was typed; the four steps are `withForm` parts of it. The layout opens the draft
// by a POST when the page is really shown (a hover or preload only reads), and one save queue
// (./save-queue) sends every change, naming the revision it was made on.
import { formOptions } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { useAppForm } from '~/components/forms/form-hook'
import { bookingDraftSchema } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import { watchFrom } from '~/lib/watch'
import { bookingQueries } from '~/queries/booking'
import { openBooking, saveBooking } from '~/server/booking.functions'
import type { BookingSession, BookingView, SaveBookingResult } from '~/server/booking.functions'
import { afterLeavingSave, SaveQueue } from './save-queue'

const AUTOSAVE_PREFIX = 'Ihre letzte Änderung ist noch nicht gespeichert:'

/** A save sent as the page is left: the browser sends it even after the page is gone. */
const keepaliveFetch: typeof fetch = (input, init) => fetch(input, { ...init, keepalive: true })

export const bookingFormOptions = formOptions({ defaultValues: bookingDraftSchema.parse({}) as BookingDraft })

/** The message of a step (a refused save, a seat taken), shown above its fields. */
export type StepMessage = { kind: 'error' | 'info'; text: string } | null

function useBookingFormApi(draft: BookingDraft) {
  return useAppForm({ ...bookingFormOptions, defaultValues: draft })
}

export type BookingFormApi = ReturnType<typeof useBookingFormApi>

export type BookingFormContextValue = {
  tripDateId: number
  form: BookingFormApi
  session: BookingSession
  /** The message of the last save (a seat taken, a refused entry), shown by the current step. */
  message: StepMessage
  /** Seats the last save could not hold (taken meanwhile, or over the client's limit) and why: the seat plan says it where they were tapped. */
  seatRefusal: SeatRefusal | null
  setMessage: (message: StepMessage) => void
  /** Sends what is not saved yet and waits for the server's answer (a voucher, "Weiter"). */
  saveNow: () => Promise<SaveBookingResult>
  /** Saves the change just made right after the browser has shown it (a picked seat: INP). */
  saveSoon: () => void
  /** A save is under way. */
  busy: boolean
  /** The server's newer draft (a booking refused as based on an older revision): merged into the form. */
  rebase: (session: BookingSession) => void
  /** The booking was made: nothing of it is kept or sent any more. */
  booked: () => void
}

export type SeatRefusal = { seats: readonly string[]; message: string }

const BookingFormContext = createContext<BookingFormContextValue | null>(null)

export function useBookingForm(): BookingFormContextValue {
  const value = useContext(BookingFormContext)
  if (!value) throw new Error('useBookingForm outside the booking layout')
  return value
}

const draftView = (session: BookingSession): BookingView => ({ kind: 'draft', session })

/** Takes the seats someone else holds out of the draft; everything else stays. */
function withoutSeats(draft: BookingDraft, seats: readonly string[]): BookingDraft {
  const lost = new Set(seats)
  return {
    ...draft,
    allRooms: draft.allRooms.map((room) => ({
      ...room,
      teilnehmer: room.teilnehmer.map((p) => (p.seat && lost.has(p.seat) ? { ...p, seat: null } : p)),
    })),
  }
}

export function BookingFormProvider({
  tripDateId,
  session,
  phone = false,
  children,
}: {
  tripDateId: number
  session: BookingSession
  /** The office opens the booking for a caller (`?telefon=1`). */
  phone?: boolean
  children: ReactNode
}) {
  const queryClient = useQueryClient()
  // The draft the form started from: what the loader read (stored, or a new one not yet made).
  const [shown] = useState(session.draft)
  const form = useBookingFormApi(shown)
  const [message, setMessage] = useState<StepMessage>(null)
  const [seatRefusal, setSeatRefusal] = useState<SeatRefusal | null>(null)
  const [saving, setSaving] = useState(0)

  const [queue] = useState(() => {
    const viewKey = bookingQueries.view(tripDateId).queryKey
    const setSession = (next: BookingSession) => queryClient.setQueryData(viewKey, draftView(next))
    return new SaveQueue({
      tripDateId,
      storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
      values: () => form.state.values,
      setValues: (draft) => {
        for (const key of ['allRooms', 'bookingServices', 'vouchers', 'payment'] as const) {
          if (JSON.stringify(draft[key]) !== JSON.stringify(form.state.values[key])) form.setFieldValue(key, draft[key])
        }
      },
      send: async (draft, revision, keepalive) => {
        if (keepalive) return saveBooking({ data: { tripDateId, draft, revision }, fetch: keepaliveFetch })
        setSaving((n) => n + 1)
        try {
          return await saveBooking({ data: { tripDateId, draft, revision } })
        } finally {
          setSaving((n) => n - 1)
        }
      },
      onChangedElsewhere: () =>
        setMessage({
          kind: 'info',
          text: 'Ihre Angaben wurden inzwischen in einem anderen Fenster geändert. Wir haben diese Änderungen übernommen; bitte prüfen Sie Ihre Angaben.',
        }),
      onResult: (result) => {
        if (result.kind !== 'seat-conflict') setSeatRefusal(null)
        if (result.kind === 'saved' || result.kind === 'stale') {
          setSession(result.session)
          if (result.kind === 'saved') {
            setMessage((current) => (current?.kind === 'error' && current.text.startsWith(AUTOSAVE_PREFIX) ? null : current))
          }
        } else if (result.kind === 'seat-conflict') {
          queryClient.setQueryData(viewKey, (old: BookingView | undefined) =>
            old?.kind === 'draft' ? { ...old, session: { ...old.session, seatStates: result.seatStates } } : old,
          )
          // The seat goes out of the form, so the next save (everything else) is stored again.
          const values = form.state.values
          const next = withoutSeats(values, result.seats)
          for (const [r, room] of next.allRooms.entries()) {
            for (const [t, p] of room.teilnehmer.entries()) {
              if (p.seat !== values.allRooms[r]?.teilnehmer[t]?.seat) form.setFieldValue(`allRooms[${r}].teilnehmer[${t}].seat`, p.seat)
            }
          }
          setMessage({ kind: 'error', text: result.message })
          setSeatRefusal({ seats: result.seats, message: result.message })
        } else if (result.kind === 'invalid') {
          // Not stored: say so, or the customer would type on and lose it on the next reload. A
          // refused voucher is answered at the voucher field, which takes it out again.
          const issue = result.issues.find((i) => !i.path.startsWith('vouchers'))
          if (issue) setMessage({ kind: 'error', text: `${AUTOSAVE_PREFIX} ${issue.message}` })
        } else {
          setMessage({ kind: 'error', text: result.message })
        }
      },
    })
  })

  // Opening the page: the draft is made (or refreshed) now, after a save a page of this booking
  // sent as it was left has arrived.
  useEffect(() => {
    let live = true
    queue.restore()
    void afterLeavingSave(tripDateId)
      .then(() => openBooking({ data: { tripDateId, ...(phone ? { phone } : {}) } }))
      .then((result) => {
        if (!live) return
        if (result.kind === 'opened') {
          queryClient.setQueryData(bookingQueries.view(tripDateId).queryKey, draftView(result.session))
          queue.opened(result.session, shown)
        } else {
          queue.failed(result.message)
          setMessage({ kind: 'error', text: result.message })
        }
      })
      .catch(() => {
        const text = 'Ihre Buchung konnte nicht geöffnet werden. Bitte laden Sie die Seite neu.'
        queue.failed(text)
        if (live) setMessage({ kind: 'error', text })
      })
    return () => {
      live = false
    }
  }, [queryClient, queue, shown, tripDateId, phone])

  // Autosave: every change is saved once the customer pauses; what is pending goes out at once
  // when the page is hidden (reload, another tab, closing) or the booking is left.
  const [seen] = useState(() => ({ current: form.state.values }))
  useEffect(() => {
    const unwatch = watchFrom(form.store, () => form.state.values, seen, () => queue.changed())
    const leave = () => queue.leave()
    window.addEventListener('pagehide', leave)
    return () => {
      window.removeEventListener('pagehide', leave)
      unwatch()
      queue.stop()
    }
  }, [form, queue, seen])

  // Stable functions: a step's effect that saves on leaving must not run again on every answer.
  const [actions] = useState(() => ({
    saveNow: () => queue.flush(),
    saveSoon: () => void requestAnimationFrame(() => setTimeout(() => void queue.flush(), 0)),
    rebase: (next: BookingSession) => {
      queryClient.setQueryData(bookingQueries.view(tripDateId).queryKey, draftView(next))
      queue.rebase(next)
    },
    booked: () => queue.booked(),
  }))
  const value = useMemo<BookingFormContextValue>(
    () => ({ tripDateId, form, session, message, setMessage, seatRefusal, busy: saving > 0, ...actions }),
    [tripDateId, form, session, message, seatRefusal, saving, actions],
  )
  return <BookingFormContext value={value}>{children}</BookingFormContext>
}
