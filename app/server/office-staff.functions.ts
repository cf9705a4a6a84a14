// The admins' staff list (issue 42): the accounts, a new one, and the actions on one. Each function
// starts with requireStaff('admin') (a 404 for anybody else, the office role too); the work and the
// audit entries are in office/staff-accounts.server.ts.
import { createServerFn } from '@tanstack/react-start'
import { newStaffSchema, staffIdSchema } from '~/lib/office/staff'
import { log } from './log.server'
import { staffAuth } from './office/auth.server'
import { createStaffMember, deactivateStaffMember, listStaff, reactivateStaffMember, resetStaffTwoFactor } from './office/staff-accounts.server'
import type { NewStaffResult, StaffActionResult, StaffListEntry } from './office/staff-accounts.server'
import { requireStaff } from './office/staff.server'
import type { StaffMember } from './office/staff.server'
import type { Database } from './db/database.server'
import { getDb } from './runtime.server'

export const fetchStaffList = createServerFn({ method: 'GET' }).handler(async (): Promise<StaffListEntry[]> => {
  await requireStaff('admin')
  return listStaff(await getDb())
})

/** A new account; its provisional password is in this answer only. */
export const createStaffAccount = createServerFn({ method: 'POST' })
  .validator(newStaffSchema)
  .handler(async ({ data }): Promise<NewStaffResult> => {
    const admin = await requireStaff('admin')
    const result = await createStaffMember(await getDb(), await staffAuth(), admin, data)
    log('info', result.kind === 'created' ? 'staff account created' : 'staff account refused', { role: data.role })
    return result
  })

/** An admin's action on another staff account: the caller checked, the action done, a log line when it was. */
async function onStaffAccount(
  action: (db: Database, admin: StaffMember, userId: string) => Promise<StaffActionResult>,
  userId: string,
  logLine: string,
): Promise<StaffActionResult> {
  const admin = await requireStaff('admin')
  const result = await action(await getDb(), admin, userId)
  if (result.kind === 'done') log('info', logLine)
  return result
}

export const deactivateStaffAccount = createServerFn({ method: 'POST' })
  .validator(staffIdSchema)
  .handler(({ data }) => onStaffAccount(deactivateStaffMember, data.userId, 'staff account deactivated'))

export const reactivateStaffAccount = createServerFn({ method: 'POST' })
  .validator(staffIdSchema)
  .handler(({ data }) => onStaffAccount(reactivateStaffMember, data.userId, 'staff account reactivated'))

export const resetStaffAccountTwoFactor = createServerFn({ method: 'POST' })
  .validator(staffIdSchema)
  .handler(({ data }) => onStaffAccount(resetStaffTwoFactor, data.userId, 'staff two-factor reset'))
