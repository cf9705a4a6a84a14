// Nobody but the office gets office data (issue 25, item 2), walked from the route tree: every
// /buero/ page the route tree lists, and every office server function as the office's own pages
// call it, asked again without a staff session (anonymous, as a customer with the access cookie of
// a booking, as an agency with its token), is refused: the sign-in page or a 404, never data.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Page, Request } from '@playwright/test'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { camtStatement } from '../support/camt'
import { bookToSuccess, gotoHydrated, lastDateOfTrip, seatPlanDates, serverFunctionIds } from './support'

const [office] = DEMO_STAFF

/** Pages a visitor without a session may open (they show no data). */
const OPEN_PAGES = new Set(['/buero/anmelden/', '/buero/passwort-vergessen/', '/buero/passwort-neu/'])
/** Pages and functions for admins only: a clerk gets a 404 too (office.spec.ts and office-staff.spec.ts open them as admin). */
const ADMIN_PAGES = new Set(['/buero/protokoll/', '/buero/mitarbeiter/'])
const ADMIN_FUNCTIONS = new Set(['fetchAuditLog'])
/** Uploads: POST only (a GET is a 405 for anyone, after the slash redirect); without a session the upload is a 404. */
const UPLOADS = new Set(['/buero/kontoauszuege/einlesen'])
/** Functions for signing in and out, answered to anyone by design (office-auth tests cover them). */
const SIGN_IN_FUNCTIONS = new Set([
  'fetchOfficeSession',
  'signInStaff',
  'verifyStaffCode',
  'signOutStaff',
  'requestStaffPasswordReset',
  'resetStaffPassword',
  'startTwoFactorSetup',
  'confirmTwoFactorSetup',
  'fetchTwoFactorState',
  'renewBackupCodes',
])

/** Every /buero/ path of the route tree, its parameters filled with real values. */
function officePaths(params: Record<string, string>): string[] {
  const tree = readFileSync('app/routeTree.gen.ts', 'utf8')
  const byFullPath = tree.slice(tree.indexOf('export interface FileRoutesByFullPath'), tree.indexOf('export interface FileRoutesByTo'))
  // The office's catch-all (its own 404) is no page to walk.
  const paths = [...byFullPath.matchAll(/'(\/buero\/[^']*)'/g)].map((m) => m[1] ?? '').filter((p) => !p.endsWith('/$'))
  return paths.map((p) => p.replace(/\$(\w+)/g, (_, name: string) => params[name] ?? '1'))
}

