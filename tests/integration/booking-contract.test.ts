// Issue 23, point 7: the contract a package-tour operator must send. Per-trip terms (cancellation
// scale, rebooking fee, minimum participants) come from the database and stay with the booking;
// only insurance that fits the trip is offered, and the server refuses any other.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARGIN_SCHEME_NOTE } from '~/lib/booking/legal'
import { cancellationScaleSchema } from '~/lib/booking/cancellation'
import type { BookingOffer } from '~/lib/booking/offer'
import { INSURANCE_NOT_OFFERED } from '~/lib/booking/steps'
import { legalMinParticipantsDays } from '~/lib/booking/trip-terms'
import { todayInBerlin } from '~/lib/calendar'
import { bookings, insuranceOffers, tripDates, trips } from '~/server/db/schema'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { loadOffer } from '~/server/services/booking/offer.server'
import { loadBookingSummary } from '~/server/services/booking/summary.server'
import { findContentPage } from '~/server/services/content.server'
import { bookingConfirmationMail } from '~/server/booking/confirmation-mail.server'
import { renderConfirmationPdf, renderTravelConditionsPdf } from '~/server/booking/confirmation-pdf.server'
import { cancellationScaleLines } from '~/lib/booking/cancellation'
import { TRAVEL_CONDITIONS_SLUG } from '~/lib/booking/legal'
import { bookingIcs } from '~/lib/booking/calendar'
import { berlinTimeToUnix } from '~/lib/search/dates'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { formatDate, formatPrice } from '~/lib/format'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { ACCEPT, completeDraft, settings } from '../support/booking'
import { PAYMENT_KIND_LABELS } from '~/lib/booking/summary'
import { flatText, plain, readPdfText } from '../support/pdf-text'

let t: TestDatabase

beforeAll(async () => {
  t = await openTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

/** A bookable upcoming date of a trip that lies wholly in Germany (or has a destination abroad), not yet booked. */
async function dateOf(where: 'domestic' | 'abroad', taken: Set<number>): Promise<BookingOffer> {
  const inGermany = sql`not exists (select 1 from trip_countries tc join countries c on c.id = tc.country_id
    where tc.trip_id = ${trips.id} and c.iso2 is distinct from 'DE') and exists (select 1 from trip_countries tc where tc.trip_id = ${trips.id})`
  const rows = await t.db
    .select({ id: tripDates.id })
    .from(tripDates)
    .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
    .where(
      and(
        sql`${tripDates.bookable} in (0, 4, 5)`,
        sql`${tripDates.dateFrom} > ${todayInBerlin()}::date + 40`,
        sql`${tripDates.capacity} > 2`,
        sql`not exists (select 1 from ${bookings} where ${bookings.tripDateId} = ${tripDates.id})`,
        where === 'domestic' ? inGermany : sql`not (${inGermany})`,
      ),
    )
    .orderBy(tripDates.id)
  for (const { id } of rows) {
    if (taken.has(id)) continue
    const offer = await loadOffer(t.db, id)
    if (offer) {
      taken.add(id)
      return offer
    }
  }
  throw new Error(`no ${where} date`)
}

describe('per-trip terms', () => {
  it('every demo trip has a valid cancellation scale and a lawful deadline for its minimum', async () => {
    const rows = await t.db
      .select({ scale: trips.cancellationScale, days: trips.durationDays, min: trips.minParticipants, deadline: trips.minParticipantsDays })
      .from(trips)
    expect(rows.length).toBeGreaterThan(50)
    for (const row of rows) {
      expect(cancellationScaleSchema.safeParse(row.scale).success).toBe(true)
      if (row.min !== null) expect(row.deadline).toBeGreaterThanOrEqual(legalMinParticipantsDays(row.days))
    }
    // The database refuses a deadline later than the law allows (§ 651h Abs. 4 BGB), whatever the code does.
    const [trip] = await t.db.select({ id: trips.id }).from(trips).where(sql`${trips.durationDays} > 6`).limit(1)
    await expect(t.db.update(trips).set({ minParticipants: 20, minParticipantsDays: 10 }).where(eq(trips.id, trip?.id ?? 0))).rejects.toThrow()
  })

  it('a booking keeps the terms it was made with, even when the trip’s scale changes later', async () => {
    const offer = await dateOf('abroad', new Set())
    const row = await createDraft(t.db, offer, settings)
    const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 1, seats: offer.seatPlan ? ['3A'] : [] }), settings)
    expect(saved.kind).toBe('saved')
    const booked = await bookDraft(t.db, row.id, `terms-${Date.now()}`, ACCEPT, settings)
    if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
    const before = await loadBookingSummary(t.db, booked.bookingNumber, settings, 'https://reisen.example')
    expect(before?.summary.terms?.cancellationScale).toEqual(offer.terms.cancellationScale)

    await t.db
      .update(trips)
      .set({ cancellationScale: [{ daysBefore: 0, percent: 100 }] })
      .where(eq(trips.id, offer.tripId))
    const after = await loadBookingSummary(t.db, booked.bookingNumber, settings, 'https://reisen.example')
    expect(after?.summary.terms?.cancellationScale).toEqual(offer.terms.cancellationScale)
  })
})

