// The one save queue of a booking (issue 23): every change of the booking's one form is sent to the
// server shortly after it was made, one save at a time, each naming the draft's revision it was
// made on. A save refused as based on an older revision (another tab saved, or a save sent as a
// page was left arrived late) is answered with the current draft: what the customer changed since
// is merged onto it and saved again on top of the fresh revision. What is not yet saved when the
// page is hidden or left goes out with `keepalive` and is kept in sessionStorage, so that a reload
// puts it back even when that request arrives after the reloaded page has read the draft.
import type { BookingDraft } from '~/lib/booking/draft'
import { mergeDraft, sameEntries } from '~/lib/booking/merge'
import type { BookingSession, SaveBookingResult } from '~/server/booking.functions'

const AUTOSAVE_DELAY_MS = 600

/** The draft the server confirmed last to this page, with its revision. */
type Base = { revision: number; draft: BookingDraft }

/** What a page left unsaved when it was hidden, for the next page of the same booking in this tab. */
type Unsaved = { base: BookingDraft; values: BookingDraft }

export type SaveQueueOptions = {
  tripDateId: number
  /** Sends one save; `keepalive` as the page is left (its answer is not awaited). */
  send: (draft: BookingDraft, revision: number, keepalive: boolean) => Promise<SaveBookingResult>
  /** The form's values now. */
  values: () => BookingDraft
  /** Puts values into the form (a merge after a refused save, seats someone else took). */
  setValues: (draft: BookingDraft) => void
  /** A save found the draft changed in another tab or window, and the form took those changes in. */
  onChangedElsewhere?: () => void
  /** Every answer of the server, for prices, holds and messages. */
  onResult: (result: SaveBookingResult) => void
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
}

const storageKey = (tripDateId: number) => `buchung-ungespeichert-${tripDateId}`

/** A save a page of this booking still sends (as it is left): the next page opens after it. */
const leaving = new Map<number, Promise<unknown>>()

export function afterLeavingSave(tripDateId: number): Promise<unknown> {
  return leaving.get(tripDateId) ?? Promise.resolve()
}

export class SaveQueue {
  private base: Base | null = null
  private running: Promise<void> | null = null
  private timer: ReturnType<typeof setTimeout> | undefined
  /** Values the server refused (invalid): not sent again until the customer changes something. */
  private refused: BookingDraft | null = null
  /** The latest answer, for "Weiter" and the voucher button. */
  private last: SaveBookingResult | null = null
  private stopped = false
  /** Settles once the draft was opened (or could not be): saves wait for it. */
  private readonly ready: Promise<void>
  private markReady: () => void = () => {}

  constructor(private readonly options: SaveQueueOptions) {
    this.ready = new Promise((resolve) => {
      this.markReady = resolve
    })
  }

  /** The draft could not be opened: saves asked for answer at once. */
  failed(message: string): void {
    this.last = { kind: 'gone', message }
    this.markReady()
  }

  /**
   * The page opens: what the page before it in this tab left unsaved (a reload, Back into the
   * booking) is put back into the form at once, before the draft is opened.
   */
  restore(): void {
    const unsaved = this.takeUnsaved()
    if (!unsaved) return
    const mine = this.options.values()
    const merged = mergeDraft(unsaved.base, unsaved.values, mine)
    if (!sameEntries(merged, mine)) this.options.setValues(merged)
  }

  /** The draft was opened (made or refreshed): from now on saves go out on top of its revision. */
  opened(session: BookingSession, shownDraft: BookingDraft): void {
    if (session.revision === null) return
    const unsaved = this.takeUnsaved()
    const mine = this.options.values()
    // What was typed before the draft was opened, or left unsaved by the page before a reload,
    // goes onto the opened draft.
    let merged = mergeDraft(shownDraft, mine, session.draft)
    if (unsaved) merged = mergeDraft(unsaved.base, unsaved.values, merged)
    this.base = { revision: session.revision, draft: session.draft }
    this.last = { kind: 'saved', session }
    if (!sameEntries(merged, mine)) this.options.setValues(merged)
    this.markReady()
    if (!sameEntries(merged, session.draft)) void this.flush()
  }

