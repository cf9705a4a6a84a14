// A process killed with SIGKILL in the middle of a booking leaves no partial booking behind: the
// child (tests/support/book-and-hang.ts) opens the same database (PGlite: the same data folder,
// which one process at a time may open; PostgreSQL: the same DATABASE_URL), starts the booking and
// hangs inside its transaction; the test kills it there, reopens the database and looks.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '~/server/db/client.server'
import type { OpenedDatabase } from '~/server/db/client.server'
import { bookingDrafts, bookings, vouchers } from '~/server/db/schema'
import { DEMO_VOUCHER_CODES } from '~/server/db/seed/reference'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, bookingRowCounts, completeDraft, datePool, layoutSeats, reservationsOf, settings } from '../support/booking'

const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = mkdtempSync(join(tmpdir(), 'reisen-crash-'))
let opened: OpenedDatabase | null = null
let child: ChildProcess | null = null

async function open(seed: { trips: number } | false): Promise<OpenedDatabase> {
  opened = await openDatabase({ databaseUrl, dataDir, seed })
  return opened
}
async function close(): Promise<void> {
  await opened?.close()
  opened = null
}

beforeAll(async () => {
  if (databaseUrl) {
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;')
    await admin.end()
  }
})
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Runs the child until it prints INSIDE, then kills it with SIGKILL; resolves with its exit. */
function bookAndKill(env: Record<string, string>): Promise<{ signal: NodeJS.Signals | null; code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/support/book-and-hang.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = proc
    let output = ''
    let killed = false
    const timer = setTimeout(() => {
      proc.kill('SIGKILL')
      reject(new Error(`the child never reached the transaction:\n${output}`))
    }, 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (!killed && /^INSIDE$/m.test(output)) {
        killed = true
        proc.kill('SIGKILL')
      }
    }
    proc.stdout?.on('data', read)
    proc.stderr?.on('data', read)
    proc.on('error', reject)
    proc.on('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, output })
    })
  })
}

describe('a booking process killed with SIGKILL inside its transaction', () => {
  it('leaves no booking, no redeemed voucher, no booked seat and no travellers, payments or mail', async () => {
    let { db } = await open({ trips: 60 })
    const offer = await datePool(db)({ seatPlan: true, roomTypes: 'DZ' })
    const seats = layoutSeats(offer).slice(0, 2)
    const row = await createDraft(db, offer, settings)
    const saved = await saveDraft(db, row, offer, completeDraft(offer, row.draft, { travellers: 2, seats, vouchers: [DEMO_VOUCHER_CODES.welcome], payment: 'lastschrift' }), settings)
    expect(saved).toMatchObject({ kind: 'saved', incompleteStep: null })
    const before = await bookingRowCounts(db)
    // PGlite lets one process at a time open a data folder; PostgreSQL does not care.
    await close()

    const run = await bookAndKill({ DATA_DIR: dataDir, DRAFT_ID: row.id, BOOK_KEY: 'crash-test-key-1' })
    expect(run.output).toMatch(/^INSIDE$/m)
    expect(run.output).not.toMatch(/RETURNED/)
    expect(run.signal).toBe('SIGKILL')

    db = (await open(false)).db
    expect(await db.select().from(bookings).where(inArray(bookings.idempotencyKey, ['crash-test-key-1']))).toEqual([])
    expect(await db.select().from(bookings).where(eq(bookings.draftId, row.id))).toEqual([])
    expect(await bookingRowCounts(db)).toEqual(before)
    const [voucher] = await db.select().from(vouchers).where(eq(vouchers.einloesecode, DEMO_VOUCHER_CODES.welcome))
    expect(voucher).toMatchObject({ redeemedAt: null, bookingId: null })
    // The seats are still the draft's holds, not a booking's.
    const reservations = await reservationsOf(db, offer.tripDateId)
    expect(reservations.map((r) => [r.seat, r.holdToken, r.bookingId]).sort()).toEqual(seats.map((s) => [s, row.id, null]).sort())
    expect(await db.select({ id: bookingDrafts.id }).from(bookingDrafts).where(eq(bookingDrafts.id, row.id))).toEqual([{ id: row.id }])

    // Nothing is left locked or half-done: the customer's retry books.
    const retry = await bookDraft(db, row.id, 'crash-test-key-1', ACCEPT, settings)
    expect(retry).toMatchObject({ kind: 'booked', replayed: false })
    const after = await bookingRowCounts(db)
    expect(after).toMatchObject({ bookings: before.bookings + 1, participants: before.participants + 2, mandates: before.mandates + 1 })
    const [redeemed] = await db.select().from(vouchers).where(eq(vouchers.einloesecode, DEMO_VOUCHER_CODES.welcome))
    expect(redeemed?.redeemedAt).not.toBeNull()
  })
})
