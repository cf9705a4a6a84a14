// SEPA direct debits in the office (issue 26, item 3). The instalments of bookings paid by debit
// that fall due in a period; their pre-notification mails, each written to the outbox in the
// transaction that records the debit; the pain.008.001.08 file of the announced debits (each in one
// file only, the file kept as given out); the file's debits marked collected (ledger entries that
// pay the instalments through migration 0017's triggers); and a return debit that takes the money
// back out. Every step writes an audit entry per booking in its transaction.
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import { Document } from 'sepa'
import * as z from 'zod/mini'
import type { BankDetails } from '~/lib/booking/summary'
import { PAYMENT_KIND_LABELS } from '~/lib/booking/summary'
import { todayInBerlin } from '~/lib/calendar'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import {
  SEQUENCE_TYPE,
  collectedDayProblem,
  debitDay,
  endToEndId,
  eurosOf,
  instructionId,
  maskedIban,
  messageId,
  paymentInfoId,
  periodProblem,
  returnDayProblem,
} from '~/lib/office/sepa-debits'
import type { DebitFilter, DebitPeriod, DebitReturnForm, DebitState, ReturnReason } from '~/lib/office/sepa-debits'
import { containsPattern } from '~/lib/office/booking-list'
import { isSepaId, sepaText } from '~/lib/office/sepa-text'
import type { SiteInfo } from '~/lib/site'
import type { Database } from '../db/database.server'
import { bookings, paymentEntries, payments, sepaDebits, sepaExports, sepaMandates, tripDates, trips } from '../db/schema'
import type { PaymentKind } from '../db/schema'
import { enqueueMail } from '../mail/outbox.server'
import type { OutboxMail } from '../mail/outbox.server'
import { renderMail } from '../mail/template.server'
import { audit } from './audit.server'
import type { StaffMember } from './staff.server'

type Staff = Pick<StaffMember, 'id' | 'name'>
const actorOf = (staff: Staff) => ({ kind: 'staff' as const, id: staff.id, name: staff.name })

const contactSchema = z.catch(
  z.object({ firstname: z.catch(z.string(), ''), lastname: z.catch(z.string(), ''), email: z.catch(z.string(), '') }),
  { firstname: '', lastname: '', email: '' },
)

/** An instalment of a booking paid by debit, open and not announced yet. */
export type DueInstalment = {
  paymentId: number
  kind: PaymentKind
  dueDate: string
  /** What is still open of it (a part may be paid already). */
  amount: number
  bookingNumber: string
  /** The account holder of the mandate. */
  debtor: string
  email: string
  mandateReference: string
  /** The day the mandate was given (Berlin). */
  mandateDate: string
  /** The day it would be debited if announced today. */
  debitDay: string
}

/** A debit that was announced, with its state. */
export type DebitView = {
  id: number
  bookingNumber: string
  kind: PaymentKind
  debtor: string
  amount: number
  collectionDate: string
  endToEndId: string
  mandateReference: string
  mandateDate: string
  state: DebitState
  /** The ledger's day of the collection or the return. */
  collectedOn: string | null
  returnReason: string | null
}

/** `firstCollection`: the earliest debit day in the file (the bank credits nothing before it). */
export type ExportView = { id: number; messageId: string; createdAt: string; debits: number; total: number; collectedOn: string | null; firstCollection: string | null }

export type DebitsPage = {
  period: DebitPeriod
  /** The booking number or payer the lists are narrowed to; '' for all. */
  query: string
  problem: { field: 'from' | 'till'; message: string } | null
  due: DueInstalment[]
  /** Announced, waiting for a file. */
  announced: DebitView[]
  /** The latest files, newest first. */
  exports: ExportView[]
}

/** The money in so far, net of refunds and returns, covers the instalments in due order: what is left of this one. */
const openAmount = sql<number>`least(${payments.amount}, (select coalesce(sum(p2.amount), 0) from payments p2
  where p2.booking_id = ${payments.bookingId} and p2.status <> 'cancelled' and (p2.due_date, p2.id) <= (${payments.dueDate}, ${payments.id})) - ${bookings.paidAmount})`.mapWith(Number)