  /** A newer draft from the server (the answer of a booking refused as based on an older revision). */
  rebase(session: BookingSession): void {
    if (session.revision === null || this.base === null) return
    const merged = mergeDraft(this.base.draft, this.options.values(), session.draft)
    this.base = { revision: session.revision, draft: session.draft }
    if (!sameEntries(merged, this.options.values())) this.options.setValues(merged)
    if (!sameEntries(merged, session.draft)) void this.flush()
  }

  /** The revision the server confirmed last to this page; null before the draft was opened. */
  revision(): number | null {
    return this.base?.revision ?? null
  }

  /** A change was made: saved once the customer pauses. */
  changed(): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.flush(), AUTOSAVE_DELAY_MS)
  }

  /** Whether the form holds entries the server has not confirmed yet. */
  pending(): boolean {
    const values = this.options.values()
    return this.base !== null && values !== this.refused && !sameEntries(values, this.base.draft)
  }

  /**
   * Sends what is not saved yet and waits until the server confirmed the form's values (or refused
   * them); answers the latest result.
   */
  async flush(): Promise<SaveBookingResult> {
    clearTimeout(this.timer)
    await this.ready
    if (!this.running) {
      this.running = this.run().finally(() => {
        this.running = null
      })
    }
    // A change made while a save is under way is sent by the same run, in the next round.
    await this.running
    return this.last ?? { kind: 'gone', message: 'Ihre Buchung konnte nicht geöffnet werden. Bitte laden Sie die Seite neu.' }
  }

  private async run(): Promise<void> {
    // Several rounds at most: each sends the values as they are then; a refused revision merges.
    for (let round = 0; round < 8 && !this.stopped; round++) {
      if (!this.base || !this.pending()) return
      const sent = this.options.values()
      let result: SaveBookingResult
      try {
        result = await this.options.send(sent, this.base.revision, false)
      } catch {
        result = { kind: 'gone', message: 'Ihre letzte Änderung konnte nicht gespeichert werden. Bitte prüfen Sie Ihre Verbindung; wir versuchen es bei der nächsten Eingabe erneut.' }
        this.last = result
        this.options.onResult(result)
        return
      }
      this.last = result
      this.options.onResult(result)
      switch (result.kind) {
        case 'saved':
          if (result.session.revision !== null) this.base = { revision: result.session.revision, draft: sent }
          this.refused = null
          break
        case 'stale': {
          const theirs = result.session
          if (theirs.revision === null) return
          const merged = mergeDraft(this.base.draft, this.options.values(), theirs.draft)
          this.base = { revision: theirs.revision, draft: theirs.draft }
          if (!sameEntries(merged, this.options.values())) {
            this.options.setValues(merged)
            this.options.onChangedElsewhere?.()
          }
          break
        }
        case 'seat-conflict':
          // The caller takes the lost seats out of the form; everything else is saved again.
          break
        case 'invalid':
          this.refused = sent
          return
        default:
          // Gone or over the client's limit: said on the page; the next change tries again.
          this.refused = sent
          return
      }
    }
  }

  /** The page is hidden or left: what is not saved goes out now and is kept for a reload of this tab. */
  leave(): void {
    clearTimeout(this.timer)
    if (!this.base || !this.pending()) return
    const values = this.options.values()
    try {
      this.options.storage?.setItem(storageKey(this.options.tripDateId), JSON.stringify({ base: this.base.draft, values } satisfies Unsaved))
    } catch {
      // Storage full or off: the keepalive save below still goes out.
    }
    const request = this.options.send(values, this.base.revision, true).catch(() => null)
    leaving.set(this.options.tripDateId, request)
    void request.finally(() => {
      if (leaving.get(this.options.tripDateId) === request) leaving.delete(this.options.tripDateId)
    })
  }

  /** The layout goes (the customer left the booking inside the site): the rest is sent as on leaving. */
  stop(): void {
    this.leave()
  }

  /** The booking was made: nothing of it is kept in this tab. */
  booked(): void {
    this.stopped = true
    clearTimeout(this.timer)
    this.options.storage?.removeItem(storageKey(this.options.tripDateId))
  }

  private takeUnsaved(): Unsaved | null {
    const storage = this.options.storage
    const raw = storage?.getItem(storageKey(this.options.tripDateId))
    if (!raw) return null
    storage?.removeItem(storageKey(this.options.tripDateId))
    try {
      const parsed = JSON.parse(raw) as Unsaved
      return parsed && typeof parsed === 'object' && parsed.base && parsed.values ? parsed : null
    } catch {
      return null
    }
  }
}
