// The Stornorechnung as the customer's document (issue 26, "invoices") on PGlite and PostgreSQL: a
// cancellation with a fee issues it in its own transaction, the Stornobestätigung names it and the
// booking's last invoice it replaces, and carries it as a PDF made when the mail is delivered (read
// back here as a reader's PDF viewer shows it); the office downloads each invoice of a booking,
// and nobody without a staff session does.
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentMethod } from '~/lib/booking/draft'
import { formatIban } from '~/lib/booking/iban'
import { MARGIN_SCHEME_NOTE } from '~/lib/booking/legal'
import { addDays } from '~/lib/calendar'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import { daysBeforeText } from '~/lib/office/cancellation'
import type { CancellationQuote } from '~/lib/office/cancellation'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '~/server/db/seed/seed.server'
import { invoices, mailOutbox, paymentEntries, payments, staffUsers } from '~/server/db/schema'
import type { MailAttachmentRef } from '~/server/db/schema'
import { resolveMailAttachment } from '~/server/mail/attachments.server'
import { staffAuthFor } from '~/server/office/auth.server'
import { bookingDetail } from '~/server/office/booking-detail.server'
import { cancelBooking, previewCancellation } from '~/server/office/cancellation.server'
import { invoiceDownload } from '~/server/office/invoice-download.server'
import { staffOfSession } from '~/server/office/session.server'
import { siteInfo } from '~/server/site.server'
import { bookTwo, datePool, settings } from '../support/booking'
import type { BookedTwo } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { flatText, plain, readPdfText } from '../support/pdf-text'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>
const staff = { kind: 'staff' as const, id: 'staff-rechnung', name: 'Rita Rechnung' }
const site = siteInfo()
const pdfContext = { settings, site, origin: 'http://localhost:3000' }

type Booked = BookedTwo

const book = async (tag: string, payment: PaymentMethod = 'ueberweisung'): Promise<Booked> => bookTwo(t.db, await takeDate({ seatPlan: false }), 'stornorechnung', tag, payment)

async function pay(b: Booked, amount: number, day: string): Promise<void> {
  await t.db.insert(paymentEntries).values({ bookingId: b.id, kind: 'payment', amount, bookedOn: day, method: 'ueberweisung', reference: b.number })
}

async function cancel(b: Booked, today: string): Promise<{ quote: CancellationQuote; invoiceNumber: string | null }> {
  const preview = await previewCancellation(t.db, b.number, today)
  if (preview?.kind !== 'quote') throw new Error(JSON.stringify(preview))
  const { version } = (await bookingDetail(t.db, b.number))!
  const done = await cancelBooking(t.db, b.number, { version, expectedFee: preview.quote.fee, expectedPaid: preview.quote.paid }, staff, { today, site, bank: settings.bank, notify: true })
  if (done?.kind !== 'cancelled') throw new Error(JSON.stringify(done))
  return { quote: done.quote, invoiceNumber: done.invoiceNumber }
}

const invoicesOf = (b: Booked) => t.db.select().from(invoices).where(eq(invoices.bookingId, b.id)).orderBy(asc(invoices.seq))
const lastMail = async (b: Booked) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, b.id)).orderBy(asc(mailOutbox.id))).at(-1)

/** The attachment as the outbox worker makes it when it delivers the mail. */
async function delivered(ref: MailAttachmentRef) {
  const attachment = await resolveMailAttachment(t.db, ref, { settings, site, siteUrl: undefined })
  const pages = await readPdfText(new Uint8Array(attachment.content))
  return { ...attachment, pages: pages.length, text: flatText(pages) }
}

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  takeDate = datePool(t.db)
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'rita.rechnung@buero.example', name: staff.name, role: 'buero', emailVerified: true })
})
afterAll(async () => {
  await t?.cleanup()
})

