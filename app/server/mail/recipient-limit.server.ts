// Mails that anybody can ask for on a stranger's behalf (a customer account's registration, sign-in
// link, new password or new address; the office's "Passwort vergessen"): at most
// ACCOUNT_MAILS_PER_HOUR to one mailbox (mailboxOf: name+tag@ is name@) in an hour, whoever asks.
// The page answers the same either way; what is held back is logged without the address.
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { MAILBOX_TAG_PATTERN, mailboxOf } from '~/lib/mailbox'
import { SlidingWindowLimiter } from '../http/client-limits.server'
import { log } from '../log.server'

/** Mails one mailbox receives from the account and office sign-in pages in an hour, whoever asks. */
export const ACCOUNT_MAILS_PER_HOUR = 5

const recipientLimit = new SlidingWindowLimiter({ limit: ACCOUNT_MAILS_PER_HOUR, windowMs: 60 * 60_000 })

/** Counts a mail to `email`'s mailbox; false when the mailbox had its share this hour (then send nothing). */
export function takeRecipientBudget(email: string, kind: string): boolean {
  const key = createHash('sha256').update(mailboxOf(email)).digest('base64url')
  if (recipientLimit.take(key).ok) return true
  log('info', 'account mail held back', { kind, reason: 'recipient limit' })
  return false
}

/** mailboxOf in SQL, for caps counted from stored rows. */
export function mailboxSql(email: SQL): SQL {
  return sql`regexp_replace(lower(btrim(${email})), ${MAILBOX_TAG_PATTERN}, '@')`
}
