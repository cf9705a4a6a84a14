// npm run buero:benutzer -- --email EMAIL --name "VOR NACHNAME" [--rolle admin|buero]
// Makes a staff account of the office (DESIGN 11) with a new random password, printed once. The
// first admin of a production database is made this way; an admin sets up two-factor at the first
// sign-in. Works on the database the site uses (DATABASE_URL, else the embedded one in DATA_DIR,
// which only one process may open: stop the site for this).
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { isAPIError } from 'better-auth/api'
import * as z from 'zod/mini'
import { config } from '../app/server/config.server'
import { openDatabase } from '../app/server/db/client.server'
import { STAFF_ROLES } from '../app/server/db/staff-schema'
import { staffAuthFor } from '../app/server/office/auth.server'
import { provisionalPassword } from '../app/server/office/staff-accounts.server'
import { askSite } from './db-files.mjs'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const usage = 'Aufruf: npm run buero:benutzer -- --email name@example.de --name "Vorname Nachname" [--rolle admin|buero]'
const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, rolle: { type: 'string', default: 'admin' } } })
const input = z
  .object({
    email: z.string().check(z.trim(), z.toLowerCase(), z.email('keine gültige E-Mail-Adresse')),
    name: z.string().check(z.trim(), z.minLength(2, 'bitte den Namen angeben'), z.maxLength(100)),
    rolle: z.enum(STAFF_ROLES, 'die Rolle ist admin oder buero'),
  })
  .safeParse(values)
if (!input.success) fail(`${input.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n')}\n${usage}`)

const cfg = config()
if (!cfg.DATABASE_URL) {
  const running = await askSite({ command: 'ping' }).catch(() => true)
  if (running !== null) fail('Die Website läuft auf dieser eingebetteten Datenbank. Bitte beenden Sie sie kurz und rufen Sie den Befehl dann erneut auf.')
}

const opened = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.DATA_DIR, seed: false, migrationsFolder: join(import.meta.dirname, '../app/server/db/migrations') })
try {
  const auth = await staffAuthFor(opened.db)
  const password = provisionalPassword()
  const { email, name, rolle } = input.data
  try {
    await auth.api.createUser({ body: { email, name, password, role: rolle } })
  } catch (error) {
    const exists = isAPIError(error) && error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
    fail(exists ? `Zu ${email} gibt es schon ein Konto.` : `Das Konto wurde nicht angelegt: ${error instanceof Error ? error.message : String(error)}`)
  }
  console.log(`Konto angelegt: ${name} <${email}>, Rolle ${rolle}.`)
  console.log(`Vorläufiges Passwort (nur jetzt sichtbar): ${password}`)
  console.log(
    rolle === 'admin'
      ? 'Bei der ersten Anmeldung unter /buero/anmelden/ wird die Anmeldung mit zwei Faktoren eingerichtet.'
      : 'Anmeldung unter /buero/anmelden/.',
  )
} finally {
  await opened.close()
}
