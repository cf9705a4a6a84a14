// npm run db:backup [-- FILE]: a consistent copy of the embedded database (DATA_DIR/pglite) as a
// gzipped tarball, by default DATA_DIR/sicherungen/pglite-<time>.tar.gz. While the site runs it
// makes the copy itself (only that process may read the folder); with the site stopped this
// script opens the folder. scripts/restore.mjs puts such a file back.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { askSite, databaseDir, dataDir, fail, openPglite, refusePostgres, writeAtomically } from './db-files.mjs'

refusePostgres()
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const file = resolve(process.argv[2] ?? join(dataDir, 'sicherungen', `pglite-${stamp}.tar.gz`))

let answer
try {
  answer = await askSite({ command: 'backup', file })
} catch (error) {
  fail(`Die Website ist nicht erreichbar: ${error.message}`)
}
if (answer === null) {
  // No site runs on this folder: nobody else writes it now.
  if (!existsSync(databaseDir)) fail(`In ${dataDir} gibt es keine eingebettete Datenbank (Ordner pglite).`)
  const db = await openPglite(databaseDir)
  const copy = await db.dumpDataDir('gzip')
  await db.close()
  const bytes = Buffer.from(await copy.arrayBuffer())
  await writeAtomically(file, bytes)
  answer = { ok: true, bytes: bytes.length }
}
if (!answer.ok) fail(`Die Sicherung ist fehlgeschlagen: ${answer.error}`)
console.log(`Gesichert: ${file} (${(answer.bytes / 1024 / 1024).toFixed(1)} MB)`)
