// The office's work on one booking (issue 25, item 4): read it, change it (priced first, then
// confirmed against that price), send the confirmation again, add a note. Every function starts
// with requireStaff: without a staff session the answer is a 404.
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { todayInBerlin } from '~/lib/calendar'
import { MAX_ID } from '~/lib/ids'
import { auditSearchSchema } from '~/lib/office/audit'
import { bookingChangeSchema } from '~/lib/office/booking-changes'
import { ledgerEntryFormSchema } from '~/lib/office/ledger'
import { multiLine } from '~/lib/forms'
import { log } from './log.server'
import { publicOrigin } from './origin.server'
import { recentAudit } from './office/audit.server'
import type { AuditEntryView } from './office/audit.server'
import { addBookingNote, changeBooking, resendConfirmation } from './office/booking-changes.server'
import type { ChangeResult } from './office/booking-changes.server'
import { bookingDetail } from './office/booking-detail.server'
import { cancelBooking, previewCancellation } from './office/cancellation.server'
import type { CancellationPreview, CancellationResult } from './office/cancellation.server'
import { noticeDays } from './jobs/runtime.server'
import { recordLedgerEntry } from './office/ledger.server'
import { unpaidAfterSecondNotice } from './office/notices.server'
import type { UnpaidBooking } from './office/notices.server'
import type { RecordResult } from './office/ledger.server'
import type { OfficeBooking } from './office/booking-detail.server'
import { phoneBookingChoices } from './office/phone-booking.server'
import type { PhoneBookingChoices } from './office/phone-booking.server'
import { officeNotFound, requireStaff } from './office/staff.server'
import { getDb } from './runtime.server'
import { siteInfo } from './site.server'
import { afterBooking } from './services/booking/confirmation.server'
import { bookingSettings } from './services/booking/runtime.server'

/** A booking number as the office types or links it; anything else finds nothing (a 404). */
const bookingNumber = z.string().check(z.maxLength(40))

export const fetchOfficeBooking = createServerFn({ method: 'GET' })
  .validator(z.object({ bookingNumber }))
  .handler(async ({ data }): Promise<OfficeBooking> => {
    await requireStaff()
    const booking = await bookingDetail(await getDb(), data.bookingNumber.toUpperCase())
    if (!booking) throw officeNotFound()
    return booking
  })

export const changeOfficeBooking = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      bookingNumber,
      change: bookingChangeSchema,
      /** The booking's version the page shows: a change made on an older one is refused. */
      version: z.int().check(z.positive()),
      /** The total of the preview the office confirms; without it the change is only priced. */
      expectedTotal: z.optional(z.int()),
      notify: z._default(z.boolean(), true),
    }),
  )
  .handler(async ({ data }): Promise<ChangeResult> => {
    const staff = await requireStaff()
    const result = await changeBooking(await getDb(), data.bookingNumber, data.change, { kind: 'staff', id: staff.id, name: staff.name }, {
      version: data.version,
      expectedTotal: data.expectedTotal,
      notify: data.notify,
      settings: await bookingSettings(),
      origin: publicOrigin(),
    })
    if (!result) throw officeNotFound()
    if (result.kind === 'changed') {
      log('info', 'booking changed by office', { change: data.change.kind })
      if (data.notify) afterBooking()
    }
    return result
  })

export const resendOfficeConfirmation = createServerFn({ method: 'POST' })
  .validator(z.object({ bookingNumber }))
  .handler(async ({ data }): Promise<{ to: string }> => {
    const staff = await requireStaff()
    const sent = await resendConfirmation(await getDb(), data.bookingNumber, staff, { settings: await bookingSettings(), origin: publicOrigin() })
    if (!sent) throw officeNotFound()
    afterBooking()
    return sent
  })

