// The running site's backup door for `npm run db:backup`: only this process may read the embedded
// database, so the command asks it over a Unix socket in DATA_DIR. Whoever may open that socket may
// read the data folder anyway (the socket is the owner's only), so it needs no other password.
// One JSON line in ({"command":"backup","file":"/abs/path.tar.gz"}), one JSON line out.
import { chmodSync, existsSync, unlinkSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { isAbsolute, join } from 'node:path'
import { writeAtomically } from '../files.server'

/** The socket's name in DATA_DIR (scripts/db-files.mjs writes the same: the scripts run without the build). */
const CONTROL_SOCKET_NAME = 'steuerung.sock'

export type ControlAnswer = { ok: true; bytes: number } | { ok: false; error: string }

async function answer(line: string, dump: () => Promise<Blob>): Promise<ControlAnswer> {
  let request: unknown
  try {
    request = JSON.parse(line)
  } catch {
    return { ok: false, error: 'Die Anfrage ist kein JSON.' }
  }
  const file = typeof request === 'object' && request !== null && 'file' in request ? request.file : undefined
  if (!(typeof request === 'object' && request !== null && 'command' in request && request.command === 'backup')) {
    return { ok: false, error: 'Unbekannter Befehl.' }
  }
  if (typeof file !== 'string' || !isAbsolute(file)) return { ok: false, error: 'Bitte einen absoluten Dateipfad angeben.' }
  try {
    const copy = new Uint8Array(await (await dump()).arrayBuffer())
    await writeAtomically(file, copy, 0o600)
    return { ok: true, bytes: copy.length }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : 'Die Sicherung ist fehlgeschlagen.' }
  }
}

/** Whether a site answers on the socket (a leftover file of a crashed process does not). */
function socketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path)
    probe.once('connect', () => {
      probe.destroy()
      resolve(true)
    })
    probe.once('error', () => resolve(false))
  })
}

/**
 * Listens on DATA_DIR/steuerung.sock until the returned function closes it. A socket file left by
 * a crashed process is replaced; one a running site answers on is left alone (then null).
 */
export async function listenForBackups(dataDir: string, dump: () => Promise<Blob>): Promise<(() => Promise<void>) | null> {
  const path = join(dataDir, CONTROL_SOCKET_NAME)
  if (existsSync(path)) {
    if (await socketAnswers(path)) return null
    unlinkSync(path)
  }
  const server = createServer((socket) => {
    let buffer = ''
    let answered = false
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      if (answered) return
      buffer += chunk
      if (buffer.length > 4096) return void socket.destroy()
      const end = buffer.indexOf('\n')
      if (end < 0) return
      answered = true
      void answer(buffer.slice(0, end), dump).then((result) => socket.end(`${JSON.stringify(result)}\n`))
    })
    socket.on('error', () => socket.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => resolve())
  })
  chmodSync(path, 0o600)
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}
