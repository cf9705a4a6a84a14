// Writes the deterministic demo catalogue (catalogue.ts) into an empty, migrated database: one
// transaction, multi-row INSERTs sized below PostgreSQL's 65,535-parameter limit, identity
// sequences moved past the explicit ids, and app_meta written last.
import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core'
import { hashPassword as hashStaffPassword } from 'better-auth/crypto'
import { hashPassword } from '../../auth/password.server'
import * as schema from '../schema'
import { todayInBerlin } from '../../../lib/calendar'
import { seedDemoBookings } from './bookings'
import { DEFAULT_SEED, generateCatalogue, type TripChunk } from './catalogue'

/** Same type as `Database` in client.server.ts (a transaction satisfies it too). */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** Bump when the generated content changes in a way existing databases should not silently keep. */
export const SEED_VERSION = '1'

/** Password of the demo agency logins 'reisebuero-sonne' and 'agentur-demo'. */
export const DEMO_AGENCY_PASSWORD = 'demo-passwort'

/**
 * The demo office accounts (README): 'buero@…' with the office role, 'admin@…' with the admin role,
 * who sets up two-factor at the first login. Only the demo seed has them; a production database
 * gets its first admin from `npm run buero:benutzer`.
 */
export const DEMO_STAFF = [
  { email: 'buero@sonnenland-reisen.example', name: 'Petra Büro', role: 'buero' },
  { email: 'admin@sonnenland-reisen.example', name: 'Andreas Admin', role: 'admin' },
] as const
export const DEMO_STAFF_PASSWORD = 'Demo-Buero-2026'

/** PostgreSQL accepts at most 65,535 bind parameters per statement. */
const MAX_PARAMETERS = 65_535
/** Rows per statement at most, so single statements (with large JSON/HTML values) stay moderate. */
const MAX_ROWS_PER_STATEMENT = 2_000

export interface SeedOptions {
  trips: number
  seed?: number
  /** 'YYYY-MM-DD'; trip dates run from here across the next 18 months. Default: today in Europe/Berlin. */
  today?: string
  /** Trips generated and written per round (default 1,000). */
  chunkSize?: number
  /** Demo bookings across the dates (default none). */
  bookings?: number
}

export interface SeedResult {
  trips: number
  ms: number
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ value: schema.appMeta.value })
    .from(schema.appMeta)
    .where(eq(schema.appMeta.key, 'seed_version'))
    .limit(1)
  return rows.length > 0
}

/** Multi-row INSERTs in batches of at most MAX_PARAMETERS / column count rows. */
async function insertRows<T extends PgTable>(db: Db, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return
  const columns = Object.keys(getTableColumns(table)).length
  const batch = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / columns)))
  for (let start = 0; start < rows.length; start += batch) {
    await db.insert(table).values(rows.slice(start, start + batch))
  }
}

async function insertChunk(db: Db, chunk: TripChunk): Promise<void> {
  await insertRows(db, schema.trips, chunk.trips)
  await insertRows(db, schema.tripCategories, chunk.tripCategories)
  await insertRows(db, schema.tripCountries, chunk.tripCountries)
  await insertRows(db, schema.tripRegions, chunk.tripRegions)
  await insertRows(db, schema.tripDates, chunk.tripDates)
  await insertRows(db, schema.tripBoardingPoints, chunk.tripBoardingPoints)
  await insertRows(db, schema.services, chunk.services)
}

/** Identity tables written with explicit ids; their sequences must continue after max(id). */
const IDENTITY_TABLES: readonly PgTable[] = [
  schema.categories,
  schema.countries,
  schema.regions,
  schema.ships,
  schema.hotels,
  schema.seatPlans,
  schema.boardingPoints,
  schema.transferZones,
  schema.services,
  schema.insuranceOffers,
  schema.vouchers,
  schema.agencies,
  schema.blogEntries,
  schema.menus,
  schema.contentPages,
  schema.faqEntries,
  schema.schoolHolidays,
  schema.trips,
  schema.tripDates,
  schema.testimonials,
  schema.impressions,
]

