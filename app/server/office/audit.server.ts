// Writing the audit log (DESIGN 11): one row per change, inside the transaction of the change, so
// that a change is never stored without its entry nor an entry without its change. The table is
// append-only in the database (migration 0014); nothing here or anywhere updates or deletes it.
import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import { AUDIT_PAGE_SIZE, AUDIT_STAFF_MEMBER_KEY, auditActionLabel, auditActionsNamed, auditActorLabel, auditChangeLines, auditStaffMemberLabel } from '~/lib/office/audit'
import type { AuditAction, AuditActor, AuditStaffMember, StaffAuditAction } from '~/lib/office/audit'
import { formatPrice } from '~/lib/format'
import { containsPattern } from '~/lib/office/booking-list'
import type { Database } from '../db/database.server'
import { auditLog } from '../db/schema'

export type AuditEntry = {
  action: AuditAction
  booking: { id: number; bookingNumber: string }
  before?: unknown
  after?: unknown
}

function actorColumns(actor: AuditActor) {
  switch (actor.kind) {
    case 'staff':
      return { actorKind: actor.kind, actorId: actor.id, actorName: actor.name }
    case 'agency':
      return { actorKind: actor.kind, actorId: String(actor.id), actorName: actor.name }
    default:
      return { actorKind: actor.kind, actorId: null, actorName: null }
  }
}

/** Records what `actor` did; call it with the transaction of the change. */
export async function audit(tx: Database, actor: AuditActor, entry: AuditEntry, at?: Date): Promise<void> {
  await auditMany(tx, actor, [entry], at)
}

/** The same for many entries of one actor, in one statement (an import's batch of payments). */
export async function auditMany(tx: Database, actor: AuditActor, entries: readonly AuditEntry[], at?: Date): Promise<void> {
  if (entries.length === 0) return
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      ...actorColumns(actor),
      ...(at ? { at } : {}),
      bookingId: entry.booking.id,
      bookingNumber: entry.booking.bookingNumber,
      action: entry.action,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  )
}

/** An admin's action on a staff account (issue 42): no booking; the account as it was then goes into `after`. */
export type StaffAuditEntry = {
  action: StaffAuditAction
  staffMember: AuditStaffMember
  before?: Record<string, unknown>
  after?: Record<string, unknown>
}

/** Records what `actor` did to a staff account; call it with the transaction of the change. */
export async function auditStaffAccount(tx: Database, actor: AuditActor, entry: StaffAuditEntry): Promise<void> {
  const { id, name, email } = entry.staffMember
  await tx.insert(auditLog).values({
    ...actorColumns(actor),
    bookingId: null,
    bookingNumber: null,
    action: entry.action,
    before: entry.before ?? null,
    after: { ...entry.after, [AUDIT_STAFF_MEMBER_KEY]: { id, name, email } },
  })
}

type AuditRow = {
  id: number
  at: string
  actorKind: string
  actorName: string | null
  bookingNumber: string | null
  action: string
  before: unknown
  after: unknown
}

/** An entry as the office reads it: when, who, what (a booking or a staff account), and what changed in words. */
export type AuditEntryView = { id: number; at: string; actor: string; bookingNumber: string | null; staffMember: string | null; action: string; changes: string[] }

function view(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at,
    actor: auditActorLabel(row.actorKind, row.actorName),
    bookingNumber: row.bookingNumber,
    staffMember: auditStaffMemberLabel(row.after),
    action: auditActionLabel(row.action),
    changes: auditChangeLines(row.before, row.after, formatPrice),
  }
}

const rowColumns = {
  id: auditLog.id,
  at: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  actorKind: auditLog.actorKind,
  actorName: auditLog.actorName,
  bookingNumber: auditLog.bookingNumber,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
}

/** A booking's history as stored, oldest first. */
export function bookingAuditRows(db: Database, bookingId: number): Promise<AuditRow[]> {
  return db.select(rowColumns).from(auditLog).where(eq(auditLog.bookingId, bookingId)).orderBy(auditLog.id)
}

/** A booking's timeline, oldest first. */
export async function bookingTimeline(db: Database, bookingId: number): Promise<AuditEntryView[]> {
  return (await bookingAuditRows(db, bookingId)).map(view)
}


/** The newest entries, optionally of one booking number, actor, staff account (name or address) or action (the admins' list). */
export async function recentAudit(db: Database, { q, page }: { q?: string; page: number }): Promise<AuditEntryView[]> {
  const like = q ? containsPattern(q) : null
  const member = (field: 'name' | 'email') => sql<string>`(${auditLog.after} -> ${AUDIT_STAFF_MEMBER_KEY}::text ->> ${field}::text)`
  const rows = await db
    .select(rowColumns)
    .from(auditLog)
    .where(
      q && like
        ? or(
            ilike(auditLog.bookingNumber, like),
            ilike(auditLog.actorName, like),
            ilike(member('name'), like),
            ilike(member('email'), like),
            inArray(auditLog.action, ['', ...auditActionsNamed(q)]),
          )
        : undefined,
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
  return rows.map(view)
}
