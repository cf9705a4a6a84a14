// npm run db:restore -- FILE: puts a backup of scripts/backup.mjs back as DATA_DIR/pglite. Only
// with the site stopped; the folder it replaces is kept as pglite-vor-wiederherstellung-<time>.
import { existsSync } from 'node:fs'
import { readFile, rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { askSite, databaseDir, dataDir, fail, openPglite, refusePostgres } from './db-files.mjs'

refusePostgres()
if (!process.argv[2]) fail('Bitte die Sicherungsdatei angeben: npm run db:restore -- DATEI', 2)
const file = resolve(process.argv[2])
if (!existsSync(file)) fail(`Die Datei ${file} gibt es nicht.`, 2)
if ((await askSite({ command: 'ping' }).catch(() => true)) !== null) {
  fail('Die Website läuft noch auf diesem Datenordner. Bitte beenden Sie sie zuerst.')
}

// Unpacked and opened next to the live folder first: a broken file leaves the database as it is.
const staging = join(dataDir, 'pglite-wiederherstellung')
await rm(staging, { recursive: true, force: true })
try {
  const db = await openPglite(staging, new Blob([await readFile(file)]))
  const [row] = (await db.query('select count(*)::int as n from bookings')).rows
  await db.close()
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const previous = join(dataDir, `pglite-vor-wiederherstellung-${stamp}`)
  if (existsSync(databaseDir)) await rename(databaseDir, previous)
  await rename(staging, databaseDir)
  console.log(
    `Wiederhergestellt aus ${file} (Buchungen darin: ${row.n}).${existsSync(previous) ? ` Der bisherige Stand liegt in ${previous}.` : ''}`,
  )
} catch (error) {
  await rm(staging, { recursive: true, force: true })
  fail(`Die Sicherung konnte nicht gelesen werden: ${error.message}`)
}
