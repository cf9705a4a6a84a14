// The admins' management of staff accounts (issue 42): the list, a new account with a provisional
// password, deactivating (every session ends at once), reactivating, and resetting the two factors.
//
// Deactivating writes what Better Auth's admin `banUser` writes (better-auth 1.7: `banned`, the
// reason, and every session of the account deleted; its session hook then refuses a new session of
// a banned account, which the sign-in answers like a wrong password), but in our own transaction
// with the audit entry, so that neither is ever stored without the other. Only a new account is made
// by Better Auth (the password's hash, the credential row); its entry follows at once, and the
// account is removed again should the entry fail.
import { asc, eq } from 'drizzle-orm'
import { isAPIError } from 'better-auth/api'
import type { AuditActor } from '~/lib/office/audit'
import { STAFF_MESSAGES, STAFF_ROLES } from '~/lib/office/staff'
import type { NewStaff, StaffRole } from '~/lib/office/staff'
import { readableCode } from '../auth/readable-codes.server'
import type { Database } from '../db/database.server'
import { staffSessions, staffTwoFactors, staffUsers } from '../db/schema'
import { auditStaffAccount } from './audit.server'
import type { StaffAuth } from './auth.server'
import type { StaffMember } from './session.server'

/** One row of the staff list; `lastSignInAt` is an ISO instant, null before the first sign-in. */
export type StaffListEntry = {
  id: string
  name: string
  email: string
  role: StaffRole
  twoFactorEnabled: boolean
  active: boolean
  lastSignInAt: string | null
}

export type StaffActionResult = { kind: 'done'; message: string } | { kind: 'refused'; message: string }

export type NewStaffResult =
  | { kind: 'created'; name: string; email: string; role: StaffRole; password: string }
  | { kind: 'refused'; message: string; errors: Partial<Record<keyof NewStaff, string>> }

/** Stored by the database's check as one of these; anything else would be a row the office never made. */
function roleOf(stored: string): StaffRole {
  const role = STAFF_ROLES.find((r) => r === stored)
  if (!role) throw new Error(`staff_users.role: unknown role ${stored}`)
  return role
}

const actorOf = (admin: StaffMember): AuditActor => ({ kind: 'staff', id: admin.id, name: admin.name })

/** Every staff account, by name. */
export async function listStaff(db: Database): Promise<StaffListEntry[]> {
  const rows = await db
    .select({
      id: staffUsers.id,
      name: staffUsers.name,
      email: staffUsers.email,
      role: staffUsers.role,
      twoFactorEnabled: staffUsers.twoFactorEnabled,
      banned: staffUsers.banned,
      lastSignInAt: staffUsers.lastSignInAt,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.name), asc(staffUsers.email))
  return rows.map(({ banned, lastSignInAt, role, ...row }) => ({ ...row, role: roleOf(role), active: !banned, lastSignInAt: lastSignInAt?.toISOString() ?? null }))
}

/** A completed sign-in (after the second factor where it is on), for the list's last sign-in. */
export async function recordSignIn(db: Promise<Database> | Database, userId: string, at = new Date()): Promise<void> {
  await (await db).update(staffUsers).set({ lastSignInAt: at }).where(eq(staffUsers.id, userId))
}

/** A password for the first sign-in, passed on by hand: readable characters only. */
export function provisionalPassword(): string {
  // Four groups of five readable characters (about 99 bits): passed on by hand, typed once.
  return readableCode(4)
}

/** A new account with a provisional password, which the answer carries once and nothing stores in clear. */
export async function createStaffMember(db: Database, auth: StaffAuth, admin: StaffMember, input: NewStaff): Promise<NewStaffResult> {
  const password = provisionalPassword()
  let created: { id: string; name: string; email: string }
  try {
    // Without the request's headers, like the account command: requireStaff('admin') has decided.
    created = (await auth.api.createUser({ body: { email: input.email, name: input.name, password, role: input.role } })).user
  } catch (error) {
    if (isAPIError(error) && error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      return { kind: 'refused', message: STAFF_MESSAGES.duplicate, errors: { email: STAFF_MESSAGES.duplicate } }
    }
    throw error
  }
  const staffMember = { id: created.id, name: created.name, email: created.email }
  try {
    await auditStaffAccount(db, actorOf(admin), { action: 'staff.created', staffMember, after: { role: input.role } })
  } catch (error) {
    await db.delete(staffUsers).where(eq(staffUsers.id, created.id))
    throw error
  }
  return { kind: 'created', name: created.name, email: created.email, role: input.role, password }
}

