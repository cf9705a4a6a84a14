// The mail outbox (DESIGN 7a): every mail the site sends is first a row written in the same
// transaction as what caused it, then delivered over SMTP by one worker with retries and backoff,
// so a mail server that is down delays mails but never loses one.
import { and, asc, eq, inArray, isNull, lt, lte } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { SendMailOptions } from 'nodemailer'
import * as z from 'zod/mini'
import type { Database } from '../db/database.server'
import { mailOutbox } from '../db/schema'
import type { MailAttachmentRef } from '../db/schema'
import { errorFields, log } from '../log.server'

export type OutboxMail = {
  /** The From header when it is not MAIL_FROM: 'Name <address>' or an address (checked like `to`). */
  from?: string
  to: string | readonly string[]
  cc?: string | readonly string[]
  bcc?: string | readonly string[]
  subject: string
  text: string
  html: string
  /** Extra headers such as List-Unsubscribe; the names are fixed by the code. */
  headers?: Record<string, string>
  /** Made when the mail is delivered, so the outbox row stays small and the PDF current. */
  attachments?: MailAttachmentRef[]
  /** The booking the mail is about. */
  bookingId?: number
}

export type ResolvedAttachment = { filename: string; content: Buffer | Uint8Array; contentType: string }
export type AttachmentResolver = (ref: MailAttachmentRef) => Promise<ResolvedAttachment>

/** What deliverDue needs of a nodemailer transporter; tests and the worker pass a real one. */
export type MailTransport = { sendMail(mail: SendMailOptions): Promise<unknown> }

// C0 and C1 controls (CR, LF, TAB, NEL …), DEL and the Unicode line and paragraph separators: none
// belongs in a header value, and CR/LF would start a new header.
const HEADER_BREAKERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g
// RFC 5322 field names: printable ASCII without the colon.
const HEADER_NAME = /^[\x21-\x39\x3b-\x7e]+$/
const emailSchema = z.email()

/** A value that can go into a mail header: control characters become one space. */
export function headerValue(value: string): string {
  return value.replace(HEADER_BREAKERS, ' ').replace(/ {2,}/g, ' ').trim()
}

/**
 * Whether the outbox takes the address: ASCII only (see docs/DECISIONS.md on internationalised
 * addresses). Callers that send on their own, such as the scheduled notices, ask before enqueueing.
 */
export function isMailAddress(address: string): boolean {
  return emailSchema.safeParse(headerValue(address)).success
}

function addressList(field: string, value: string | readonly string[] | undefined): string {
  const list = (typeof value === 'string' ? [value] : (value ?? [])).map(headerValue)
  for (const address of list) {
    // Callers validate what a user typed and show a German message; reaching this is a bug.
    if (!emailSchema.safeParse(address).success) throw new Error(`enqueueMail: invalid address in ${field}`)
  }
  return list.join(', ')
}

/** 'Name <address>' or 'address', with the name cleaned of control characters and the address checked. */
export function senderValue(value: string): string {
  const clean = headerValue(value)
  const named = /^(.*?)\s*<([^<>\s]+)>$/.exec(clean)
  const address = named ? (named[2] ?? '') : clean
  if (!emailSchema.safeParse(address).success) throw new Error('enqueueMail: invalid address in from')
  // A name with quotes or angle brackets could be read as a second address; it is dropped to its words.
  const name = (named?.[1] ?? '').replace(/["<>,;:\\]/g, ' ').replace(/ {2,}/g, ' ').trim()
  return name ? `"${name}" <${address}>` : address
}

function cleanHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) throw new Error('enqueueMail: invalid header name')
    out[name] = headerValue(value)
  }
  return out
}

/**
 * Writes a mail into the outbox. Pass the transaction of what caused the mail, so that both are
 * stored or neither is. Returns the outbox id.
 */
