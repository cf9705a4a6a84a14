// The outbox against a real SMTP server on loopback (smtp-server), mails read back with mailparser:
// nothing of nodemailer is mocked.
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import type { ParsedMail } from 'mailparser'
import postgres from 'postgres'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BankDetails, BookingSummary } from '~/lib/booking/summary'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { bookingConfirmationMail } from '~/server/booking/confirmation-mail.server'
import { renderConfirmationPdf } from '~/server/booking/confirmation-pdf.server'
import { openDatabase } from '~/server/db/client.server'
import type { OpenedDatabase } from '~/server/db/client.server'
import { mailOutbox } from '~/server/db/schema'
import { deleteDeliveredBodies, deliverDue, enqueueMail, smtpTransport, startOutboxWorker } from '~/server/mail/outbox.server'
import type { AttachmentResolver } from '~/server/mail/outbox.server'

const FROM = 'Sonnenland Reisen <info@sonnenland-reisen.example>'
const CUSTOMER = 'kunde@example.com'
const site = DEFAULT_SITE_INFO
const bank: BankDetails = {
  accountHolder: 'Sonnenland Reisen GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank Bielefeld',
  creditorId: 'DE98ZZZ09999999999',
}
const EURO = 1_000_000

const summary: BookingSummary = {
  bookingNumber: '7K4P-9XQ2',
  createdAt: '2027-03-04T10:15:00.000Z',
  trip: { id: 1, dateId: 2, title: 'Frühling am Gardasee', dateFrom: '2027-05-10', dateTill: '2027-05-16', durationDays: 7, transport: 'bus' },
  terms: null,
  contents: null,
  insurances: [],
  agency: null,
  booker: {
    firstname: 'Jürgen',
    lastname: 'Müller',
    street: 'Am Weißen Stein',
    street_nr: '12a',
    zip: '33602',
    city: 'Bielefeld',
    email: CUSTOMER,
    tel: '0521 9',
  },
  rooms: [
    { type: 'EZ', travellers: [{ name: 'Jürgen Müller', seat: '3A', boarding: { kind: 'point' as const, name: 'Bielefeld Hauptbahnhof', address: 'Am Hauptbahnhof 1, 33602 Bielefeld', departureTime: '06:15' }, mobility: 'keine' }] },
  ],
  lines: [
    {
      kind: 'travel',
      label: 'Reisepreis (Einzelzimmer)',
      traveller: 'Jürgen Müller',
      quantity: 1,
      unitPrice: 899 * EURO,
      amount: 899 * EURO,
    },
  ],
  gesamtpreis: 899 * EURO,
  payments: [{ kind: 'full', amount: 899 * EURO, dueDate: '2027-03-11', paid: false, paymentUrl: 'https://reisen.example/payment/x/' }],
  paymentMethod: 'ueberweisung',
  mandateReference: null,
  successUrl: 'https://reisen.example/buchung/bestaetigung/7K4P-9XQ2/?sig=abc',
}

const resolveAttachment: AttachmentResolver = async (ref) => ({
  filename: `Buchungsbestaetigung-${summary.bookingNumber}-${ref.bookingId}.pdf`,
  content: await renderConfirmationPdf(summary, site, bank),
  contentType: 'application/pdf',
})

// --- a real SMTP server on loopback ---

type Received = { parsed: ParsedMail; raw: string; rcptTo: string[] }
type TestSmtp = { port: number; url: string; received: Received[]; waitFor: (count: number) => Promise<void>; close: () => Promise<void> }

async function startSmtp(port = 0): Promise<TestSmtp> {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onRcptTo(address, _session, callback) {
      // A mailbox that does not exist, to see what the outbox keeps of a rejection.
      if (address.address.startsWith('unbekannt')) callback(new Error(`No such user here: ${address.address}`))
      else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw).then(
          (parsed) => {
            received.push({ parsed, raw: raw.toString('utf8'), rcptTo: session.envelope.rcptTo.map((a) => a.address) })
            callback()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  server.listen(port, '127.0.0.1')
  await once(server.server, 'listening')
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port')
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    waitFor: async (count) => {
      const until = Date.now() + 15_000
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, received ${received.length}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A loopback port nothing listens on: taken from the OS, then released. */
async function freePort(): Promise<number> {
  const probe = createServer()
  probe.listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return address.port
}

// --- a database that can be closed and opened again from the same place ---

// Like tests/support/db.ts, but the data folder is kept so that the restart test can reopen it.
const dataDir = mkdtempSync(join(tmpdir(), 'reisen-outbox-'))
const openAgain = () => openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, seed: false })
let opened: OpenedDatabase
const db = () => opened.db

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} })
    await admin.unsafe('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;')
    await admin.end()
  }
  opened = await openAgain()
})
afterAll(async () => {
  await opened?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const servers: TestSmtp[] = []
async function smtp(port?: number): Promise<TestSmtp> {
  const server = await startSmtp(port)
  servers.push(server)
  return server
}
beforeEach(async () => {
  await db().delete(mailOutbox)
})
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
  vi.restoreAllMocks()
})