/** A debit of the instalment that was not returned: it is announced, in a file or collected. */
const liveDebit = sql`exists (select 1 from ${sepaDebits} d where d.payment_id = ${payments.id}
  and not exists (select 1 from ${paymentEntries} r where r.sepa_debit_id = d.id and r.kind = 'return'))`
/** The booking's latest mandate (a later one, given on the payment page, replaces the first). */
const latestMandate = sql`${sepaMandates.id} = (select max(m2.id) from ${sepaMandates} m2 where m2.booking_id = ${bookings.id})`
/** A booking number or the payer's name containing the text; everything for ''. */
const matching = (query: string) =>
  query ? or(ilike(bookings.bookingNumber, containsPattern(query)), ilike(sepaMandates.accountHolder, containsPattern(query))) : undefined
const berlinDay = (column: unknown) => sql<string>`to_char(${column} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`
/**
 * What is debited: the instalments of a booking that stands, and the rest of a cancelled booking's
 * fee (the mandate covers "Zahlungen für diese Reisebuchung"); a trip instalment of a booking
 * cancelled since its pre-notification is not.
 */
const debitable = or(eq(bookings.status, 'received'), eq(payments.kind, 'fee'))

function dueQuery(db: Database, period: DebitPeriod, query = '') {
  return db
    .select({
      paymentId: payments.id,
      kind: payments.kind,
      dueDate: payments.dueDate,
      amount: openAmount,
      bookingId: bookings.id,
      bookingNumber: bookings.bookingNumber,
      contact: bookings.contact,
      mandateId: sepaMandates.id,
      mandateReference: sepaMandates.reference,
      mandateDate: berlinDay(sepaMandates.createdAt),
      debtor: sepaMandates.accountHolder,
      iban: sepaMandates.iban,
      tripTitle: trips.title,
      dateFrom: tripDates.dateFrom,
      dateTill: tripDates.dateTill,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(sepaMandates, and(eq(sepaMandates.bookingId, bookings.id), latestMandate))
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .where(
      and(
        eq(bookings.paymentMethod, 'lastschrift'),
        debitable,
        eq(payments.status, 'open'),
        sql`${payments.amount} > 0`,
        sql`${payments.dueDate} between ${period.from} and ${period.till}`,
        sql`not ${liveDebit}`,
        matching(query),
      ),
    )
    .orderBy(asc(payments.dueDate), asc(bookings.bookingNumber), asc(payments.id))
}

const debitColumns = {
  id: sepaDebits.id,
  bookingId: sepaDebits.bookingId,
  bookingNumber: bookings.bookingNumber,
  kind: payments.kind,
  debtor: sepaMandates.accountHolder,
  iban: sepaMandates.iban,
  amount: sepaDebits.amount,
  collectionDate: sepaDebits.collectionDate,
  endToEndId: sepaDebits.endToEndId,
  sequenceType: sepaDebits.sequenceType,
  mandateReference: sepaMandates.reference,
  mandateDate: berlinDay(sepaMandates.createdAt),
  exportId: sepaDebits.exportId,
  collectedOn: sql<string | null>`(select e.booked_on::text from ${paymentEntries} e where e.sepa_debit_id = ${sepaDebits.id} and e.kind = 'payment')`,
  returnedOn: sql<string | null>`(select e.booked_on::text from ${paymentEntries} e where e.sepa_debit_id = ${sepaDebits.id} and e.kind = 'return')`,
  returnReason: sql<string | null>`(select e.return_reason from ${paymentEntries} e where e.sepa_debit_id = ${sepaDebits.id} and e.kind = 'return')`,
}

function debitsQuery(db: Database) {
  return db
    .select(debitColumns)
    .from(sepaDebits)
    .innerJoin(bookings, eq(bookings.id, sepaDebits.bookingId))
    .innerJoin(payments, eq(payments.id, sepaDebits.paymentId))
    .innerJoin(sepaMandates, eq(sepaMandates.id, sepaDebits.mandateId))
}

type DebitRow = Awaited<ReturnType<ReturnType<typeof debitsQuery>['execute']>>[number]

function debitView(row: DebitRow): DebitView {
  const state: DebitState = row.returnedOn ? 'returned' : row.collectedOn ? 'collected' : row.exportId ? 'exported' : 'announced'
  return {
    id: row.id,
    bookingNumber: row.bookingNumber,
    kind: row.kind,
    debtor: row.debtor,
    amount: row.amount,
    collectionDate: row.collectionDate,
    endToEndId: row.endToEndId,
    mandateReference: row.mandateReference,
    mandateDate: row.mandateDate,
    state,
    collectedOn: row.returnedOn ?? row.collectedOn,
    returnReason: row.returnReason,
  }
}

/** The office's page: the instalments due in the period, the debits waiting for a file, the latest files. */
export async function debitsPage(db: Database, filter: DebitFilter, today: string): Promise<DebitsPage> {
  const period = { from: filter.from, till: filter.till }
  const problem = periodProblem(period)
  const [due, announced, files] = await Promise.all([
    problem ? [] : dueQuery(db, period, filter.query),
    debitsQuery(db).where(and(isNull(sepaDebits.exportId), debitable, matching(filter.query))).orderBy(asc(sepaDebits.collectionDate), asc(sepaDebits.id)),
    db
      .select({
        id: sepaExports.id,
        messageId: sepaExports.messageId,
        createdAt: sepaExports.createdAt,
        debits: sepaExports.debits,
        total: sepaExports.total,
        collectedOn: sepaExports.collectedOn,
        firstCollection: sql<string | null>`(select min(d.collection_date)::text from ${sepaDebits} d where d.export_id = ${sepaExports.id})`,
      })
      .from(sepaExports)
      .orderBy(desc(sepaExports.id))
      .limit(20),
  ])
  return {
    period,
    query: filter.query,
    problem,
    due: due.map((r) => ({
      paymentId: r.paymentId,
      kind: r.kind,
      dueDate: r.dueDate,
      amount: r.amount,
      bookingNumber: r.bookingNumber,
      debtor: r.debtor,
      email: contactSchema.parse(r.contact).email,
      mandateReference: r.mandateReference,
      mandateDate: r.mandateDate,
      debitDay: debitDay(r.dueDate, today),
    })),
    announced: announced.map(debitView),
    exports: files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  }
}

export type DebitActionResult =
  | { kind: 'done'; count: number; total: number; message: string; exportId?: number; messageId?: string }
  | { kind: 'refused'; message: string; field?: string }
  | { kind: 'stale'; message: string }

export const LIST_CHANGED_MESSAGE =
  'Die Liste hat sich inzwischen geändert (in einem anderen Fenster oder von einer Kollegin). Es wurde nichts gespeichert. Bitte prüfen Sie die Liste erneut.'

/**
 * Sends the pre-notification of every instalment the office saw (`paymentIds`) and records its
 * debit, each mail in the outbox in the same transaction. An instalment no longer due for a debit
 * (announced meanwhile, paid, cancelled) refuses the whole action: nothing is announced twice.
 */
export async function announceDebits(
  db: Database,
  input: { period: DebitPeriod; paymentIds: number[] },
  staff: Staff,
  context: { today: string; bank: BankDetails; site: SiteInfo },
): Promise<DebitActionResult> {
  const problem = periodProblem(input.period)
  if (problem) return { kind: 'refused', message: problem.message, field: problem.field }
  if (input.paymentIds.length === 0) return { kind: 'refused', message: 'Im gewählten Zeitraum ist keine Lastschrift anzukündigen.' }
  return db.transaction(async (tx) => {
    const rows = await dueQuery(tx, input.period).for('update', { of: bookings })
    const wanted = new Set(input.paymentIds)
    const chosen = rows.filter((r) => wanted.has(r.paymentId))
    if (chosen.length !== wanted.size) return { kind: 'stale', message: LIST_CHANGED_MESSAGE }
    // Read again now that the bookings are locked (PostgreSQL's recheck of a waiting lock does not
    // see a debit a colleague committed meanwhile): an instalment announced meanwhile refuses all.
    const announced = await tx
      .select({ id: sepaDebits.id })
      .from(sepaDebits)
      .where(
        and(
          inArray(sepaDebits.paymentId, input.paymentIds),
          sql`not exists (select 1 from ${paymentEntries} r where r.sepa_debit_id = ${sepaDebits.id} and r.kind = 'return')`,
        ),
      )
      .limit(1)
    if (announced.length) return { kind: 'stale', message: LIST_CHANGED_MESSAGE }
    const withoutEmail = chosen.filter((r) => !contactSchema.parse(r.contact).email)
    if (withoutEmail.length)
      return {
        kind: 'refused',
        message: `Zur Buchung ${withoutEmail.map((r) => r.bookingNumber).join(', ')} ist keine E-Mail-Adresse hinterlegt. Bitte tragen Sie sie ein oder kündigen Sie die Lastschrift per Brief an und ziehen Sie den Betrag dann von Hand ein.`,
      }
    let total = 0
    for (const row of chosen) {
      const [attempts] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sepaDebits).where(eq(sepaDebits.paymentId, row.paymentId))
      const attempt = (attempts?.n ?? 0) + 1
      const day = debitDay(row.dueDate, context.today)
      const e2e = endToEndId(row.bookingNumber, row.kind, attempt)
      const contact = contactSchema.parse(row.contact)
      const mailId = await enqueueMail(tx, {
        to: contact.email,
        ...preNotificationMail(
          { ...row, contact, amount: row.amount, collectionDate: day, endToEndId: e2e },
          context,
        ),
        bookingId: row.bookingId,
      })
      await tx.insert(sepaDebits).values({
        bookingId: row.bookingId,
        paymentId: row.paymentId,
        mandateId: row.mandateId,
        attempt,
        amount: row.amount,
        collectionDate: day,
        sequenceType: SEQUENCE_TYPE,
        endToEndId: e2e,
        announcedBy: staff.id,
        mailId,
      })
      await audit(tx, actorOf(staff), {
        action: 'booking.debit_announced',
        booking: { id: row.bookingId, bookingNumber: row.bookingNumber },
        after: { amount: row.amount, collectionDate: day, reference: e2e, mandate: row.mandateReference },
      })
      total += row.amount
    }
    const count = chosen.length
    return {
      kind: 'done',
      count,
      total,
      message: `${count === 1 ? 'Eine Vorabankündigung ist' : `${count} Vorabankündigungen sind`} versandt (zusammen ${formatPrice(total)}).`,
    }
  })
}

/** The pre-notification (Vorabankündigung): amount, debit day, mandate reference and the creditor id. */
export function preNotificationMail(
  row: {
    bookingNumber: string
    kind: PaymentKind
    amount: number
    collectionDate: string
    endToEndId: string
    mandateReference: string
    iban: string
    debtor: string
    tripTitle: string
    dateFrom: string
    dateTill: string
    contact: { firstname: string; lastname: string }
  },
  context: { bank: BankDetails; site: SiteInfo },
): Pick<OutboxMail, 'subject' | 'text' | 'html'> {
  const name = `${row.contact.firstname} ${row.contact.lastname}`.trim()
  const what = PAYMENT_KIND_LABELS[row.kind]
  const trip = `${row.tripTitle}, ${formatDateRange(row.dateFrom, row.dateTill)} (Buchung ${row.bookingNumber})`
  const rendered = renderMail({
    preheader: `Am ${formatDate(row.collectionDate)} buchen wir ${formatPrice(row.amount)} per SEPA-Lastschrift ab.`,
    heading: 'Vorabankündigung Ihrer SEPA-Lastschrift',
    paragraphs: [
      name ? `Guten Tag ${name},` : 'Guten Tag,',
      row.kind === 'fee'
        ? `für die Stornierung Ihrer Reise ${trip} ziehen wir den offenen Betrag der Stornogebühr von ${formatPrice(row.amount)} am ${formatDate(row.collectionDate)} per SEPA-Lastschrift von Ihrem Konto ein, wie in unserer Stornorechnung angekündigt.`
        : `für Ihre Reise ${trip} ziehen wir die ${what} von ${formatPrice(row.amount)} am ${formatDate(row.collectionDate)} per SEPA-Lastschrift von Ihrem Konto ein.`,
      'Bitte sorgen Sie dafür, dass Ihr Konto an diesem Tag gedeckt ist. Sie brauchen sonst nichts zu tun.',
    ],
    sections: [
      {
        heading: 'Ihre Lastschrift',
        table: {
          rows: [
            ['Betrag', formatPrice(row.amount)],
            ['Belastungsdatum', formatDate(row.collectionDate)],
            ['Zahlungsempfänger', context.bank.accountHolder],
            ['Gläubiger-Identifikationsnummer', context.bank.creditorId],
            ['Mandatsreferenz', row.mandateReference],
            ['Kontoinhaber', row.debtor],
            ['Konto (IBAN)', maskedIban(row.iban)],
            ['Verwendungszweck', `${row.bookingNumber} ${what}`],
          ],
        },
        paragraphs: [
          'Innerhalb von acht Wochen ab dem Belastungsdatum können Sie die Erstattung des Betrags verlangen; es gelten die Bedingungen Ihrer Bank. Haben Sie Fragen zu dieser Lastschrift, antworten Sie einfach auf diese E-Mail.',
        ],
      },
    ],
    closing: ['Mit freundlichen Grüßen', `Ihr Team von ${context.site.name}`],
    site: context.site,
  })
  return { subject: `Vorabankündigung: SEPA-Lastschrift am ${formatDate(row.collectionDate)} für Ihre Buchung ${row.bookingNumber}`, ...rendered }
}

/** A local date at midnight: the library writes dates by the server's calendar. */
const localDay = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)))

