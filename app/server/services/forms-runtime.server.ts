// Process-wide state of the forms and the newsletter: who the current request's client is (as a
// keyed hash), the answer to a submission, and the sweeper that forgets old attempts and dedupe
// keys and deletes newsletter sign-ups nobody confirmed.
import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { config } from '../config.server'
import { requestClientAddress } from '../http/client-limits.server'
import { errorFields, log } from '../log.server'
import { kickOutbox } from '../mail/worker-runtime.server'
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

/** What a form or the newsletter sign-up answers the browser. */
export type FormAnswer = { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string> }

type Submission =
  | { ok: true; message: string; mailed: boolean }
  | { ok: false; status: 400 | 429; message: string; errors: Record<string, string>; retryAfterSeconds?: number }

/** The answer to a stored submission (its mail goes out now) or a refused one (its status, and Retry-After when limited). */
export function answerSubmission(result: Submission): FormAnswer {
  if (result.ok) {
    if (result.mailed) kickOutbox()
    return { ok: true, message: result.message }
  }
  setResponseStatus(result.status)
  if (result.retryAfterSeconds !== undefined) setResponseHeader('Retry-After', String(result.retryAfterSeconds))
  return { ok: false, message: result.message, errors: result.errors }
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