async function outboxRow(id: number) {
  const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id))
  if (!row) throw new Error(`outbox row ${id} is gone`)
  return row
}

function confirmationMail(bookingId: number) {
  return {
    to: CUSTOMER,
    ...bookingConfirmationMail(summary, site, bank),
    attachments: [{ kind: 'booking-confirmation' as const, bookingId }],
  }
}

describe('enqueueMail', () => {
  it('is written in the transaction of what caused it, and gone when that rolls back', async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, { to: CUSTOMER, subject: 'Test', text: 'Text', html: '<p>Text</p>' })
        throw new Error('the booking failed')
      }),
    ).rejects.toThrow('the booking failed')
    expect(await db().select().from(mailOutbox)).toHaveLength(0)
  })

  it('refuses an address that is not one, even one that carries a header', async () => {
    for (const to of ['kein-at-zeichen', `${CUSTOMER}\r\nBcc: evil@example.com`, '']) {
      await expect(enqueueMail(db(), { to, subject: 'x', text: 'x', html: 'x' })).rejects.toThrow(/enqueueMail/)
    }
    await expect(enqueueMail(db(), { to: CUSTOMER, bcc: ['ok@example.com', 'nope'], subject: 'x', text: 'x', html: 'x' })).rejects.toThrow(
      /bcc/,
    )
    await expect(enqueueMail(db(), { to: CUSTOMER, subject: 'x', text: 'x', html: 'x', headers: { 'X-Bad\r\nBcc': 'x' } })).rejects.toThrow(
      /header name/,
    )
    expect(await db().select().from(mailOutbox)).toHaveLength(0)
  })
})