/**
 * The pain.008.001.08 document (SEPA Core) of the debits: one payment information block per debit
 * day, each debit with its mandate reference and signature day and the booking number in its
 * end-to-end id and remittance text. The library checks IBANs, the creditor id and amounts; the
 * ids are ours (the library nests each in its parent's, past Max35Text from the 11th debit of a
 * day or the 10th file on), every name and text goes through `sepaText`, and an id outside its
 * type refuses the file here rather than at the bank.
 */
export function pain008Xml(
  debits: Pick<DebitRow, 'endToEndId' | 'amount' | 'collectionDate' | 'mandateReference' | 'mandateDate' | 'debtor' | 'iban' | 'bookingNumber' | 'kind' | 'sequenceType'>[],
  file: { messageId: string; createdAt: Date },
  bank: BankDetails,
): string {
  const creditorName = sepaText(bank.accountHolder, 70)
  const doc = new Document('pain.008.001.08')
  doc.grpHdr.id = sepaId(file.messageId)
  doc.grpHdr.created = file.createdAt
  doc.grpHdr.initiatorName = creditorName
  const days = [...new Set(debits.map((d) => d.collectionDate))].sort()
  let count = 0
  days.forEach((day, n) => {
    const info = doc.createPaymentInfo()
    info.collectionDate = localDay(day)
    info.sequenceType = SEQUENCE_TYPE
    info.localInstrumentation = 'CORE'
    info.batchBooking = true
    info.creditorName = creditorName
    info.creditorIBAN = bank.iban.replace(/\s/g, '')
    info.creditorBIC = bank.bic
    info.creditorId = bank.creditorId
    doc.addPaymentInfo(info)
    // Set after adding: the library prefixes the id with the message id when it is added.
    info.id = sepaId(paymentInfoId(file.messageId, n + 1))
    for (const debit of debits.filter((d) => d.collectionDate === day)) {
      const tx = info.createTransaction()
      tx.end2endId = sepaId(debit.endToEndId)
      tx.amount = eurosOf(debit.amount)
      tx.mandateId = sepaId(debit.mandateReference)
      tx.mandateSignatureDate = localDay(debit.mandateDate)
      tx.debtorName = sepaText(debit.debtor, 70)
      tx.debtorIBAN = debit.iban.replace(/\s/g, '')
      tx.remittanceInfo = sepaText(`${debit.bookingNumber} ${PAYMENT_KIND_LABELS[debit.kind]}`, 140)
      info.addTransaction(tx)
      count += 1
      tx.id = sepaId(instructionId(file.messageId, count))
    }
  })
  return doc.toString()
}