describe('a guaranteed departure', () => {
  it('has no minimum number of participants in its contract (status 4, Durchführungsgarantie)', async () => {
    const [row] = await t.db
      .select({ id: tripDates.id })
      .from(tripDates)
      .innerJoin(trips, eq(trips.id, tripDates.tripId))
      .where(and(sql`${trips.minParticipants} is not null`, sql`${tripDates.bookable} = 0`, sql`${tripDates.dateFrom} > ${todayInBerlin()}::date + 40`))
      .limit(1)
    if (!row) throw new Error('no date of a trip with a minimum')
    expect((await loadOffer(t.db, row.id))?.terms.minParticipants).not.toBeNull()
    await t.db.update(tripDates).set({ bookable: 4 }).where(eq(tripDates.id, row.id))
    const guaranteed = await loadOffer(t.db, row.id)
    expect(guaranteed?.terms.minParticipants).toBeNull()
  })
})

describe('insurance that fits the trip', () => {
  it('a trip within Germany offers no health insurance abroad; one abroad offers it, with insurer and documents', async () => {
    const taken = new Set<number>()
    const home = await dateOf('domestic', taken)
    const away = await dateOf('abroad', taken)
    expect(home.terms.domestic).toBe(true)
    expect(home.insuranceOffers.map((o) => o.code)).toEqual(['RRV', 'RAV'])
    expect(away.terms.domestic).toBe(false)
    expect(away.insuranceOffers.map((o) => o.code)).toEqual(['RRV', 'RSP', 'RAV', 'AKV'])
    expect(away.terms.entryNotes.length).toBeGreaterThan(0)
    for (const o of away.insuranceOffers) {
      expect(o.insurer).toContain('Versicherung AG')
      expect(o.productSheetUrl).toBe('/versicherung-produktinformationen/')
      expect(o.conditionsUrl).toBe('/versicherungsbedingungen/')
    }
  })

  it('the server refuses a health insurance abroad for a trip within Germany: the save reports it, the booking is not made', async () => {
    const home = await dateOf('domestic', new Set())
    const [akv] = await t.db.select({ id: insuranceOffers.id }).from(insuranceOffers).where(eq(insuranceOffers.code, 'AKV'))
    const row = await createDraft(t.db, home, settings)
    const draft = completeDraft(home, row.draft, { travellers: 1, seats: home.seatPlan ? ['3A'] : [] })
    const first = draft.allRooms[0]?.teilnehmer[0]
    if (!first || !akv) throw new Error('fixture')
    first.insurance = [{ id: akv.id }]
    const saved = await saveDraft(t.db, row, home, draft, settings)
    if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
    expect(saved.incompleteStep).toBe(3)
    expect(saved.pricing.lines.some((l) => l.kind === 'insurance')).toBe(false)

    const result = await bookDraft(t.db, row.id, `akv-${Date.now()}`, ACCEPT, settings)
    expect(result).toMatchObject({ kind: 'incomplete', step: 3 })
    if (result.kind === 'incomplete') expect(result.issues.map((i) => i.message)).toContain(INSURANCE_NOT_OFFERED)
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.tripDateId, home.tripDateId))
    expect(count?.n).toBe(0)
  })
})

const site = DEFAULT_SITE_INFO
const ORIGIN = 'https://reisen.example'

