// Who is calling the office: the staff member of this request's session, read from the request's
// cookies on the server in every office function (DESIGN 11). Nobody else learns that the office
// has data: without a session of the right role the answer is a 404.
import { notFound } from '@tanstack/react-router'
import { getRequest, setResponseStatus } from '@tanstack/react-start/server'
import { createLoginThrottles } from '../auth/login-throttle.server'
import type { LoginThrottles } from '../auth/login-throttle.server'
import type { StaffRole } from '../db/schema'
import { staffAuth } from './auth.server'
import { mayDo, needsTwoFactorSetup, staffOfSession } from './session.server'
import type { StaffMember } from './session.server'

export type { StaffMember }
export { needsTwoFactorSetup }

/** The staff member signed in on this request, or null (no session, ended, or locked account). */
export async function currentStaff(): Promise<StaffMember | null> {
  return staffOfSession(await staffAuth(), getRequest().headers)
}

/**
 * For every office function: the caller, if signed in with a role that may do `role`'s work
 * (an admin may do all); otherwise a 404, as for a page that does not exist.
 */
export async function requireStaff(role: StaffRole = 'buero'): Promise<StaffMember> {
  const staff = await currentStaff()
  if (!mayDo(staff, role)) throw officeNotFound()
  return staff
}

/** The staff member of this request who may do the office's work (mayDo), or null: a customer's request, for one. */
export async function currentClerk(): Promise<StaffMember | null> {
  const staff = await currentStaff()
  return mayDo(staff, 'buero') ? staff : null
}

/** A 404 for an office function: the router's not-found, with the status said in the answer too (the framework would send it with a 200). */
export function officeNotFound() {
  setResponseStatus(404)
  return notFound()
}

let throttles: LoginThrottles | undefined

/** The staff login's failed-attempt counters in this instance (the agency login has its own). */
export function staffLoginThrottles(): LoginThrottles {
  throttles ??= createLoginThrottles()
  return throttles
}
