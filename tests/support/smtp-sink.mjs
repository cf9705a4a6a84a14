// A real SMTP server on loopback for the browser tests: every mail it receives is written as a
// .eml file into E2E_MAIL_DIR, where the tests read it. Started by playwright.config.ts as a web server.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'

const dir = process.env.E2E_MAIL_DIR
const port = Number(process.env.E2E_SMTP_PORT ?? 2525)
if (!dir) throw new Error('E2E_MAIL_DIR is not set')
mkdirSync(dir, { recursive: true })
let count = 0

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = []
    stream.on('data', (chunk) => chunks.push(chunk))
    stream.on('end', () => {
      writeFileSync(join(dir, `${Date.now()}-${++count}.eml`), Buffer.concat(chunks))
      callback()
    })
  },
})
server.listen(port, '127.0.0.1')
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
