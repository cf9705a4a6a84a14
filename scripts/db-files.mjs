// What scripts/backup.mjs and scripts/restore.mjs share: where the embedded database lives, how
// to open it and how to write a backup file without leaving half a file under its name.
import { randomBytes } from 'node:crypto'
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises'
import { createConnection } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

export const dataDir = resolve(process.env.DATA_DIR || '.data')
export const databaseDir = join(dataDir, 'pglite')
/** The running site's backup socket (app/server/db/control-socket.server.ts). */
export const socketPath = join(dataDir, 'steuerung.sock')

/** Stops with one German line and exit code 1 (2 for a wrong call). */
export function fail(message, code = 1) {
  console.error(message)
  process.exit(code)
}

export function refusePostgres() {
  if (process.env.DATABASE_URL) {
    fail(
      'DATABASE_URL ist gesetzt: eine PostgreSQL-Datenbank sichern Sie mit pg_dump und stellen sie mit pg_restore wieder her (README, „Sicherung“).',
      2,
    )
  }
}

/** Opens the embedded database of `dir` (optionally filled from a backup) with the site's extensions. */
export function openPglite(dir, loadDataDir) {
  return PGlite.create(dir, { extensions: { pg_trgm, unaccent }, ...(loadDataDir ? { loadDataDir } : {}) })
}

/** One JSON line to the running site and its one-line answer; null when no site answers. */
export function askSite(request) {
  return new Promise((resolvePromise, reject) => {
    const socket = createConnection(socketPath)
    let answer = ''
    socket.setEncoding('utf8')
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`))
    socket.on('data', (chunk) => (answer += chunk))
    socket.once('end', () => {
      try {
        resolvePromise(JSON.parse(answer))
      } catch {
        reject(new Error('Die Website hat unverständlich geantwortet.'))
      }
    })
    socket.once('error', (error) => (['ENOENT', 'ECONNREFUSED'].includes(error.code) ? resolvePromise(null) : reject(error)))
  })
}

export async function writeAtomically(file, bytes) {
  await mkdir(dirname(file), { recursive: true })
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temp, bytes, { mode: 0o600 })
    await rename(temp, file)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
}