describe('deliverDue', () => {
  it('delivers a booking confirmation with text, HTML and the PDF attached', async () => {
    const server = await smtp()
    const id = await enqueueMail(db(), confirmationMail(42))
    const report = await deliverDue(db(), smtpTransport(server.url), { from: FROM, resolveAttachment })
    expect(report).toEqual({ sent: 1, failed: 0 })
    await server.waitFor(1)

    const mail = server.received[0]
    expect(mail?.rcptTo).toEqual([CUSTOMER])
    expect(mail?.parsed.subject).toBe('Ihre Buchung 7K4P-9XQ2: Frühling am Gardasee')
    expect(mail?.parsed.from?.text).toContain('info@sonnenland-reisen.example')
    expect(mail?.parsed.text).toContain('Guten Tag Jürgen Müller,')
    expect(mail?.parsed.text).toContain('Reisepreis (Einzelzimmer)')
    expect(mail?.parsed.html).toContain('Reisepreis (Einzelzimmer)')
    expect(mail?.parsed.html).toMatch(/<h1[^>]*>Buchungsbestätigung 7K4P-9XQ2<\/h1>/)
    expect(mail?.parsed.messageId).toMatch(new RegExp(`^<outbox-${id}-\\d+@sonnenland-reisen\\.example>$`))
    expect(mail?.parsed.attachments).toHaveLength(1)
    const pdf = mail?.parsed.attachments[0]
    expect(pdf?.filename).toBe('Buchungsbestaetigung-7K4P-9XQ2-42.pdf')
    expect(pdf?.contentType).toBe('application/pdf')
    expect(pdf?.content.subarray(0, 4).toString('latin1')).toBe('%PDF')

    const row = await outboxRow(id)
    expect(row.status).toBe('sent')
    expect(row.sentAt).toBeInstanceOf(Date)
    expect(row.attempts).toBe(1)
    expect(row.lastError).toBeNull()
    // Sent is sent: another run finds nothing to do.
    expect(await deliverDue(db(), smtpTransport(server.url), { from: FROM, resolveAttachment })).toEqual({ sent: 0, failed: 0 })
  })

  it('never lets CR/LF in a subject or header value become a header', async () => {
    const server = await smtp()
    const id = await enqueueMail(db(), {
      to: CUSTOMER,
      subject: 'Hallo\r\nBcc: evil@example.com\r\nX-Injected: ja',
      text: 'Text',
      html: '<p>Text</p>',
      headers: { 'X-Booking': '7K4P\r\nX-Evil: 1\n\nbody' },
    })
    expect((await outboxRow(id)).subject).toBe('Hallo Bcc: evil@example.com X-Injected: ja')
    await deliverDue(db(), smtpTransport(server.url), { from: FROM, resolveAttachment })
    await server.waitFor(1)

    const mail = server.received[0]
    const headerBlock = mail?.raw.split(/\r\n\r\n/)[0] ?? ''
    expect(mail?.rcptTo).toEqual([CUSTOMER])
    expect(mail?.parsed.subject).toBe('Hallo Bcc: evil@example.com X-Injected: ja')
    expect(mail?.parsed.headers.get('x-booking')).toBe('7K4P X-Evil: 1 body')
    for (const name of ['bcc', 'x-injected', 'x-evil']) expect(mail?.parsed.headers.has(name)).toBe(false)
    expect(headerBlock).not.toMatch(/^(Bcc|X-Injected|X-Evil):/im)
  })

  it('keeps a mail pending while the server is down, backing off, with no personal data kept or logged', async () => {
    const logged = [vi.spyOn(console, 'log').mockImplementation(() => {}), vi.spyOn(console, 'error').mockImplementation(() => {})]
    const down = smtpTransport(`smtp://127.0.0.1:${await freePort()}`)
    const id = await enqueueMail(db(), confirmationMail(7))
    const start = (await outboxRow(id)).nextAttemptAt.getTime()

    const first = new Date(start + 1000)
    expect(await deliverDue(db(), down, { from: FROM, resolveAttachment, now: first })).toEqual({ sent: 0, failed: 1 })
    let row = await outboxRow(id)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null })
    expect(row.lastError).toMatch(/^send failed: E[A-Z]+/)
    expect(row.nextAttemptAt.getTime()).toBe(first.getTime() + 30_000)

    // Not due yet: nothing is tried.
    expect(await deliverDue(db(), down, { from: FROM, resolveAttachment, now: new Date(first.getTime() + 29_000) })).toEqual({
      sent: 0,
      failed: 0,
    })

    const second = new Date(first.getTime() + 30_000)
    await deliverDue(db(), down, { from: FROM, resolveAttachment, now: second })
    row = await outboxRow(id)
    expect(row).toMatchObject({ status: 'pending', attempts: 2 })
    expect(row.nextAttemptAt.getTime()).toBe(second.getTime() + 60_000)

    const output = logged.flatMap((spy) => spy.mock.calls.flat()).join('\n')
    expect(output).toContain('mail delivery failed, will retry')
    expect(output).not.toContain(CUSTOMER)
    expect(output).not.toContain('Gardasee')
  })

  it('keeps only the code of a rejection, not the address the server quoted', async () => {
    const server = await smtp()
    const id = await enqueueMail(db(), { to: 'unbekannt@example.com', subject: 'x', text: 'x', html: 'x' })
    await deliverDue(db(), smtpTransport(server.url), { from: FROM, resolveAttachment })
    const row = await outboxRow(id)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'send failed: EENVELOPE 550' })
  })

  it('treats an attachment that cannot be made like a failed send', async () => {
    const server = await smtp()
    const id = await enqueueMail(db(), confirmationMail(9))
    const broken: AttachmentResolver = async () => {
      throw new Error('booking 9 not found')
    }
    expect(await deliverDue(db(), smtpTransport(server.url), { from: FROM, resolveAttachment: broken })).toEqual({ sent: 0, failed: 1 })
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'attachment failed: Error' })
    expect(server.received).toHaveLength(0)
  })

  it('sends each mail once when two deliveries run at the same time', async () => {
    const server = await smtp()
    const ids: number[] = []
    for (let i = 0; i < 6; i++)
      ids.push(await enqueueMail(db(), { to: CUSTOMER, subject: `Mail ${i}`, text: `Text ${i}`, html: `<p>${i}</p>` }))
    const options = { from: FROM, resolveAttachment, batch: 6 }
    // On PostgreSQL the second delivery runs as a second app instance would, with its own pool.
    const other = opened.driver === 'postgres' ? await openAgain() : null
    try {
      const reports = await Promise.all([
        deliverDue(db(), smtpTransport(server.url), options),
        deliverDue(other?.db ?? db(), smtpTransport(server.url), options),
      ])
      expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(6)
    } finally {
      await other?.close()
    }
    await server.waitFor(6)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(server.received.map((m) => m.parsed.subject).sort()).toEqual(ids.map((_, i) => `Mail ${i}`))
    const rows = await db().select({ status: mailOutbox.status, attempts: mailOutbox.attempts }).from(mailOutbox)
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
  })
})