/** An id as it goes into the file; one that does not fit Max35Text in the SEPA set is a bug here. */
function sepaId(id: string): string {
  if (!isSepaId(id)) throw new Error(`The SEPA id "${id}" is not 1–35 characters of the SEPA set.`)
  return id
}

/**
 * Puts the announced debits the office saw into a new pain.008 file and keeps it. A debit is in one
 * file only: one put into a file meanwhile (a second click, another tab) refuses the whole file.
 */
export async function exportDebits(
  db: Database,
  debitIds: number[],
  staff: Staff,
  context: { now: Date; bank: BankDetails },
): Promise<DebitActionResult> {
  if (debitIds.length === 0) return { kind: 'refused', message: 'Es gibt keine angekündigten Lastschriften für eine Datei.' }
  return db.transaction(async (tx) => {
    const rows = await debitsQuery(tx)
      // A booking cancelled since its pre-notification is not debited (but for its fee).
      .where(and(inArray(sepaDebits.id, debitIds), isNull(sepaDebits.exportId), debitable))
      .orderBy(asc(sepaDebits.collectionDate), asc(sepaDebits.id))
      .for('update', { of: sepaDebits })
    if (rows.length !== new Set(debitIds).size) return { kind: 'stale', message: LIST_CHANGED_MESSAGE }
    const total = rows.reduce((sum, r) => sum + r.amount, 0)
    // The message id names the file's row: the row first (its id), then the file, in this transaction.
    const [file] = await tx
      .insert(sepaExports)
      .values({ messageId: `neu-${randomUUID().slice(0, 8)}`, createdAt: context.now, staffId: staff.id, debits: rows.length, total, xml: '' })
      .returning({ id: sepaExports.id })
    const id = file?.id ?? 0
    const msgId = messageId(id, todayInBerlin(context.now))
    const xml = pain008Xml(rows, { messageId: msgId, createdAt: context.now }, context.bank)
    await tx.update(sepaExports).set({ messageId: msgId, xml }).where(eq(sepaExports.id, id))
    await tx.update(sepaDebits).set({ exportId: id }).where(inArray(sepaDebits.id, rows.map((r) => r.id)))
    for (const row of rows) {
      await audit(tx, actorOf(staff), {
        action: 'booking.debit_exported',
        booking: { id: row.bookingId, bookingNumber: row.bookingNumber },
        after: { amount: row.amount, collectionDate: row.collectionDate, reference: row.endToEndId, file: msgId },
      })
    }
    return {
      kind: 'done',
      count: rows.length,
      total,
      exportId: id,
      messageId: msgId,
      message: `Die Datei ${msgId}.xml mit ${rows.length === 1 ? 'einer Lastschrift' : `${rows.length} Lastschriften`} über ${formatPrice(total)} ist erstellt.`,
    }
  })
}

