// Process-wide booking state: the settings (read once), and the sweeper that deletes expired
// drafts with their personal data and lapsed seat holds every minute.
import { config } from '../../config.server'
import { errorFields, log } from '../../log.server'
import { getDb } from '../../runtime.server'
import { readBookingSettings } from './settings.server'
import type { BookingSettings } from './settings.server'
import { sweepExpired } from './drafts.server'

let settings: Promise<BookingSettings> | undefined

export function bookingSettings(): Promise<BookingSettings> {
  settings ??= getDb().then((db) => readBookingSettings(db, config()))
  settings.catch(() => (settings = undefined))
  return settings
}

const SWEEP_INTERVAL_MS = 60_000

export function startBookingSweeper(): () => void {
  const timer = setInterval(() => {
    Promise.all([getDb(), bookingSettings()])
      .then(([db, current]) => sweepExpired(db, new Date(), current.holdMaxMinutes))
      .then((swept) => {
        if (swept.drafts || swept.holds) log('info', 'booking drafts swept', swept)
      })
      .catch((error: unknown) => log('error', 'booking sweep failed', errorFields(error)))
  }, SWEEP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
