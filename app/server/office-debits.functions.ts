// The office's SEPA direct debits (issue 26, item 3): the page of a period, the pre-notifications,
// the pain.008 file, the file's debits collected, and a booking's return debit. Every function
// starts with requireStaff (a 404 for anybody else); the file downloads from the server route
// `/buero/lastschriften/{msgid}.xml`.
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { todayInBerlin } from '~/lib/calendar'
import { MAX_ID } from '~/lib/ids'
import { debitPeriod, debitPeriodSearchSchema, debitReturnFormSchema } from '~/lib/office/sepa-debits'
import { log } from './log.server'
import { announceDebits, debitsPage, exportDebits, markExportCollected, recordDebitReturn } from './office/sepa-debits.server'
import type { DebitActionResult, DebitsPage } from './office/sepa-debits.server'
import { officeNotFound, requireStaff } from './office/staff.server'
import { getDb } from './runtime.server'
import { siteInfo } from './site.server'
import { afterBooking } from './services/booking/confirmation.server'
import { bookingSettings } from './services/booking/runtime.server'

const ids = z.array(z.int().check(z.positive(), z.lte(MAX_ID))).check(z.maxLength(1000))
const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte geben Sie das Datum an.'))

/** The instalments due for a debit in the period, the debits waiting for a file, the latest files. */
export const fetchOfficeDebits = createServerFn({ method: 'GET' })
  .validator(debitPeriodSearchSchema)
  .handler(async ({ data }): Promise<DebitsPage> => {
    await requireStaff()
    const today = todayInBerlin()
    return debitsPage(await getDb(), { ...debitPeriod(data, today), query: data.q ?? '' }, today)
  })

/** Sends the pre-notifications of the instalments the page listed and records their debits. */
export const announceOfficeDebits = createServerFn({ method: 'POST' })
  .validator(z.object({ from: isoDay, till: isoDay, paymentIds: ids }))
  .handler(async ({ data }): Promise<DebitActionResult> => {
    const staff = await requireStaff()
    const settings = await bookingSettings()
    const result = await announceDebits(await getDb(), { period: { from: data.from, till: data.till }, paymentIds: data.paymentIds }, staff, {
      today: todayInBerlin(),
      bank: settings.bank,
      site: siteInfo(),
    })
    if (result.kind === 'done') {
      log('info', 'sepa debits announced', { debits: result.count })
      afterBooking()
    }
    return result
  })

/** Puts the announced debits the page listed into a new pain.008 file. */
export const exportOfficeDebits = createServerFn({ method: 'POST' })
  .validator(z.object({ debitIds: ids }))
  .handler(async ({ data }): Promise<DebitActionResult> => {
    const staff = await requireStaff()
    const result = await exportDebits(await getDb(), data.debitIds, staff, { now: new Date(), bank: (await bookingSettings()).bank })
    if (result.kind === 'done') log('info', 'sepa file exported', { debits: result.count })
    return result
  })

/** The bank credited a file's debits on the day given: they are recorded as collected. */
export const markOfficeDebitsCollected = createServerFn({ method: 'POST' })
  .validator(z.object({ exportId: z.int().check(z.positive(), z.lte(MAX_ID)), collectedOn: isoDay }))
  .handler(async ({ data }): Promise<DebitActionResult> => {
    const staff = await requireStaff()
    const result = await markExportCollected(await getDb(), data.exportId, data.collectedOn, staff, todayInBerlin())
    if (!result) throw officeNotFound()
    if (result.kind === 'done') log('info', 'sepa debits collected', { debits: result.count })
    return result
  })

/** The customer's bank returned a collected debit of the booking (Rücklastschrift). */
export const recordOfficeDebitReturn = createServerFn({ method: 'POST' })
  .validator(z.object({ bookingNumber: z.string().check(z.maxLength(40)), entry: debitReturnFormSchema, seen: z.int().check(z.nonnegative(), z.lte(100_000)) }))
  .handler(async ({ data }): Promise<DebitActionResult> => {
    const staff = await requireStaff()
    const result = await recordDebitReturn(await getDb(), data.bookingNumber, data.entry, data.seen, staff, todayInBerlin())
    if (!result) throw officeNotFound()
    if (result.kind === 'done') log('info', 'sepa debit returned', { reason: data.entry.reason })
    return result
  })
