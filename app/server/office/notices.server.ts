// The notices the scheduled job sends (issue 26, item 4): which are due on a day, and sending each
// once. A notice is a row of `booking_notices` written in the transaction that puts its mail in the
// outbox; the row's key (booking, kind, subject) makes a second one impossible, however many
// instances scan at the same time or how often. Cancelling an unpaid booking stays the office's
// decision: `unpaidAfterSecondNotice` is its list.
import { and, asc, eq, or, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { PAYMENT_KIND_LABELS, paymentInstructions } from '~/lib/booking/summary'
import type { BankDetails, BookingSummary, PaymentKind } from '~/lib/booking/summary'
import { travelDocuments, travelDocumentsTitle } from '~/lib/booking/travel-documents'
import { addDays } from '~/lib/calendar'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import { owedAmount } from '~/lib/office/ledger'
import { departureSubject, instalmentSubject, noticeLimits } from '~/lib/office/notices'
import type { NoticeDays, NoticeKind } from '~/lib/office/notices'
import type { SiteInfo } from '~/lib/site'
import type { Database } from '../db/database.server'
import { queryRows } from '../db/query.server'
import { PAYMENT_KINDS, bookingNotices, bookings, payments } from '../db/schema'
import { enqueueBookingMail } from '../booking/recipients.server'
import { errorFields, log } from '../log.server'
import { isMailAddress } from '../mail/outbox.server'
import type { OutboxMail } from '../mail/outbox.server'
import { renderMail } from '../mail/template.server'
import { audit } from './audit.server'
import { customerName } from './booking-list.server'

/** A notice due on the day: for a booking, about an instalment (with what of it is open) or its departure. */
export type DueNotice = {
  bookingId: number
  bookingNumber: string
  kind: NoticeKind
  subject: string
  /**
   * The instalment's kind, day and open part, and for the rest of a cancellation fee the number of
   * its Stornorechnung; null for the travel documents.
   */
  instalment: { kind: PaymentKind; dueDate: string; open: number; invoiceNumber: string | null } | null
}

/** The open part of an instalment: what the money in leaves of it, covering instalments in due order. */
const openPart = sql<number>`least(p.amount, greatest(0, (
  select sum(p2.amount) from payments p2
  where p2.booking_id = b.id and p2.status <> 'cancelled' and (p2.due_date, p2.id) <= (p.due_date, p.id)
) - b.paid_amount))::bigint`

const instalmentRow = z.object({
  booking_id: z.coerce.number(),
  booking_number: z.string(),
  kind: z.enum(['payment_reminder', 'overdue_notice', 'second_notice']),
  payment_id: z.coerce.number(),
  payment_kind: z.enum(PAYMENT_KINDS),
  due_date: z.string(),
  open: z.coerce.number(),
  invoice_number: z.nullable(z.string()),
})
const departureRow = z.object({ booking_id: z.coerce.number(), booking_number: z.string(), trip_date_id: z.coerce.number() })

/** The notices due on `today`, oldest subject first; at most `limit` (the next run takes the rest). */
export async function dueNotices(db: Database, today: string, days: NoticeDays, limit = 500): Promise<DueNotice[]> {
  const l = noticeLimits(today, days)
  const sent = (kind: NoticeKind, subject: ReturnType<typeof sql>) =>
    sql`exists (select 1 from booking_notices n where n.booking_id = b.id and n.kind = ${kind} and n.subject = ${subject})`
  const rate = sql`'rate:' || p.id`
  const instalments = await queryRows(
    db,
    sql`
    select * from (
      select b.id as booking_id, b.booking_number, k.kind, p.id as payment_id, p.kind as payment_kind, p.due_date::text as due_date, ${openPart} as open,
        case when p.kind = 'fee' then (select i.number from invoices i where i.booking_id = b.id and i.kind = 'cancellation' order by i.version desc limit 1) end as invoice_number
      from payments p
      join bookings b on b.id = p.booking_id
      cross join lateral (
        select 'payment_reminder' as kind
        where p.due_date between ${l.remindFrom} and ${l.remindTo}
          -- Not for an instalment its document named just now: the confirmation, or for a fee the Stornorechnung.
          and ((case when p.kind = 'fee' then p.created_at else b.created_at end) at time zone 'Europe/Berlin')::date < p.due_date - ${days.reminderBefore}::int
          and not ${sent('payment_reminder', rate)}
        union all
        select 'overdue_notice' where p.due_date <= ${l.overdueDueBy} and not ${sent('overdue_notice', rate)}
        union all
        select 'second_notice' where p.due_date <= ${l.secondDueBy} and not ${sent('second_notice', rate)}
          and exists (select 1 from booking_notices n where n.booking_id = b.id and n.kind = 'overdue_notice' and n.subject = ${rate} and n.sent_on <= ${l.secondFirstBy})
      ) k
      -- By transfer only: a debit is the office's to collect (Lastschriften), a notice would confuse.
      -- A cancelled booking owes only the rest of its fee.
      where (b.status = 'received' or p.kind = 'fee') and b.payment_method = 'ueberweisung' and p.status = 'open' and p.amount > 0
    ) due
    where due.open > 0
    order by due.due_date, due.payment_id, due.kind
    limit ${limit}`,
    instalmentRow,
  )
  const departures = await queryRows(
    db,
    sql`
    select b.id as booking_id, b.booking_number, b.trip_date_id
    from bookings b
    join trip_dates td on td.id = b.trip_date_id
    where b.status = 'received' and b.payment_state = 'paid'
      and td.date_from between ${addDays(today, 1)} and ${l.documentsBy}
      and not ${sent('travel_documents', sql`'termin:' || b.trip_date_id`)}
    order by td.date_from, b.id
    limit ${limit}`,
    departureRow,
  )
  return [
    ...instalments.map((r) => ({
      bookingId: r.booking_id,
      bookingNumber: r.booking_number,
      kind: r.kind,
      subject: instalmentSubject(r.payment_id),
      instalment: { kind: r.payment_kind, dueDate: r.due_date, open: r.open, invoiceNumber: r.invoice_number },
    })),
    ...departures.map((r) => ({
      bookingId: r.booking_id,
      bookingNumber: r.booking_number,
      kind: 'travel_documents' as const,
      subject: departureSubject(r.trip_date_id),
      instalment: null,
    })),
  ]
}

/** The day the travel documents for the booking's present departure were sent, or null (not yet, or it moved since). */
export async function travelDocumentsSentOn(db: Database, bookingId: number): Promise<string | null> {
  const [row] = await db
    .select({ sentOn: bookingNotices.sentOn })
    .from(bookingNotices)
    .innerJoin(bookings, eq(bookings.id, bookingNotices.bookingId))
    .where(
      and(
        eq(bookingNotices.bookingId, bookingId),
        eq(bookingNotices.kind, 'travel_documents'),
        eq(bookingNotices.subject, sql`'termin:' || ${bookings.tripDateId}`),
      ),
    )
  return row?.sentOn ?? null
}

export type NoticeContext = {
  today: string
  days: NoticeDays
  site: SiteInfo
  bank: BankDetails
  /** The booking as its customer's documents show it (null: gone meanwhile). */
  summaryOf: (bookingNumber: string) => Promise<BookingSummary | null>
}

const greeting = (s: BookingSummary) => `Guten Tag ${`${s.booker.firstname} ${s.booker.lastname}`.trim()},`

/** The amount and the operator's account with the booking number as reference (notices go to payers by transfer). */
const transferTable = (s: BookingSummary, amount: number, bank: BankDetails): [string, string][] => [
  ['Betrag', formatPrice(amount)],
  ...paymentInstructions({ ...s, paymentMethod: 'ueberweisung' }, bank).rows,
]

type PaymentNoticeKind = Exclude<NoticeKind, 'travel_documents'>
type NoticeTexts = Record<PaymentNoticeKind, { subject: string; heading: string; paragraphs: string[] }>
type Instalment = NonNullable<DueNotice['instalment']>

/** The notices about an instalment of the trip's price. */
function tripTexts(s: BookingSummary, i: Instalment, trip: string, payBy: string): NoticeTexts {
  const what = `${PAYMENT_KIND_LABELS[i.kind]} von ${formatPrice(i.open)}`
  const link = s.payments.find((p) => p.kind === i.kind)?.paymentUrl
  const online = link ? [`Die Zahlungsdaten mit GiroCode finden Sie auch hier; dort können Sie uns stattdessen ein SEPA-Lastschriftmandat erteilen: ${link}`] : []
  return {
    payment_reminder: {
      subject: `Erinnerung: ${PAYMENT_KIND_LABELS[i.kind]} für Ihre Buchung ${s.bookingNumber} fällig am ${formatDate(i.dueDate)}`,
      heading: 'Ihre Zahlung wird bald fällig',
      paragraphs: [greeting(s), `für Ihre Reise ${trip} (Buchung ${s.bookingNumber}) wird am ${formatDate(i.dueDate)} die ${what} fällig. Bitte überweisen Sie den Betrag bis dahin.`, ...online, 'Haben Sie schon überwiesen? Dann ist alles in Ordnung.'],
    },
    overdue_notice: {
      subject: `Zahlungserinnerung für Ihre Buchung ${s.bookingNumber}`,
      heading: 'Zahlungserinnerung',
      paragraphs: [
        greeting(s),
        `für Ihre Reise ${trip} (Buchung ${s.bookingNumber}) war am ${formatDate(i.dueDate)} die ${what} fällig. Bei uns ist sie noch nicht eingegangen. Bitte überweisen Sie den Betrag bis zum ${payBy}.`,
        ...online,
        'Haben Sie in den letzten Tagen schon überwiesen? Dann ist alles in Ordnung, und Sie können diese E-Mail als gegenstandslos betrachten.',
      ],
    },
    second_notice: {
      subject: `Zweite Mahnung für Ihre Buchung ${s.bookingNumber}`,
      heading: 'Zweite Mahnung',
      paragraphs: [
        greeting(s),
        `trotz unserer Erinnerung ist die ${what} für Ihre Reise ${trip} (Buchung ${s.bookingNumber}), fällig am ${formatDate(i.dueDate)}, nicht bei uns eingegangen. Bitte überweisen Sie den Betrag bis spätestens ${payBy}.`,
        'Geht die Zahlung bis dahin nicht ein, können wir nach unseren Reisebedingungen vom Reisevertrag zurücktreten und eine Entschädigung nach der Stornostaffel verlangen. Das möchten wir gern vermeiden: Rufen Sie uns an, wenn wir Ihnen helfen können.',
        ...online,
      ],
    },
  }
}

/**
 * The notices about the rest of a cancellation fee: the trip no longer takes place, so there is no
 * contract to withdraw from and no payment page to offer; they name the Stornorechnung instead.
 */
function feeTexts(s: BookingSummary, i: Instalment, trip: string, payBy: string): NoticeTexts {
  const what = `der offene Betrag der Stornogebühr von ${formatPrice(i.open)}`
  const about = `die Stornierung Ihrer Reise ${trip} (Buchung ${s.bookingNumber}${i.invoiceNumber ? `, Stornorechnung Nr. ${i.invoiceNumber}` : ''})`
  return {
    payment_reminder: {
      subject: `Erinnerung: Stornogebühr für Ihre Buchung ${s.bookingNumber} fällig am ${formatDate(i.dueDate)}`,
      heading: 'Ihre Zahlung wird bald fällig',
      paragraphs: [greeting(s), `für ${about} wird am ${formatDate(i.dueDate)} ${what} fällig. Bitte überweisen Sie den Betrag bis dahin.`, 'Haben Sie schon überwiesen? Dann ist alles in Ordnung.'],
    },
    overdue_notice: {
      subject: `Zahlungserinnerung: Stornogebühr für Ihre Buchung ${s.bookingNumber}`,
      heading: 'Zahlungserinnerung',
      paragraphs: [
        greeting(s),
        `für ${about} war am ${formatDate(i.dueDate)} ${what} fällig. Bei uns ist er noch nicht eingegangen. Bitte überweisen Sie den Betrag bis zum ${payBy}.`,
        'Haben Sie in den letzten Tagen schon überwiesen? Dann ist alles in Ordnung, und Sie können diese E-Mail als gegenstandslos betrachten.',
      ],
    },
    second_notice: {
      subject: `Zweite Mahnung: Stornogebühr für Ihre Buchung ${s.bookingNumber}`,
      heading: 'Zweite Mahnung',
      paragraphs: [
        greeting(s),
        `trotz unserer Erinnerung ist für ${about} ${what}, fällig am ${formatDate(i.dueDate)}, nicht bei uns eingegangen. Bitte überweisen Sie den Betrag bis spätestens ${payBy}.`,
        'Geht die Zahlung bis dahin nicht ein, behalten wir uns vor, den Betrag gerichtlich geltend zu machen. Das möchten wir gern vermeiden: Rufen Sie uns an, wenn wir Ihnen helfen können.',
      ],
    },
  }
}

/** The mail of a notice, from the booking as the customer's documents show it. */
export function noticeMail(notice: DueNotice, s: BookingSummary, context: Pick<NoticeContext, 'today' | 'site' | 'bank'>): Pick<OutboxMail, 'subject' | 'text' | 'html'> {
  const trip = `${s.trip.title}, ${formatDateRange(s.trip.dateFrom, s.trip.dateTill)}`
  const closing = ['Mit freundlichen Grüßen', `Ihr Team von ${context.site.name}`]
  const i = notice.instalment
  if (notice.kind === 'travel_documents' || !i) {
    const rendered = renderMail({
      preheader: `Ihre Reise ${s.trip.title} beginnt am ${formatDate(s.trip.dateFrom)}.`,
      heading: 'Ihre Reiseunterlagen',
      paragraphs: [greeting(s), `bald geht es los: Hier sind Ihre Reiseunterlagen für ${trip} (Buchung ${s.bookingNumber}). Bitte nehmen Sie diese E-Mail und einen gültigen Ausweis mit.`],
      sections: travelDocuments(s, context.site),
      closing: ['Wir wünschen Ihnen eine schöne Reise!', ...closing],
      site: context.site,
    })
    return { subject: travelDocumentsTitle(s), ...rendered }
  }
  const payBy = formatDate(addDays(context.today, 7))
  const texts = i.kind === 'fee' ? feeTexts(s, i, trip, payBy) : tripTexts(s, i, trip, payBy)
  const text = texts[notice.kind]
  const rendered = renderMail({
    preheader: text.subject,
    heading: text.heading,
    paragraphs: text.paragraphs,
    sections: [{ heading: 'Überweisung', table: { rows: transferTable(s, i.open, context.bank) } }],
    closing,
    site: context.site,
  })
  return { subject: text.subject, ...rendered }
}

export type ScanReport = { due: number; sent: number; mailed: number; undeliverable: number; failed: number }

/** Why a notice was recorded without a mail, in the office's words (its timeline shows it). */
export const NOTICE_UNSENT_REASON = 'E-Mail-Adresse ungültig'

/**
 * Sends the notices due on `context.today`: for each, in one transaction, its row (if nobody wrote
 * it first) and then its mail and audit entry. Safe to run at once on several instances.
 *
 * One notice never stops the others (issue 46, defect 5): an address the outbox does not take is
 * recorded like a booking without one (the row, so it is not tried again every hour, and an entry
 * 'Benachrichtigung nicht versendet' with the reason), and any other failure of one notice is
 * logged and left for the next run while the loop goes on. A run with such failures throws at the
 * end, so the job is logged as failed and retried by the queue.
 */
export async function sendDueNotices(db: Database, context: NoticeContext): Promise<ScanReport> {
  const due = await dueNotices(db, context.today, context.days)
  const report: ScanReport = { due: due.length, sent: 0, mailed: 0, undeliverable: 0, failed: 0 }
  for (const notice of due) {
    try {
      const outcome = await sendNotice(db, notice, context)
      if (outcome === 'skipped') continue
      report.sent++
      if (outcome === 'mailed') report.mailed++
      if (outcome === 'undeliverable') {
        report.undeliverable++
        // No address in the line: the booking id leads to it.
        log('error', 'notice not sent: invalid e-mail address', { bookingId: notice.bookingId, notice: notice.kind })
      }
    } catch (error) {
      report.failed++
      log('error', 'notice failed', { bookingId: notice.bookingId, notice: notice.kind, ...errorFields(error) })
    }
  }
  if (report.failed > 0) throw new NoticeScanError(report)
  return report
}

/** A run in which some notices failed; the others went out. */
export class NoticeScanError extends Error {
  constructor(readonly report: ScanReport) {
    super(`${report.failed} of ${report.due} notices failed`)
    this.name = 'NoticeScanError'
  }
}

async function sendNotice(db: Database, notice: DueNotice, context: NoticeContext): Promise<'skipped' | 'mailed' | 'unmailed' | 'undeliverable'> {
  const summary = await context.summaryOf(notice.bookingNumber)
  if (!summary) return 'skipped'
  const email = summary.booker.email
  const undeliverable = email !== '' && !isMailAddress(email)
  const mail = email && !undeliverable ? noticeMail(notice, summary, context) : null
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookingNotices)
      .values({ bookingId: notice.bookingId, kind: notice.kind, subject: notice.subject, sentOn: context.today })
      .onConflictDoNothing()
      .returning({ bookingId: bookingNotices.bookingId })
    if (!row) return 'skipped'
    const booking = { id: notice.bookingId, bookingNumber: notice.bookingNumber }
    if (undeliverable) {
      await audit(tx, { kind: 'system' }, { action: 'booking.notice_failed', booking, after: { notice: notice.kind, reason: NOTICE_UNSENT_REASON } })
      return 'undeliverable'
    }
    // To the booking person and the agency that booked (issue 46, defect 4).
    if (mail) await enqueueBookingMail(tx, { id: notice.bookingId, customerEmail: email }, mail)
    await audit(tx, { kind: 'system' }, { action: 'booking.notice', booking, after: { notice: notice.kind, ...(mail ? {} : { note: 'keine E-Mail-Adresse' }) } })
    return mail ? 'mailed' : 'unmailed'
  })
}

