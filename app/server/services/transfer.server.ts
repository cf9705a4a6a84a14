// Haustürtransfer: the price zone of a Postleitzahl.
import { asc } from 'drizzle-orm'
import * as z from 'zod/mini'
import { findTransferZone, zipSchema } from '~/lib/transfer-zones'
import type { Database } from '../db/database.server'
import { transferZones } from '../db/schema'

export const transferZoneSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  zipPrefixes: z.array(z.string()),
  price: z.number(),
})
export type TransferZone = z.infer<typeof transferZoneSchema>

export type TransferLookup =
  | { status: 'empty' }
  | { status: 'invalid'; plz: string; message: string }
  | { status: 'outside'; plz: string }
  | { status: 'found'; plz: string; zone: TransferZone; prefix: string }

export async function loadTransferZones(db: Database): Promise<TransferZone[]> {
  const rows = await db.select().from(transferZones).orderBy(asc(transferZones.price), asc(transferZones.id))
  return z.array(transferZoneSchema).parse(rows)
}

/** Looks up the zone of `plz`; a wrong zip is an answer with a German message, not an error. */
export async function lookupTransfer(db: Database, plz: string | undefined): Promise<{ zones: TransferZone[]; result: TransferLookup }> {
  const zones = await loadTransferZones(db)
  if (plz === undefined || plz.trim() === '') return { zones, result: { status: 'empty' } }
  const zip = zipSchema.safeParse(plz)
  if (!zip.success) {
    return { zones, result: { status: 'invalid', plz: plz.slice(0, 20), message: zip.error.issues[0]?.message ?? 'Ungültige Postleitzahl.' } }
  }
  const match = findTransferZone(zones, zip.data)
  return { zones, result: match ? { status: 'found', plz: zip.data, zone: match.zone, prefix: match.prefix } : { status: 'outside', plz: zip.data } }
}
