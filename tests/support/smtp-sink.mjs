// A real SMTP server on loopback that hands every mail it receives, raw, to `onMail`. Run as a
// program (by playwright.config.ts, as a web server) it writes each mail as a .eml file into
// E2E_MAIL_DIR, where the browser tests read it; bench/signed-in-customer.mjs keeps them in memory.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { SMTPServer } from 'smtp-server'

/** An SMTP server (not yet listening) that accepts every mail without authentication. */
export function smtpSink(onMail) {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('end', () => {
        onMail(Buffer.concat(chunks))
        callback()
      })
    },
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.env.E2E_MAIL_DIR
  const port = Number(process.env.E2E_SMTP_PORT ?? 2525)
  if (!dir) throw new Error('E2E_MAIL_DIR is not set')
  mkdirSync(dir, { recursive: true })
  let count = 0
  const server = smtpSink((raw) => writeFileSync(join(dir, `${Date.now()}-${++count}.eml`), raw))
  server.listen(port, '127.0.0.1')
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