/** A file as it was given out; null: no such file. */
export async function exportFile(db: Database, msgId: string): Promise<{ messageId: string; xml: string } | null> {
  const [row] = await db.select({ messageId: sepaExports.messageId, xml: sepaExports.xml }).from(sepaExports).where(eq(sepaExports.messageId, msgId))
  return row ?? null
}

/**
 * The bank credited the file's debits on `day`: one ledger entry per debit (kind payment, method
 * lastschrift, its end-to-end id as reference), which pays the instalments through the ledger's
 * triggers, and an audit entry per booking. A file marked already refuses (the database refuses a
 * second collection of a debit too). Null: no such file.
 */
export async function markExportCollected(db: Database, exportId: number, day: string, staff: Staff, today: string): Promise<DebitActionResult | null> {
  return db.transaction(async (tx) => {
    const [file] = await tx
      .select({ id: sepaExports.id, messageId: sepaExports.messageId, createdAt: sepaExports.createdAt, collectedOn: sepaExports.collectedOn })
      .from(sepaExports)
      .where(eq(sepaExports.id, exportId))
      .for('update')
    if (!file) return null
    if (file.collectedOn) return { kind: 'stale', message: `Die Lastschriften der Datei ${file.messageId} sind bereits am ${formatDate(file.collectedOn)} als eingezogen markiert.` }
    const problem = collectedDayProblem(day, todayInBerlin(file.createdAt), today)
    if (problem) return { kind: 'refused', message: problem, field: 'collectedOn' }
    const rows = await debitsQuery(tx).where(eq(sepaDebits.exportId, exportId)).orderBy(asc(sepaDebits.id))
    await tx.insert(paymentEntries).values(
      rows.map((row) => ({
        bookingId: row.bookingId,
        kind: 'payment' as const,
        amount: row.amount,
        bookedOn: day,
        method: 'lastschrift' as const,
        reference: row.endToEndId,
        staffId: staff.id,
        sepaDebitId: row.id,
      })),
    )
    await tx.update(sepaExports).set({ collectedOn: day }).where(eq(sepaExports.id, exportId))
    for (const row of rows) {
      await audit(tx, actorOf(staff), {
        action: 'booking.debit_collected',
        booking: { id: row.bookingId, bookingNumber: row.bookingNumber },
        after: { amount: row.amount, bookedOn: day, method: 'lastschrift', reference: row.endToEndId },
      })
    }
    const total = rows.reduce((sum, r) => sum + r.amount, 0)
    return {
      kind: 'done',
      count: rows.length,
      total,
      message: `${rows.length === 1 ? 'Eine Lastschrift' : `${rows.length} Lastschriften`} über ${formatPrice(total)} als eingezogen erfasst.`,
    }
  })
}