export const addOfficeNote = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      bookingNumber,
      note: z.pipe(
        z.string().check(z.maxLength(4000, 'Eine Notiz darf höchstens 2000 Zeichen lang sein.')),
        z.transform((v) => multiLine(v).trim().slice(0, 2000)),
      ),
    }),
  )
  .handler(async ({ data }): Promise<{ ok: boolean; message?: string }> => {
    const staff = await requireStaff()
    if (!data.note) return { ok: false, message: 'Bitte schreiben Sie eine Notiz.' }
    if (!(await addBookingNote(await getDb(), data.bookingNumber, { kind: 'staff', id: staff.id, name: staff.name }, data.note))) throw officeNotFound()
    return { ok: true }
  })

/** Records a payment that came in or a refund that went out (issue 26, item 1). */
export const recordOfficeLedgerEntry = createServerFn({ method: 'POST' })
  .validator(z.object({ bookingNumber, entry: ledgerEntryFormSchema, seen: z.int().check(z.nonnegative(), z.lte(100_000)) }))
  .handler(async ({ data }): Promise<RecordResult> => {
    const staff = await requireStaff()
    const result = await recordLedgerEntry(await getDb(), data.bookingNumber, data.entry, data.seen, staff, todayInBerlin())
    if (!result) throw officeNotFound()
    if (result.kind === 'recorded') log('info', 'ledger entry recorded', { kind: data.entry.kind, method: data.entry.method })
    return result
  })

/** What cancelling the booking today would cost (issue 26, item 5): shown before the office confirms. */
export const previewOfficeCancellation = createServerFn({ method: 'POST' })
  .validator(z.object({ bookingNumber }))
  .handler(async ({ data }): Promise<CancellationPreview> => {
    await requireStaff()
    const preview = await previewCancellation(await getDb(), data.bookingNumber, todayInBerlin())
    if (!preview) throw officeNotFound()
    return preview
  })

/** Cancels the booking at the fee the office saw, on the version it saw. */
export const cancelOfficeBooking = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      bookingNumber,
      version: z.int().check(z.positive()),
      expectedFee: z.int().check(z.nonnegative()),
      expectedPaid: z.int().check(z.nonnegative()),
      notify: z._default(z.boolean(), true),
    }),
  )
  .handler(async ({ data }): Promise<CancellationResult> => {
    const staff = await requireStaff()
    const result = await cancelBooking(await getDb(), data.bookingNumber, { version: data.version, expectedFee: data.expectedFee, expectedPaid: data.expectedPaid }, { kind: 'staff', id: staff.id, name: staff.name }, {
      today: todayInBerlin(),
      site: siteInfo(),
      bank: (await bookingSettings()).bank,
      notify: data.notify,
    })
    if (!result) throw officeNotFound()
    if (result.kind === 'cancelled') {
      log('info', 'booking cancelled by office', { percent: result.quote.percent })
      if (result.mailedTo) afterBooking()
    }
    return result
  })

export const fetchPhoneBookingChoices = createServerFn({ method: 'GET' })
  .validator(z.object({ reise: z.optional(z.int().check(z.positive(), z.lte(MAX_ID))) }))
  .handler(async ({ data }): Promise<PhoneBookingChoices> => {
    await requireStaff()
    return phoneBookingChoices(await getDb(), data.reise, todayInBerlin())
  })

/** The office's list of bookings still unpaid some days after their second notice (issue 26, item 4). */
export const fetchUnpaidAfterNotices = createServerFn({ method: 'GET' }).handler(async (): Promise<UnpaidBooking[]> => {
  await requireStaff()
  return unpaidAfterSecondNotice(await getDb(), todayInBerlin(), noticeDays())
})

/** The audit log for admins: newest first, searchable by booking number, staff member or action. */
export const fetchAuditLog = createServerFn({ method: 'GET' })
  .validator(auditSearchSchema)
  .handler(async ({ data }): Promise<AuditEntryView[]> => {
    await requireStaff('admin')
    return recentAudit(await getDb(), { q: data.q, page: data.seite ?? 1 })
  })