export async function enqueueMail(db: Pick<Database, 'insert'>, mail: OutboxMail): Promise<number> {
  const to = addressList('to', mail.to)
  if (to === '') throw new Error('enqueueMail: no recipient')
  const [row] = await db
    .insert(mailOutbox)
    .values({
      sender: mail.from === undefined ? '' : senderValue(mail.from),
      to,
      cc: addressList('cc', mail.cc),
      bcc: addressList('bcc', mail.bcc),
      subject: headerValue(mail.subject),
      text: mail.text,
      html: mail.html,
      headers: cleanHeaders(mail.headers ?? {}),
      attachments: mail.attachments ?? [],
      bookingId: mail.bookingId ?? null,
      // The worker compares with its own clock in whole milliseconds; the database's now() has
      // microseconds and could make a new mail look due only after the next poll.
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('enqueueMail: insert returned no row')
  return row.id
}

const RETRY_BASE_MS = 30_000
const RETRY_MAX_MS = 60 * 60_000
/** How long a claimed mail is hidden from other instances: longer than one SMTP send can take. */
const LEASE_MS = 5 * 60_000
/**
 * Decision: a mail is never given up. A booking confirmation carries the payment details and the
 * legal documents, and the usual cause of a long failure (a wrong SMTP_URL or password, an
 * outage) is fixed some day, when every waiting mail should go out by itself rather than need
 * someone to put it back by hand. So it stays 'pending' and is retried at most hourly; once it has
 * waited longer than this, every failed attempt is logged at error level so that someone looks.
 * The price: a mailbox that really does not exist costs one attempt an hour until a person sets
 * the row to 'failed' (the status is kept for exactly that).
 */
const OVERDUE_MS = 3 * 24 * 60 * 60_000

/** Delay before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min … at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS)
}

// Only the error's code and the SMTP status are kept: a server's response text and the error
// message may quote the recipient's address.
function shortError(stage: 'attachment' | 'send', error: unknown): string {
  if (!(error instanceof Error)) return `${stage} failed`
  const code = 'code' in error && typeof error.code === 'string' ? error.code : error.name
  const status = 'responseCode' in error && typeof error.responseCode === 'number' ? ` ${error.responseCode}` : ''
  return `${stage} failed: ${code}${status}`.slice(0, 200)
}

export type DeliverOptions = {
  /** The From header, e.g. 'Sonnenland Reisen <info@sonnenland-reisen.example>' (MAIL_FROM). */
  from: string
  resolveAttachment: AttachmentResolver
  /** The clock for tests; by default the current time at each step. */
  now?: Date
  /** At most this many mails per call. */
  batch?: number
}

export type DeliveryReport = { sent: number; failed: number }

type OutboxRow = typeof mailOutbox.$inferSelect

/**
 * Claims the next due mail by moving its next attempt a lease into the future. SKIP LOCKED lets
 * several app instances on one PostgreSQL claim different rows; the lease keeps a claimed row from
 * being claimed again while it is sent, and makes it due again if this instance dies meanwhile
 * (then it is sent once more: delivery is at least once, never lost).
 */
async function claimNext(db: Database, now: Date): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning()
  return row
}

function messageDomain(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
}

