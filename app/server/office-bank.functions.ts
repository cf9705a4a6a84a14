// The office's bank statements (issue 26, item 2): the credits waiting to be assigned, the
// statements read last, one statement's credits, and assigning or setting aside a credit. The file
// itself is uploaded to /buero/kontoauszuege/einlesen (too large for a function call).
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { MAX_ID } from '~/lib/ids'
import { log } from './log.server'
import { assignBankEntry, openBankEntries, recentStatements, setAsideBankEntry, statementDetail } from './office/bank-statements.server'
import type { AssignResult, BankEntryView, StatementView } from './office/bank-statements.server'
import { officeNotFound, requireStaff } from './office/staff.server'
import { getDb } from './runtime.server'

const entryId = z.int().check(z.positive(), z.lte(MAX_ID))

export type BankOverview = { open: BankEntryView[]; openTotal: number; statements: StatementView[] }

export const fetchBankOverview = createServerFn({ method: 'GET' }).handler(async (): Promise<BankOverview> => {
  await requireStaff()
  const db = await getDb()
  const [open, statements] = await Promise.all([openBankEntries(db), recentStatements(db)])
  return { open: open.entries, openTotal: open.total, statements }
})

export const fetchBankStatement = createServerFn({ method: 'GET' })
  .validator(z.object({ id: entryId }))
  .handler(async ({ data }): Promise<{ statement: StatementView; entries: BankEntryView[] }> => {
    await requireStaff()
    const detail = await statementDetail(await getDb(), data.id)
    if (!detail) throw officeNotFound()
    return detail
  })

/** Finds the booking a credit is to be assigned to, or (confirm) assigns it. */
export const assignOfficeBankEntry = createServerFn({ method: 'POST' })
  .validator(z.object({ entryId, bookingNumber: z.string().check(z.maxLength(40)), confirm: z.boolean() }))
  .handler(async ({ data }): Promise<AssignResult> => {
    const staff = await requireStaff()
    const result = await assignBankEntry(await getDb(), data.entryId, data.bookingNumber, data.confirm, staff)
    if (!result) throw officeNotFound()
    if (result.kind === 'assigned') log('info', 'bank credit assigned by hand')
    return result
  })

export const setAsideOfficeBankEntry = createServerFn({ method: 'POST' })
  .validator(z.object({ entryId }))
  .handler(async ({ data }): Promise<AssignResult> => {
    const staff = await requireStaff()
    const result = await setAsideBankEntry(await getDb(), data.entryId, staff)
    if (!result) throw officeNotFound()
    if (result.kind === 'set-aside') log('info', 'bank credit set aside')
    return result
  })