/** The office's server functions, by name, from the files that define them. */
function officeFunctions(): string[] {
  const names: string[] = []
  for (const file of [
    'app/server/office.functions.ts',
    'app/server/office-bookings.functions.ts',
    'app/server/office-departures.functions.ts',
    'app/server/office-bank.functions.ts',
    'app/server/office-debits.functions.ts',
  ]) {
    let source = ''
    try {
      source = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    names.push(...[...source.matchAll(/export const (\w+) = createServerFn/g)].map((m) => m[1] ?? ''))
  }
  return names.filter((n) => !SIGN_IN_FUNCTIONS.has(n) && !ADMIN_FUNCTIONS.has(n))
}

type Call = { name: string; method: string; url: string; body: string | null; headers: Record<string, string> }

async function signIn(page: Page): Promise<void> {
  await gotoHydrated(page, '/buero/anmelden/')
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Guten Tag, ${office.name}` })).toBeVisible()
}

const strangers: { who: string; headers: (customerCookie: string) => Record<string, string> }[] = [
  { who: 'anonymous', headers: () => ({}) },
  { who: 'customer', headers: (cookie) => ({ cookie }) },
  { who: 'agency', headers: () => ({ 'x-agency-token': 'v1.1.9999999999.forged' }) },
]

test('every office page and server function refuses anonymous visitors, customers and agencies', async ({ browser, request }) => {
  test.setTimeout(240_000)
  // A customer with the access cookie of the booking they just made.
  const customerContext = await browser.newContext()
  const customerPage = await customerContext.newPage()
  const dateId = (await seatPlanDates(request, 28))[25]?.dateId ?? 0
  const bookingNumber = await bookToSuccess(customerPage, dateId)
  const customerCookie = (await customerContext.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  await customerContext.close()
  // A booking of the walk's own paid by direct debit, for the debit functions.
  const debitCustomer = await browser.newContext()
  const debitNumber = await bookToSuccess(await debitCustomer.newPage(), dateId, 'lastschrift')
  await debitCustomer.close()

  // The office, signed in, walks every page and uses the functions its pages call; each call is kept.
  const ids = new Map([...serverFunctionIds()].map(([name, id]) => [id, name]))
  const calls = new Map<string, Call>()
  const context = await browser.newContext()
  const page = await context.newPage()
  page.on('request', (r: Request) => {
    const id = /\/_serverFn\/([0-9a-f]{64})/.exec(r.url())?.[1]
    const name = id ? ids.get(id) : undefined
    if (name && !calls.has(name)) calls.set(name, { name, method: r.method(), url: r.url(), body: r.postData(), headers: r.headers() })
  })
  await signIn(page)
  // A statement read first, so that its page has an id to be walked.
  const statement = await context.request.post('/buero/kontoauszuege/einlesen', {
    headers: { 'content-type': 'application/xml', 'sec-fetch-site': 'same-origin', 'x-datei-name': 'zugriff-vorab.xml' },
    data: camtStatement([{ amount: '3.00', ref: `ACCESS-${Date.now()}`, txs: [{ ustrd: ['vorab'] }] }]),
  })
  expect(statement.status()).toBe(200)
  const { statementId } = (await statement.json()) as { statementId: number }
  const paths = officePaths({ nummer: bookingNumber, id: String(dateId), datei: 'busliste.pdf', auszug: String(statementId) })
  expect(paths).toContain('/buero/buchungen/$nummer/'.replace('$nummer', bookingNumber))
  for (const path of paths.filter((p) => !OPEN_PAGES.has(p) && !/\.(csv|xlsx|pdf)$/.test(p))) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(ADMIN_PAGES.has(path) ? 404 : UPLOADS.has(path) ? 405 : 200)
  }
  // Pages loaded in the browser call their functions through the RPC endpoint: the office's own
  // way through its pages, and the buttons of a booking.
  await gotoHydrated(page, '/buero/')
  const nav = page.getByRole('navigation', { name: 'Büro' })
  await nav.getByRole('link', { name: 'Buchungen' }).click()
  await page.getByRole('link', { name: bookingNumber }).click()
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Buchung ${bookingNumber}`) })).toBeVisible()
  await page.getByRole('button', { name: 'Notiz speichern' }).click()
  const money = page.getByRole('form', { name: 'Zahlung oder Erstattung erfassen' })
  await money.getByLabel('Betrag in Euro').fill('1,00')
  await money.getByRole('button', { name: 'Erfassen' }).click()
  await expect(money.getByRole('status')).toContainText('ist erfasst')
  await page.getByRole('button', { name: 'Stornogebühr berechnen' }).click()
  await page.getByRole('button', { name: 'Abbrechen' }).click()
  await page.getByRole('button', { name: 'Bestätigung erneut senden' }).click()
  await page.getByText('Anna Muster ändern').click()
  await page.getByRole('form', { name: /^Name/ }).getByLabel('Vorname').fill('Anne')
  await page.getByRole('form', { name: /^Name/ }).getByRole('button', { name: 'Namensänderung prüfen' }).click()
  await expect(page.getByText(/^Der Gesamtpreis bleibt/)).toBeVisible()
  await nav.getByRole('link', { name: 'Telefonbuchung' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Telefonbuchung' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Reise' }).selectOption({ index: 1 })
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible()
  await nav.getByRole('link', { name: 'Abfahrten' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Abfahrten' })).toBeVisible()
  await page.getByRole('region', { name: 'Abfahrten' }).getByRole('rowheader').first().getByRole('link').click()
  await expect(page.getByRole('link', { name: /Busliste.*\(PDF\)/ })).toBeVisible()
  // A departure called off: the last date of a trip no other test books (it has no bookings).
  await gotoHydrated(page, `/buero/termine/${await lastDateOfTrip(request, 32)}/`)
  const calling = page.getByRole('region', { name: 'Termin absagen' })
  await calling.getByRole('radio', { name: 'unvermeidbare, außergewöhnliche Umstände' }).check()
  await calling.getByRole('button', { name: 'Absage prüfen' }).click()
  await calling.getByRole('button', { name: 'Termin absagen' }).click()
  await expect(calling.getByRole('status')).toContainText('Der Termin ist abgesagt')
  // Bank statements: a statement of two credits naming no booking, one looked up, one set aside.
  await nav.getByRole('link', { name: 'Kontoauszüge' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoauszüge' })).toBeVisible()
  const run = `${Date.now()}`
  const credits = [1, 2].map((n) => ({ amount: `${n}.00`, ref: `ACCESS-${run}-${n}`, txs: [{ payer: `Zugriff ${run} ${n}`, ustrd: ['ohne Nummer'] }] }))
  await page.getByLabel('Datei des Kontoauszugs').setInputFiles({ name: `zugriff-${run}.xml`, mimeType: 'application/xml', buffer: Buffer.from(camtStatement(credits)) })
  await page.getByRole('button', { name: 'Einlesen' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Eingelesen' })).toBeVisible()
  const open = page.getByRole('region', { name: /^Nicht zugeordnete Eingänge/ })
  const first = open.getByRole('listitem').filter({ hasText: `Zugriff ${run} 1` })
  await first.getByLabel('Buchungsnummer').fill(bookingNumber)
  await first.getByRole('button', { name: 'Buchung suchen' }).click()
  await expect(first.getByRole('region', { name: 'Zuordnung prüfen' })).toBeVisible()
  const second = open.getByRole('listitem').filter({ hasText: `Zugriff ${run} 2` })
  await second.getByRole('button', { name: 'Keine Reisezahlung' }).click()
  // Setting a credit aside takes it off the list: it is asked first.
  await second.getByRole('region', { name: 'Als keine Reisezahlung ablegen?' }).getByRole('button', { name: 'Ablegen' }).click()
  await expect(page.getByText('ist als „keine Reisezahlung“ abgelegt')).toBeVisible()
  await page.getByRole('link', { name: `zugriff-${run}.xml` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Kontoauszug zugriff-${run}.xml` })).toBeVisible()
  await nav.getByRole('link', { name: 'Mahnliste' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mahnliste' })).toBeVisible()
  // SEPA direct debits, narrowed to the walk's own booking: announced, put into a file, collected, returned.
  await nav.getByRole('link', { name: 'Lastschriften' }).click()
  const debitFilter = page.getByRole('search', { name: 'Lastschriften filtern' })
  await debitFilter.getByLabel('Buchungsnummer oder Zahler').fill(debitNumber)
  await debitFilter.getByRole('button', { name: 'Anzeigen' }).click()
  await expect(page.getByRole('region', { name: 'Fällige Raten' }).getByRole('row', { name: new RegExp(debitNumber) }).first()).toBeVisible()
  await page.getByRole('button', { name: /Vorabankündigung(en)? senden/ }).click()
  await page.getByRole('button', { name: 'Datei für die Bank erstellen' }).click()
  const debitFile = /LS-[\d-]+/.exec(await page.getByRole('status').filter({ hasText: /ist erstellt/ }).getByRole('link').innerText())?.[0]
  const collect = page.getByRole('form', { name: `Datei ${debitFile} als eingezogen markieren` })
  // Before the debit day the office is asked once more.
  await collect.getByRole('button', { name: 'Als eingezogen markieren' }).click()
  await expect(collect.getByLabel('Gutschrift am (laut Kontoauszug)')).toHaveAccessibleDescription(/werden erst am/)
  await collect.getByRole('button', { name: 'Als eingezogen markieren' }).click()
  await expect(page.getByRole('region', { name: 'Dateien für die Bank' }).getByRole('status').filter({ hasText: 'als eingezogen erfasst' })).toBeVisible()
  await gotoHydrated(page, `/buero/buchungen/${debitNumber}/`)
  const returned = page.getByRole('form', { name: 'Rücklastschrift erfassen' })
  await returned.getByLabel('Lastschrift').selectOption({ index: 1 })
  await returned.getByRole('button', { name: 'Rücklastschrift erfassen' }).click()
  await expect(returned.getByRole('status')).toContainText('ist erfasst')
  // Last, as it ends the booking: its cancellation.
  await gotoHydrated(page, `/buero/buchungen/${bookingNumber}/`)
  await page.getByRole('button', { name: 'Stornogebühr berechnen' }).click()
  await page.getByRole('button', { name: 'Stornierung bestätigen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Buchung ${bookingNumber} (storniert)` })).toBeVisible()
  await context.close()

  const expected = officeFunctions()
  expect(expected.length).toBeGreaterThan(5)
  expect([...calls.keys()].filter((n) => expected.includes(n)).sort()).toEqual([...expected].sort())

  for (const stranger of strangers) {
    const headers = stranger.headers(customerCookie)
    // Pages: the sign-in page (a redirect) or a 404; the open ones show no booking.
    for (const path of paths) {
      const answer = await request.get(path, { maxRedirects: 0, headers: { accept: 'text/html', ...headers } })
      const body = await answer.text()
      expect(body, `${stranger.who} ${path}`).not.toContain(bookingNumber)
      if (OPEN_PAGES.has(path)) expect(answer.status(), `${stranger.who} ${path}`).toBe(200)
      else if (UPLOADS.has(path)) {
        // Like every address without a slash at its end, then the 405 the walk above saw.
        expect(answer.status(), `${stranger.who} GET ${path}`).toBe(308)
        const upload = await request.post(path, { headers: { 'content-type': 'application/xml', 'sec-fetch-site': 'same-origin', ...headers }, data: camtStatement([{ amount: '1.00' }]) })
        expect(upload.status(), `${stranger.who} POST ${path}`).toBe(404)
      }
      else if (/\.(csv|xlsx|pdf)$/.test(path)) expect(answer.status(), `${stranger.who} ${path}`).toBe(404)
      else {
        expect(answer.status(), `${stranger.who} ${path}`).toBe(307)
        expect(answer.headers()['location'], `${stranger.who} ${path}`).toContain('/buero/anmelden/')
      }
    }
    // Functions: the recorded calls again, without the staff session: 404, no data.
    for (const name of expected) {
      const call = calls.get(name)!
      const answer = await replay(request, call, headers)
      const body = await answer.text()
      expect(answer.status(), `${stranger.who} ${name}: ${body.slice(0, 300)}`).toBe(404)
      expect(body, `${stranger.who} ${name}`).not.toContain(bookingNumber)
      expect(body, `${stranger.who} ${name}`).not.toContain('Muster')
    }
  }
})

function replay(request: APIRequestContext, call: Call, headers: Record<string, string>) {
  const keep = Object.fromEntries(Object.entries(call.headers).filter(([k]) => ['content-type', 'x-tsr-serverfn', 'accept', 'sec-fetch-site'].includes(k)))
  return request.fetch(call.url, { method: call.method, headers: { ...keep, 'sec-fetch-site': 'same-origin', ...headers }, data: call.body ?? undefined, maxRedirects: 0 })
}