async function resetSequences(db: Db): Promise<void> {
  for (const table of IDENTITY_TABLES) {
    if (!('id' in getTableColumns(table))) continue
    const name = getTableName(table)
    // next value = max(id) + 1 (1 for an empty table)
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((select max("id") from "${name}"), 0) + 1, false)`,
      ),
    )
  }
}

/**
 * Fills an empty, migrated database with the demo catalogue. Everything happens in one
 * transaction: on any error nothing is left behind. Throws when the database is already seeded.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now()
  const today = options.today ?? todayInBerlin()
  // hashed once, outside the pure generator (scrypt with a random salt)
  const agencyPasswordHash = await hashPassword(DEMO_AGENCY_PASSWORD)
  // Better Auth's own hash (scrypt in its format), which its sign-in checks.
  const staffPasswordHash = await hashStaffPassword(DEMO_STAFF_PASSWORD)
  const catalogue = generateCatalogue({
    trips: options.trips,
    seed: options.seed ?? DEFAULT_SEED,
    today,
    agencyPasswordHash,
  })
  const ref = catalogue.reference

  await db.transaction(async (tx) => {
    if (await isSeeded(tx)) throw new Error('Die Datenbank enthält bereits Demodaten (app_meta.seed_version ist gesetzt).')

    await insertRows(tx, schema.categories, ref.categories)
    await insertRows(tx, schema.countries, ref.countries)
    await insertRows(tx, schema.regions, ref.regions)
    await insertRows(tx, schema.regionCountries, ref.regionCountries)
    await insertRows(tx, schema.ships, ref.ships)
    await insertRows(tx, schema.hotels, ref.hotels)
    await insertRows(tx, schema.seatPlans, ref.seatPlans)
    await insertRows(tx, schema.boardingPoints, ref.boardingPoints)
    await insertRows(tx, schema.transferZones, ref.transferZones)
    await insertRows(tx, schema.services, ref.services)
    await insertRows(tx, schema.insuranceOffers, ref.insuranceOffers)
    await insertRows(tx, schema.vouchers, ref.vouchers)
    await insertRows(tx, schema.agencies, ref.agencies)
    await insertDemoStaff(tx, staffPasswordHash)
    await insertRows(tx, schema.blogEntries, ref.blogEntries)
    await insertRows(tx, schema.menus, ref.menus)
    await insertRows(tx, schema.contentPages, ref.contentPages)
    await insertRows(tx, schema.faqEntries, ref.faqEntries)
    await insertRows(tx, schema.mailFormTemplates, ref.mailFormTemplates)
    await insertRows(tx, schema.schoolHolidays, ref.schoolHolidays)

    for (const chunk of catalogue.tripChunks(options.chunkSize)) await insertChunk(tx, chunk)

    // these two point at trips
    await insertRows(tx, schema.testimonials, ref.testimonials)
    await insertRows(tx, schema.impressions, ref.impressions)

    await resetSequences(tx)
    await seedDemoBookings(tx, { count: options.bookings ?? 0, seed: catalogue.seed, today })

    const meta = [
      { key: 'seed_trips', value: String(catalogue.tripCount) },
      { key: 'seed_seed', value: String(catalogue.seed) },
      { key: 'seed_today', value: today },
      { key: 'seeded_at', value: new Date().toISOString() },
      { key: 'seed_version', value: SEED_VERSION },
    ]
    for (const row of meta) {
      await tx.insert(schema.appMeta).values(row).onConflictDoUpdate({ target: schema.appMeta.key, set: { value: row.value } })
    }
  })

  return { trips: catalogue.tripCount, ms: performance.now() - started }
}

export { todayInBerlin }

async function insertDemoStaff(db: Db, passwordHash: string): Promise<void> {
  for (const [index, staff] of DEMO_STAFF.entries()) {
    const id = `demo-staff-${index + 1}`
    await db.insert(schema.staffUsers).values({ id, email: staff.email, name: staff.name, role: staff.role, emailVerified: true })
    await db.insert(schema.staffAccounts).values({ id: `${id}-credential`, accountId: id, providerId: 'credential', userId: id, password: passwordHash })
  }
}