type Change = (tx: Database, member: typeof staffUsers.$inferSelect) => Promise<StaffActionResult>

/** One action on another member's account, under the row's lock, with its audit entry in the same transaction. */
function onAccount(db: Database, userId: string, change: Change): Promise<StaffActionResult> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(staffUsers).where(eq(staffUsers.id, userId)).for('update')
    if (!member) return { kind: 'refused', message: STAFF_MESSAGES.unknown }
    return change(tx, member)
  })
}

async function endSessions(tx: Database, userId: string): Promise<number> {
  return (await tx.delete(staffSessions).where(eq(staffSessions.userId, userId)).returning({ id: staffSessions.id })).length
}

const subject = (member: typeof staffUsers.$inferSelect) => ({ id: member.id, name: member.name, email: member.email })

/** Deactivates another member's account: it cannot sign in, and its sessions end at once. */
export function deactivateStaffMember(db: Database, admin: StaffMember, userId: string): Promise<StaffActionResult> {
  if (userId === admin.id) return Promise.resolve({ kind: 'refused', message: STAFF_MESSAGES.notYourself })
  return onAccount(db, userId, async (tx, member) => {
    if (member.banned) return { kind: 'refused', message: STAFF_MESSAGES.alreadyInactive(member.name) }
    await tx.update(staffUsers).set({ banned: true, banReason: 'im Büro deaktiviert', banExpires: null, updatedAt: new Date() }).where(eq(staffUsers.id, member.id))
    const sessionsEnded = await endSessions(tx, member.id)
    await auditStaffAccount(tx, actorOf(admin), { action: 'staff.deactivated', staffMember: subject(member), before: { active: true }, after: { active: false, sessionsEnded } })
    return { kind: 'done', message: STAFF_MESSAGES.deactivated(member.name) }
  })
}

/** Lets a deactivated account sign in again, with its password as it was. */
export function reactivateStaffMember(db: Database, admin: StaffMember, userId: string): Promise<StaffActionResult> {
  return onAccount(db, userId, async (tx, member) => {
    if (!member.banned) return { kind: 'refused', message: STAFF_MESSAGES.alreadyActive(member.name) }
    await tx.update(staffUsers).set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() }).where(eq(staffUsers.id, member.id))
    await auditStaffAccount(tx, actorOf(admin), { action: 'staff.reactivated', staffMember: subject(member), before: { active: false }, after: { active: true } })
    return { kind: 'done', message: STAFF_MESSAGES.reactivated(member.name) }
  })
}

/**
 * Deletes another member's TOTP secret and backup codes and turns two-factor off (a lost phone);
 * their sessions end at once. An admin then sets it up again at the next sign-in (the office's
 * layout sends them nowhere else); the office role may.
 */
export function resetStaffTwoFactor(db: Database, admin: StaffMember, userId: string): Promise<StaffActionResult> {
  if (userId === admin.id) return Promise.resolve({ kind: 'refused', message: STAFF_MESSAGES.notYourself })
  return onAccount(db, userId, async (tx, member) => {
    const removed = await tx.delete(staffTwoFactors).where(eq(staffTwoFactors.userId, member.id)).returning({ id: staffTwoFactors.id })
    if (!member.twoFactorEnabled && removed.length === 0) return { kind: 'refused', message: STAFF_MESSAGES.noTwoFactor(member.name) }
    await tx.update(staffUsers).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(staffUsers.id, member.id))
    const sessionsEnded = await endSessions(tx, member.id)
    await auditStaffAccount(tx, actorOf(admin), {
      action: 'staff.two_factor_reset',
      staffMember: subject(member),
      before: { twoFactor: member.twoFactorEnabled },
      after: { twoFactor: false, sessionsEnded },
    })
    return { kind: 'done', message: STAFF_MESSAGES.twoFactorReset(member.name) }
  })
}