export type UnpaidBooking = {
  bookingNumber: string
  customer: string
  open: number
  secondNoticeOn: string
  /** What is owed: the trip's price, or the rest of a cancelled booking's fee. */
  owedFor: 'trip' | 'fee'
}

/**
 * The office's list: bookings with an instalment still open some days after its second notice
 * (the trip's price, or the rest of a cancellation fee), oldest notice first.
 */
export async function unpaidAfterSecondNotice(db: Database, today: string, days: NoticeDays): Promise<UnpaidBooking[]> {
  const { officeSecondBy } = noticeLimits(today, days)
  const rows = await db
    .select({
      bookingNumber: bookings.bookingNumber,
      customer: customerName,
      status: bookings.status,
      price: bookings.gesamtpreis,
      fee: bookings.cancellationFee,
      paid: bookings.paidAmount,
      secondNoticeOn: sql<string>`min(${bookingNotices.sentOn})::text`,
    })
    .from(bookingNotices)
    .innerJoin(bookings, eq(bookings.id, bookingNotices.bookingId))
    .innerJoin(payments, and(eq(payments.bookingId, bookings.id), sql`${bookingNotices.subject} = 'rate:' || ${payments.id}`))
    .where(
      and(
        eq(bookingNotices.kind, 'second_notice'),
        sql`${bookingNotices.sentOn} <= ${officeSecondBy}`,
        eq(payments.status, 'open'),
        sql`${payments.amount} > 0`,
        or(eq(bookings.status, 'received'), eq(payments.kind, 'fee')),
      ),
    )
    .groupBy(bookings.id)
    .orderBy(asc(sql`min(${bookingNotices.sentOn})`), asc(bookings.id))
    .limit(500)
  return rows.map(({ status, price, fee, paid, ...r }) => ({
    ...r,
    open: Math.max(0, owedAmount({ status, price, fee }) - paid),
    owedFor: status === 'cancelled' ? 'fee' : 'trip',
  }))
}