/** The debits of one booking, for its page (the return form offers the collected ones). */
export async function bookingDebits(db: Database, bookingId: number): Promise<DebitView[]> {
  const rows = await debitsQuery(db).where(eq(sepaDebits.bookingId, bookingId)).orderBy(asc(sepaDebits.id))
  return rows.map(debitView)
}

const STALE_MESSAGE =
  'Inzwischen wurde zu dieser Buchung Geld erfasst (in einem anderen Fenster oder von einer Kollegin). Bitte prüfen Sie die Buchungen unten, bevor Sie erneut erfassen.'

/**
 * The customer's bank took a collected debit back (Rücklastschrift) for `reason`: a ledger entry
 * of kind return takes the money out again, so the instalment is open, with an audit entry. `seen`
 * is the number of ledger entries the page showed (a second click is refused). Null: no such booking.
 */
export async function recordDebitReturn(
  db: Database,
  bookingNumber: string,
  form: DebitReturnForm,
  seen: number,
  staff: Staff,
  today: string,
): Promise<DebitActionResult | null> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, bookingNumber: bookings.bookingNumber })
      .from(bookings)
      .where(eq(bookings.bookingNumber, bookingNumber))
      .for('update')
    if (!booking) return null
    const [entries] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(paymentEntries).where(eq(paymentEntries.bookingId, booking.id))
    if ((entries?.n ?? 0) !== seen) return { kind: 'stale', message: STALE_MESSAGE }
    const [debit] = await debitsQuery(tx).where(and(eq(sepaDebits.id, Number(form.debitId)), eq(sepaDebits.bookingId, booking.id)))
    if (!debit || !debit.collectedOn || debit.returnedOn)
      return { kind: 'refused', field: 'debitId', message: 'Diese Lastschrift ist nicht eingezogen oder bereits zurückgegeben. Bitte wählen Sie eine eingezogene Lastschrift.' }
    const problem = returnDayProblem(form.bookedOn, debit.collectedOn, today)
    if (problem) return { kind: 'refused', field: 'bookedOn', message: problem }
    await tx.insert(paymentEntries).values({
      bookingId: booking.id,
      kind: 'return',
      amount: debit.amount,
      bookedOn: form.bookedOn,
      method: 'lastschrift',
      reference: debit.endToEndId,
      staffId: staff.id,
      sepaDebitId: debit.id,
      returnReason: form.reason satisfies ReturnReason,
    })
    await audit(tx, actorOf(staff), {
      action: 'booking.debit_returned',
      booking,
      after: { amount: debit.amount, bookedOn: form.bookedOn, reference: debit.endToEndId, returnReason: form.reason },
    })
    return { kind: 'done', count: 1, total: debit.amount, message: `Die Rücklastschrift über ${formatPrice(debit.amount)} ist erfasst; der Betrag ist wieder offen.` }
  })
}

