// The staff member a request's session cookie names, read through Better Auth from the headers:
// the one check every office function and download makes (staff.server.ts gives it the request).
import type { StaffRole } from '../db/schema'
import { STAFF_ROLES } from '../db/schema'
import type { StaffAuth } from './auth.server'

export type StaffMember = { id: string; name: string; email: string; role: StaffRole; twoFactorEnabled: boolean }

/** The staff member signed in with these headers' cookies, or null (no session, ended, or locked account). */
export async function staffOfSession(auth: StaffAuth, headers: Headers): Promise<StaffMember | null> {
  const found = await auth.api.getSession({ headers })
  if (!found) return null
  const { user } = found
  const role = STAFF_ROLES.find((r) => r === user.role)
  if (!role || user.banned) return null
  return { id: user.id, name: user.name, email: user.email, role, twoFactorEnabled: user.twoFactorEnabled === true }
}

/** Admins must have two-factor on before they may do anything but turn it on. */
export function needsTwoFactorSetup(staff: StaffMember): boolean {
  return staff.role === 'admin' && !staff.twoFactorEnabled
}

/**
 * Whether a session's member may do `role`'s work (every office function asks, through
 * requireStaff): an admin may do all, once two-factor is on; the office role only its own.
 */
export function mayDo(staff: StaffMember | null, role: StaffRole): staff is StaffMember {
  return staff !== null && !needsTwoFactorSetup(staff) && (role === 'buero' || staff.role === 'admin')
}