/** Books a date of a bus tour abroad with boarding points, a seat plan and a Kurtaxe: two travellers, the first insured. */
async function bookTourAbroad(payment: 'ueberweisung' | 'lastschrift') {
  const rows = await t.db
    .select({ id: tripDates.id })
    .from(tripDates)
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .where(
      and(
        sql`${tripDates.seatPlanId} is not null`,
        sql`${trips.onSiteFees} <> '[]'::jsonb`,
        sql`${trips.durationDays} > 3`,
        sql`${tripDates.dateFrom} > ${todayInBerlin()}::date + 40`,
        sql`${tripDates.bookable} in (0, 4, 5)`,
        sql`not exists (select 1 from ${bookings} where ${bookings.tripDateId} = ${tripDates.id})`,
      ),
    )
    .orderBy(tripDates.id)
  for (const { id } of rows) {
    const offer = await loadOffer(t.db, id)
    if (!offer || offer.terms.domestic || !offer.boardingPoints.length || offer.terms.minParticipants === null) continue
    const row = await createDraft(t.db, offer, settings)
    const draft = completeDraft(offer, row.draft, { travellers: 2, seats: ['3A', '3B'], insurance: true, payment })
    const saved = await saveDraft(t.db, row, offer, draft, settings)
    if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
    const booked = await bookDraft(t.db, row.id, `contract-${payment}-${Date.now()}`, ACCEPT, settings)
    if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
    const stored = await loadBookingSummary(t.db, booked.bookingNumber, settings, ORIGIN)
    if (!stored) throw new Error('booking not found')
    return { offer, summary: stored.summary }
  }
  throw new Error('no bus tour abroad with a Kurtaxe')
}

