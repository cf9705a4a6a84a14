// Process-wide state of the forms and the newsletter: who the current request's client is (as a
// keyed hash), and the sweeper that forgets old attempts and dedupe keys and deletes newsletter
// sign-ups nobody confirmed.
import { config } from '../config.server'
import { requestClientAddress } from '../http/client-limits.server'
import { errorFields, log } from '../log.server'
import { getDb } from '../runtime.server'
import { clientKey, clientKeySecret, sweepFormLimits } from './form-limits.server'
import { sweepPendingSubscriptions } from './newsletter.server'

let secret: Promise<string> | undefined

function keySecret(): Promise<string> {
  secret ??= getDb().then(clientKeySecret)
  secret.catch(() => (secret = undefined))
  return secret
}

/** The current request's client: its address (see client-address.server.ts) as a keyed hash. */
export async function requestClientKey(): Promise<string> {
  return clientKey(await keySecret(), requestClientAddress())
}

const SWEEP_INTERVAL_MS = 5 * 60_000

export function startFormsSweeper(): () => void {
  const timer = setInterval(() => {
    getDb()
      .then(async (db) => {
        const limits = await sweepFormLimits(db)
        const pending = await sweepPendingSubscriptions(db, config().NEWSLETTER_PENDING_DAYS)
        if (limits.attempts || limits.dedupeKeys || pending) log('info', 'forms swept', { ...limits, unconfirmedSignUps: pending })
      })
      .catch((error: unknown) => log('error', 'forms sweep failed', errorFields(error)))
  }, SWEEP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
