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

export const deactivateStaffAccount = createServerFn({ method: 'POST' })
  .validator(staffIdSchema)
  .handler(async ({ data }): Promise<StaffActionResult> => {
    const admin = await requireStaff('admin')
    const result = await deactivateStaffMember(await getDb(), admin, data.userId)
    if (result.kind === 'done') log('info', 'staff account deactivated')
    return result
  })

export const reactivateStaffAccount = createServerFn({ method: 'POST' })
  .validator(staffIdSchema)
  .handler(async ({ data }): Promise<StaffActionResult> => {
    const admin = await requireStaff('admin')
    const result = await reactivateStaffMember(await getDb(), admin, data.userId)
    if (result.kind === 'done') log('info', 'staff account reactivated')
    return result
  })

export const resetStaffAccountTwoFactor = createServerFn({ method: 'POST' })
  .validator(staffIdSchema)
  .handler(async ({ data }): Promise<StaffActionResult> => {
    const admin = await requireStaff('admin')
    const result = await resetStaffTwoFactor(await getDb(), admin, data.userId)
    if (result.kind === 'done') log('info', 'staff two-factor reset')
    return result
  })
