// The process's one outbox worker: started with the server, kicked after a booking, stopped
// before the database closes. Attachments are made when a mail is delivered
// (./attachments.server.ts: the booking's PDF and calendar file, an invoice's PDF).
import type { MailAttachmentRef } from '../db/schema'
import { config } from '../config.server'
import { getDb } from '../runtime.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { siteInfo } from '../site.server'
import { resolveMailAttachment } from './attachments.server'
import { startOutboxWorker } from './outbox.server'
import type { OutboxWorker, ResolvedAttachment } from './outbox.server'

let worker: Promise<OutboxWorker> | undefined

async function resolveAttachment(ref: MailAttachmentRef): Promise<ResolvedAttachment> {
  return resolveMailAttachment(await getDb(), ref, { settings: await bookingSettings(), site: siteInfo(), siteUrl: config().SITE_URL })
}

export function startMailWorker(): void {
  worker ??= getDb().then((db) => startOutboxWorker({ db, smtpUrl: config().SMTP_URL, from: config().MAIL_FROM, resolveAttachment, bodyDays: config().MAIL_BODY_DAYS }))
}

/** Deliver soon (after a booking committed) rather than at the next poll. */
export function kickOutbox(): void {
  void worker?.then((w) => w.kick())
}

export async function stopMailWorker(): Promise<void> {
  if (worker) await (await worker).stop()
}