describe('startOutboxWorker', () => {
  it('keeps the outbox across a restart while the server is down, then delivers exactly once', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const port = await freePort()
    const url = `smtp://127.0.0.1:${port}`
    const id = await enqueueMail(db(), confirmationMail(11))
    await deliverDue(db(), smtpTransport(url), { from: FROM, resolveAttachment })
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 1 })

    await opened.close()
    opened = await openAgain()
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 1 })
    // As if the backoff had passed while the app was down.
    await db()
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 minute'` })

    const server = await smtp(port)
    const worker = startOutboxWorker({ db: db(), smtpUrl: url, from: FROM, resolveAttachment, bodyDays: 30, intervalMs: 25 })
    try {
      worker.kick()
      worker.kick()
      await server.waitFor(1)
      // Polls and kicks go on; the mail must not come again.
      worker.kick()
      await new Promise((resolve) => setTimeout(resolve, 300))
    } finally {
      await worker.stop()
    }
    expect(server.received).toHaveLength(1)
    expect(server.received[0]?.parsed.attachments[0]?.content.subarray(0, 4).toString('latin1')).toBe('%PDF')
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('without SMTP_URL keeps every mail in the outbox and says so', async () => {
    const info = vi.spyOn(console, 'log').mockImplementation(() => {})
    const id = await enqueueMail(db(), confirmationMail(12))
    const worker = startOutboxWorker({ db: db(), smtpUrl: undefined, from: FROM, resolveAttachment, bodyDays: 30, intervalMs: 10 })
    worker.kick()
    await new Promise((resolve) => setTimeout(resolve, 50))
    await worker.stop()
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 0 })
    const output = info.mock.calls.flat().join('\n')
    expect(output).toContain('mails are kept in the outbox')
    expect(output).toContain('mail kept in the outbox')
    expect(output).not.toContain(CUSTOMER)
  })
})

describe('deleteDeliveredBodies', () => {
  it('deletes a delivered mail’s body the given days after delivery and keeps the row as the record; waiting mails keep theirs', async () => {
    const server = await smtp()
    const deliveredAt = new Date('2027-03-04T10:00:00Z')
    const sent = await enqueueMail(db(), { ...confirmationMail(21), headers: { 'List-Unsubscribe': '<https://reisen.example/newsletter/abmelden/x/>' } })
    expect(await deliverDue(db(), smtpTransport(server.url), { from: FROM, resolveAttachment, now: deliveredAt })).toEqual({ sent: 1, failed: 0 })
    const waiting = await enqueueMail(db(), confirmationMail(22))
    const day = 24 * 60 * 60_000

    expect(await deleteDeliveredBodies(db(), 30, new Date(deliveredAt.getTime() + 30 * day - 1000))).toBe(0)
    expect((await outboxRow(sent)).text).toContain('Jürgen Müller')

    const later = new Date(deliveredAt.getTime() + 30 * day + 1000)
    expect(await deleteDeliveredBodies(db(), 30, later)).toBe(1)
    const record = await outboxRow(sent)
    expect(record).toMatchObject({ status: 'sent', to: CUSTOMER, text: '', html: null, headers: {}, attempts: 1, bodyDeletedAt: later, sentAt: deliveredAt })
    expect(record.subject).not.toBe('')
    expect(record.attachments).toEqual([{ kind: 'booking-confirmation', bookingId: 21 }])
    expect((await outboxRow(waiting)).text).toContain('Jürgen Müller')
    // Once is enough.
    expect(await deleteDeliveredBodies(db(), 30, new Date(later.getTime() + day))).toBe(0)
  })

  it('is run by the outbox worker', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const server = await smtp()
    const id = await enqueueMail(db(), confirmationMail(23))
    expect(await deliverDue(db(), smtpTransport(server.url), { from: FROM, resolveAttachment })).toEqual({ sent: 1, failed: 0 })
    // As if it had been delivered three days ago.
    await db()
      .update(mailOutbox)
      .set({ sentAt: new Date(Date.now() - 3 * 24 * 60 * 60_000) })
      .where(eq(mailOutbox.id, id))
    const worker = startOutboxWorker({ db: db(), smtpUrl: server.url, from: FROM, resolveAttachment, bodyDays: 2, intervalMs: 1000, retentionIntervalMs: 20 })
    try {
      await vi.waitFor(async () => expect((await outboxRow(id)).bodyDeletedAt).toBeInstanceOf(Date), { timeout: 10_000 })
    } finally {
      await worker.stop()
    }
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', text: '', html: null })
  })
})