/** Sends one claimed mail; returns null, or the short error to keep. */
async function send(row: OutboxRow, transporter: MailTransport, options: DeliverOptions): Promise<string | null> {
  let attachments: ResolvedAttachment[]
  try {
    attachments = await Promise.all(row.attachments.map(options.resolveAttachment))
  } catch (error) {
    return shortError('attachment', error)
  }
  try {
    await transporter.sendMail({
      from: row.sender || options.from,
      to: row.to,
      cc: row.cc || undefined,
      bcc: row.bcc || undefined,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      headers: row.headers,
      attachments: attachments.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
      // The same id on every attempt lets mail clients fold a copy sent twice (see the lease).
      messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${messageDomain(options.from)}>`,
    })
    return null
  } catch (error) {
    return shortError('send', error)
  }
}

/** Sends the due mails one by one; a failure only delays that mail. */
export async function deliverDue(db: Database, transporter: MailTransport, options: DeliverOptions): Promise<DeliveryReport> {
  const clock = () => options.now ?? new Date()
  const batch = options.batch ?? 20
  const report: DeliveryReport = { sent: 0, failed: 0 }
  for (let i = 0; i < batch; i++) {
    const row = await claimNext(db, clock())
    if (!row) break
    const attempts = row.attempts + 1
    const lastError = await send(row, transporter, options)
    if (lastError === null) {
      await db.update(mailOutbox).set({ status: 'sent', sentAt: clock(), attempts, lastError: null }).where(eq(mailOutbox.id, row.id))
      log('info', 'mail sent', { mailId: row.id, attempts })
      report.sent++
      continue
    }
    const failedAt = clock()
    await db
      .update(mailOutbox)
      .set({ attempts, lastError, nextAttemptAt: new Date(failedAt.getTime() + retryDelayMs(attempts)) })
      .where(eq(mailOutbox.id, row.id))
    const overdue = failedAt.getTime() - row.createdAt.getTime() > OVERDUE_MS
    log(overdue ? 'error' : 'info', overdue ? 'mail undelivered for more than 3 days' : 'mail delivery failed, will retry', {
      mailId: row.id,
      attempts,
      error: lastError,
    })
    report.failed++
  }
  return report
}

const DAY_MS = 24 * 60 * 60_000

/**
 * Data minimisation (Art. 5 (1) c GDPR): a delivered mail's body (text, HTML and the extra headers,
 * which hold unsubscribe tokens) is deleted `days` after delivery; names, addresses and booking
 * details live on only in the records they came from. The row stays as the record of what was
 * sent to whom and when: recipients, subject, times, attempts, the attachments' references.
 * Returns how many bodies were deleted.
 */
export async function deleteDeliveredBodies(db: Database, days: number, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .update(mailOutbox)
    .set({ text: '', html: null, headers: {}, bodyDeletedAt: now })
    .where(and(eq(mailOutbox.status, 'sent'), isNull(mailOutbox.bodyDeletedAt), lt(mailOutbox.sentAt, new Date(now.getTime() - days * DAY_MS))))
    .returning({ id: mailOutbox.id })
  return deleted.length
}

/** The SMTP transport for SMTP_URL (smtp:// or smtps://, with user and password in the URL). */
export function smtpTransport(smtpUrl: string) {
  // Short timeouts: a mail server that does not answer should cost one retry, not block the worker.
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 })
}

export type OutboxWorkerOptions = {
  db: Database
  /** smtp:// or smtps:// (SMTP_URL); undefined keeps every mail in the outbox. */
  smtpUrl: string | undefined
  from: string
  resolveAttachment: AttachmentResolver
  /** MAIL_BODY_DAYS: a delivered mail's body is deleted this many days after delivery. */
  bodyDays: number
  intervalMs?: number
  batch?: number
  /** How often delivered bodies are looked for (hourly). */
  retentionIntervalMs?: number
}

export type OutboxWorker = {
  /** Deliver soon, e.g. right after a booking committed, rather than at the next poll. */
  kick(): void
  /** Stops polling and waits for a delivery under way; call it before closing the database. */
  stop(): Promise<void>
}

/** Polls the outbox and delivers due mails; never two deliveries at once in this process. */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, smtpUrl, from, resolveAttachment, bodyDays, intervalMs = 5000, batch = 20, retentionIntervalMs = 60 * 60_000 } = options
  if (!smtpUrl) {
    log('info', 'SMTP_URL is not set: mails are kept in the outbox')
    return {
      kick: () => log('info', 'mail kept in the outbox (no SMTP_URL)'),
      stop: async () => {},
    }
  }

  const transporter = smtpTransport(smtpUrl)
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  const run = (): void => {
    if (stopped) return
    if (running) {
      // A mail written during this run may have been missed by its claims: look once more after it.
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        const report = await deliverDue(db, transporter, { from, resolveAttachment, batch })
        // A full batch means more may be due now.
        if (report.sent + report.failed === batch) again = true
      } while (again && !stopped)
    })()
      .catch((error: unknown) => log('error', 'mail outbox delivery failed', errorFields(error)))
      .finally(() => {
        running = null
      })
  }

  const timer = setInterval(run, intervalMs)
  timer.unref()
  // Without SMTP nothing is ever delivered, so only this branch has bodies to delete.
  const retention = setInterval(() => {
    deleteDeliveredBodies(db, bodyDays).then(
      (deleted) => deleted > 0 && log('info', 'mail bodies deleted', { deleted, days: bodyDays }),
      (error: unknown) => log('error', 'mail body deletion failed', errorFields(error)),
    )
  }, retentionIntervalMs)
  retention.unref()
  log('info', 'mail outbox worker started', { intervalMs })

  return {
    kick: run,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      clearInterval(retention)
      await running
      transporter.close()
    },
  }
}