describe('the confirmation as the law asks for it (Art. 250 § 6 EGBGB)', () => {
  it('the PDF says every item of the contract, in text of at least 10 pt, without a near-empty page', async () => {
    const { offer, summary } = await bookTourAbroad('ueberweisung')
    const pdf = await renderConfirmationPdf(summary, site, settings.bank, { insolvency: site.insolvency })
    const pages = await readPdfText(pdf)
    const text = flatText(pages)

    // Services: accommodation or what is included, and the programme by day.
    for (const item of offer.contents.included) expect(text).toContain(item)
    for (const day of offer.contents.programme) expect(text).toContain(`${day.day}. Tag: ${day.title}`)
    // Departure and return; each traveller's boarding point with its time, and seat.
    const point = [...offer.boardingPoints].sort((a, b) => b.surcharge - a.surcharge)[0]
    expect(text).toContain(`Abfahrt am ${formatDate(offer.dateFrom)}`)
    expect(text).toContain(`Rückkehr am ${formatDate(offer.dateTill)} gegen ${offer.terms.returnTime} Uhr`)
    expect(text).toContain(`Anna Becker: Doppelzimmer; Sitzplatz 3A; Zustieg: ${point?.name}, ${point?.departureTime} Uhr`)
    expect(text).toContain('Sitzplatz 3B')
    // This trip's cancellation scale and rebooking fee.
    for (const line of cancellationScaleLines(offer.terms.cancellationScale)) expect(text).toContain(line)
    expect(text).toContain(plain(`${formatPrice(offer.terms.rebookingFee)} pro Person`))
    // Minimum participants with its deadline.
    expect(text).toContain(`Mindestteilnehmerzahl: ${offer.terms.minParticipants} Personen`)
    expect(text).toContain(`(${offer.terms.minParticipantsDays} Tage vor Reisebeginn)`)
    // A contact during the trip, the duty to report defects, complaints, consumer disputes.
    expect(text).toContain(`rund um die Uhr erreichbar: ${site.emergencyPhone}`)
    expect(text).toContain('Reisemangel unverzüglich')
    expect(text).toContain('§ 651o BGB')
    expect(text).toContain('Beschwerden richten Sie bitte an')
    expect(text).toContain('Verbraucherschlichtungsstelle')
    // Transfer to another traveller.
    expect(text).toContain('Übertragung auf eine andere Person (§ 651e BGB)')
    // Passport and visa for each destination abroad.
    expect(text).toContain('Pass-, Visum- und Gesundheitsvorschriften')
    for (const note of offer.terms.entryNotes) expect(text).toContain(`${note.country}: ${note.note}`)
    // The GiroCode for the first amount due, beside the bank details.
    const firstDue = summary.payments[0]!
    expect(text).toContain(plain(`GiroCode für die ${PAYMENT_KIND_LABELS[firstDue.kind]} über ${formatPrice(firstDue.amount)}`))
    // It is the invoice too: its number (issued when the booking committed) and the margin scheme's note.
    expect(summary.invoiceNumber).toMatch(/^\d{4}-\d{6}$/)
    expect(text).toContain(`Buchungsbestätigung und Rechnung`)
    expect(text).toContain(`Rechnungsnummer ${summary.invoiceNumber}`)
    expect(text).toContain(plain(MARGIN_SCHEME_NOTE))
    // Fees on site, and what the price includes.
    expect(text).toContain('Vor Ort zu zahlen')
    expect(text).toContain('Kurtaxe: ')
    expect(text).toContain('inklusive aller Steuern und Gebühren: Umsatzsteuer')
    // The operator's company details from the site configuration.
    expect(text).toContain(`Registereintrag: ${site.company.register}`)
    expect(text).toContain(`Geschäftsführung: ${site.company.managingDirectors.join(', ')}`)
    expect(text).toContain(`Umsatzsteuer-Identifikationsnummer: ${site.company.vatId}`)
    // The insurer and its documents.
    const insurance = offer.insuranceOffers[0]
    expect(text).toContain(`Versicherer ist die ${insurance?.insurer}`)
    expect(text).toContain(`Produktinformationsblatt: ${ORIGIN}${insurance?.productSheetUrl}`)
    expect(text).toContain(`Versicherungsbedingungen: ${ORIGIN}${insurance?.conditionsUrl}`)
    // The binding travel conditions and the Sicherungsschein.
    // (a long address may wrap after a slash)
    expect(text.replaceAll('/ ', '/')).toContain(`${ORIGIN}/reisebedingungen/`)
    expect(pages.at(-1)?.text).toContain('Sicherungsschein für Pauschalreisen')

    for (const [n, page] of pages.entries()) {
      const footerLine = page.height - 40
      // Body text at least 10 pt: smaller are only the page footer and the return address above the address.
      const small = page.items.filter((i) => i.size < 10 && i.y > 30 && !i.text.startsWith(site.legalName))
      expect(small, `page ${n + 1}`).toEqual([])
      // No near-empty page: every page but the Sicherungsschein (a document of its own) is filled at least halfway.
      if (n < pages.length - 1) {
        const body = page.items.filter((i) => i.y > footerLine - page.height + 60)
        expect(Math.min(...body.map((i) => i.y)), `page ${n + 1}`).toBeLessThan(page.height / 2)
      }
    }
  })

  it('the mail says the same; a direct debit’s mail has no link to pay, a transfer’s has', async () => {
    const debit = await bookTourAbroad('lastschrift')
    const mail = bookingConfirmationMail(debit.summary, site, settings.bank, { insolvency: site.insolvency })
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('Zur Zahlung')
      expect(part).toContain('per SEPA-Lastschrift')
      for (const line of cancellationScaleLines(debit.offer.terms.cancellationScale)) expect(part).toContain(line)
      expect(part).toContain('§ 651e BGB')
      expect(part).toContain(site.emergencyPhone)
      expect(part).toContain(site.company.vatId)
      expect(part).toContain('Reisebedingungen sind dieser E-Mail als PDF angehängt')
    }
    const transfer = await bookTourAbroad('ueberweisung')
    expect(bookingConfirmationMail(transfer.summary, site, settings.bank).text).toContain('Zur Zahlung: Anzahlung')
  })

  it('the calendar file carries the departure time and the boarding point with its address', async () => {
    const { offer, summary } = await bookTourAbroad('ueberweisung')
    const point = [...offer.boardingPoints].sort((a, b) => b.surcharge - a.surcharge)[0]
    if (!point) throw new Error('no boarding point')
    const ics = bookingIcs(summary, { siteName: site.name, host: 'example.test', now: new Date() }).replace(/\r\n /g, '')
    const departure = new Date((berlinTimeToUnix(offer.dateFrom, point.departureTime) ?? 0) * 1000)
    expect(ics).toContain(`DTSTART:${departure.toISOString().replace(/[-:]/g, '').replace('.000', '')}`)
    expect(ics).toContain(`LOCATION:${point.name}\\, ${point.street}\\, ${point.zip} ${point.city}`)
    expect(ics).toContain('Zustieg für: Anna Becker\\, ')
  })

  it('the travel conditions attached to the mail are the binding text of the site, as a PDF', async () => {
    const page = await findContentPage(t.db, TRAVEL_CONDITIONS_SLUG)
    if (!page) throw new Error('no travel conditions')
    const pages = await readPdfText(await renderTravelConditionsPdf(page, site))
    const text = flatText(pages)
    expect(text).toContain('Reisebedingungen (AGB)')
    for (const heading of ['4. Rücktritt durch Sie', '5. Umbuchung', '6. Ersatzperson', '7. Mindestteilnehmerzahl', '8. Mängel während der Reise', '14. Verbraucherstreitbeilegung']) {
      expect(text).toContain(heading)
    }
    expect(text).toContain('bis 30 Tage vor Reisebeginn: 20 %')
    expect(pages.flatMap((p) => p.items).filter((i) => i.size < 10 && i.y > 30 && !i.text.startsWith(site.legalName))).toEqual([])
  })
})