describe('the Stornorechnung', () => {
  let owing: Booked
  let cancellationNumber = ''

  it('is issued with the cancellation, named by the Stornobestätigung with the invoice it replaces, and attached as a PDF made at delivery', async () => {
    owing = await book('Rest')
    const today = addDays(owing.offer.dateFrom, -6)
    const [deposit] = await t.db.select().from(payments).where(and(eq(payments.bookingId, owing.id), eq(payments.kind, 'deposit')))
    await pay(owing, deposit!.amount, addDays(today, -10))
    const { quote, invoiceNumber } = await cancel(owing, today)

    const issued = await invoicesOf(owing)
    expect(issued.map((i) => i.kind)).toEqual(['invoice', 'cancellation'])
    const [confirmation, cancellation] = issued as [(typeof issued)[number], (typeof issued)[number]]
    expect(invoiceNumber).toBe(cancellation.number)
    expect(cancellation.amount).toBe(quote.fee)
    cancellationNumber = cancellation.number

    const mail = await lastMail(owing)
    expect(mail?.subject).toBe(`Stornobestätigung für Ihre Buchung ${owing.number}`)
    const text = plain(mail?.text ?? '')
    expect(text).toContain(`Im Anhang finden Sie unsere Stornorechnung Nr. ${cancellation.number} über die Stornogebühr. Sie ersetzt unsere Rechnung Nr. ${confirmation.number} über den Reisepreis.`)
    expect(text).toContain(`Bitte überweisen Sie den offenen Betrag von ${plain(formatPrice(quote.owed))} bis zum ${formatDate(quote.owedBy)}`)
    expect(text).toContain(`IBAN ${formatIban(settings.bank.iban)}`)
    expect(mail?.attachments).toEqual([{ kind: 'invoice', bookingId: owing.id, invoiceId: cancellation.id }])

    const pdf = await delivered(mail!.attachments[0]!)
    // One A4 page: the GiroCode stands beside the account, not alone on a second page.
    expect(pdf).toMatchObject({ filename: `Stornorechnung-${cancellation.number}.pdf`, contentType: 'application/pdf', pages: 1 })
    for (const phrase of [
      'Stornorechnung',
      `Rechnungsnummer ${cancellation.number}`,
      `Buchungsnummer ${owing.number}`,
      'Anna BeckerRest Hauptstraße 12a 33602 Bielefeld',
      `Diese Stornorechnung ersetzt unsere Rechnung Nr. ${confirmation.number}`,
      `${quote.percent} % des Reisepreises von ${plain(formatPrice(owing.price))}`,
      `(${daysBeforeText(6)})`,
      `Rechnungsbetrag ${plain(formatPrice(quote.fee))}`,
      plain(MARGIN_SCHEME_NOTE),
      `Bereits gezahlt ${plain(formatPrice(deposit!.amount))}`,
      `Noch zu zahlen ${plain(formatPrice(quote.owed))}`,
      `Fällig am ${formatDate(quote.owedBy)}`,
      `IBAN ${formatIban(settings.bank.iban)}`,
      `Verwendungszweck ${owing.number}`,
      `GiroCode für die Stornogebühr über ${plain(formatPrice(quote.owed))}`,
    ])
      expect(pdf.text).toContain(phrase)
    expect(pdf.text).toContain(`${owing.offer.tripTitle} Reisezeitraum: ${plain(formatDateRange(owing.offer.dateFrom, owing.offer.dateTill))}`)

    // Printed again after a payment, it is the same invoice: what it said on its day.
    await pay(owing, quote.owed, today)
    const again = await delivered(mail!.attachments[0]!)
    expect(again.text).toBe(pdf.text)
  })

  it('for more paid than the fee, says what is refunded by when, and asks for nothing', async () => {
    const b = await book('Zurueck')
    const today = addDays(b.offer.dateFrom, -45)
    await pay(b, b.price, addDays(today, -3))
    const { quote, invoiceNumber } = await cancel(b, today)
    expect(quote.refund).toBeGreaterThan(0)
    const mail = await lastMail(b)
    expect(plain(mail?.text ?? '')).toContain(`Im Anhang finden Sie unsere Stornorechnung Nr. ${invoiceNumber}`)
    const pdf = await delivered(mail!.attachments[0]!)
    expect(pdf.text).toContain(`Wir erstatten Ihnen ${plain(formatPrice(quote.refund))} bis zum ${formatDate(quote.refundBy)}`)
    expect(pdf.text).toContain(`(${daysBeforeText(45)})`)
    expect(pdf.text).not.toContain('GiroCode')
    expect(pdf.text).not.toContain('Noch zu zahlen')
  })

  it('for a booking paid by direct debit, announces the debit under the mandate instead of asking for a transfer', async () => {
    const b = await book('Einzug', 'lastschrift')
    const { quote } = await cancel(b, addDays(b.offer.dateFrom, -6))
    const mail = await lastMail(b)
    const pdf = await delivered(mail!.attachments[0]!)
    expect(pdf.text).toContain(`Den offenen Betrag von ${plain(formatPrice(quote.owed))} ziehen wir per SEPA-Lastschrift von Ihrem Konto ein`)
    expect(pdf.text).toContain(`Mandatsreferenz ${b.number}-1`)
    expect(pdf.text).not.toContain('GiroCode')
    expect(pdf.text).not.toContain('IBAN')
  })

  it('the office downloads each invoice as a PDF with a staff session; without one, the address does not exist', async () => {
    const auth = await staffAuthFor(t.db)
    const signedIn = await auth.api.signInEmail({ body: { email: DEMO_STAFF[0].email, password: DEMO_STAFF_PASSWORD }, asResponse: true })
    const cookies = new Headers({ cookie: signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') })
    const clerk = await staffOfSession(auth, cookies)
    expect(clerk).toMatchObject({ email: DEMO_STAFF[0].email, role: 'buero' })
    expect(await staffOfSession(auth, new Headers())).toBeNull()
    expect(await staffOfSession(auth, new Headers({ cookie: 'better-auth.session_token=erfunden.abc' }))).toBeNull()

    const file = { nummer: owing.number, datei: `${cancellationNumber}.pdf` }
    const refused = await invoiceDownload(t.db, null, file, pdfContext)
    expect(refused.status).toBe(404)
    expect(await refused.text()).toBe('Diese Seite gibt es nicht.')

    const answer = await invoiceDownload(t.db, clerk, file, pdfContext)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/pdf')
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="Stornorechnung-${cancellationNumber}.pdf"`)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const text = flatText(await readPdfText(new Uint8Array(await answer.arrayBuffer())))
    expect(text).toContain(`Rechnungsnummer ${cancellationNumber}`)

    // Only an invoice of that booking, by its exact name.
    const other = await book('Fremd')
    expect((await invoiceDownload(t.db, clerk, { nummer: other.number, datei: `${cancellationNumber}.pdf` }, pdfContext)).status).toBe(404)
    expect((await invoiceDownload(t.db, clerk, { nummer: owing.number, datei: `${cancellationNumber}.xml` }, pdfContext)).status).toBe(404)
    expect((await invoiceDownload(t.db, clerk, { nummer: 'kein-buchung', datei: `${cancellationNumber}.pdf` }, pdfContext)).status).toBe(404)

    // The invoice of a booking as it stands is its confirmation; one replaced since is a copy of what it invoiced.
    const [current] = await invoicesOf(other)
    const confirmation = flatText(await readPdfText(new Uint8Array(await (await invoiceDownload(t.db, clerk, { nummer: other.number, datei: `${current!.number}.pdf` }, pdfContext)).arrayBuffer())))
    expect(confirmation).toContain('Buchungsbestätigung und Rechnung')
    expect(confirmation).toContain(`Rechnungsnummer ${current!.number}`)
    const [replaced] = await invoicesOf(owing)
    const copy = await invoiceDownload(t.db, clerk, { nummer: owing.number, datei: `${replaced!.number}.pdf` }, pdfContext)
    expect(copy.headers.get('content-disposition')).toBe(`attachment; filename="Rechnung-${replaced!.number}.pdf"`)
    const copyText = flatText(await readPdfText(new Uint8Array(await copy.arrayBuffer())))
    expect(copyText).toContain('Rechnung (Kopie)')
    expect(copyText).toContain(`Sie ist ersetzt durch unsere Stornorechnung Nr. ${cancellationNumber}`)
    expect(copyText).toContain(`Gesamtpreis ${plain(formatPrice(owing.price))}`)
    expect(copyText).toContain(plain(MARGIN_SCHEME_NOTE))
  })
})
