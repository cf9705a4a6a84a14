// The office's sign-in in Chromium against the production build (issue 25, item 1): the session
// cookie is really set in a browser, the office is closed to anonymous visitors, never cached or
// indexed, and an admin signs in with two factors after setting them up on the first visit.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { totpCode } from '../support/totp'
import { bookToSuccess, expectNoSeriousAxeViolations, gotoHydrated, seatPlanDates } from './support'

const [office, admin] = DEMO_STAFF

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
}

test('anonymous: every office page leads to the sign-in, never cached, never indexed', async ({ page, request }) => {
  for (const path of ['/buero/', '/buero/zwei-faktor/']) {
    const response = await request.get(path, { maxRedirects: 0, headers: { accept: 'text/html' } })
    expect(response.status(), path).toBe(307)
    expect(response.headers()['location'], path).toContain('/buero/anmelden/')
    expect(response.headers()['cache-control'], path).toBe('no-store')
  }
  const login = await request.get('/buero/anmelden/', { headers: { accept: 'text/html' } })
  expect(login.status()).toBe(200)
  expect(login.headers()['cache-control']).toBe('no-store')
  expect(login.headers()['x-robots-tag']).toBe('noindex, nofollow')
  expect(await login.text()).toContain('<meta name="robots" content="noindex"')

  await gotoHydrated(page, '/buero/')
  await expect(page).toHaveURL(/\/buero\/anmelden\/\?weiter=%2Fbuero%2F$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für das Büro' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)
})

test('the office account signs in with its password, sees the office and signs out', async ({ page, context }) => {
  await gotoHydrated(page, '/buero/anmelden/')
  await signIn(page, office.email, 'falsches-passwort-123')
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort stimmen nicht.')
  await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toBeFocused()

  await signIn(page, office.email, DEMO_STAFF_PASSWORD)
  await expect(page.getByRole('heading', { level: 1, name: `Guten Tag, ${office.name}` })).toBeVisible()
  await expect(page).toHaveURL(/\/buero\/$/)
  const cookie = (await context.cookies()).find((c) => c.name.startsWith('buero.session_token'))
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toBe('Strict')
  await expectNoSeriousAxeViolations(page)

  // Signed in, the sign-in page leads to the office.
  await gotoHydrated(page, '/buero/anmelden/')
  await expect(page).toHaveURL(/\/buero\/$/)

  // A reload keeps the session; signing out ends it.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: `Guten Tag, ${office.name}` })).toBeVisible()
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für das Büro' })).toBeVisible()
  await gotoHydrated(page, '/buero/')
  await expect(page).toHaveURL(/\/buero\/anmelden\//)
})

test('a sign-in sent before the page is ready is not lost: it goes out once the app has the form', async ({ page }) => {
  // All of the app's code held back, its entry too, as on a slow connection: the form is painted,
  // not one of the app's scripts has run.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/buero/anmelden/', { waitUntil: 'domcontentloaded' })
  await signIn(page, office.email, DEMO_STAFF_PASSWORD)
  // Nothing was sent to the page's own address with the password in it; the button shows the click was taken.
  await expect(page.getByRole('button', { name: 'Anmelden' })).toHaveAttribute('aria-busy', 'true')
  expect(page.url()).not.toContain('password')
  release()
  await expect(page.getByRole('heading', { level: 1, name: `Guten Tag, ${office.name}` })).toBeVisible()
})

test('a sign-in typed and sent while the page hydrates is not lost', async ({ page }) => {
  // A slow phone: the form is typed and sent in the moment the app takes it over, when the fields'
  // own first render would put the server's empty values back.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto('/buero/anmelden/', { waitUntil: 'commit' })
  await signIn(page, office.email, DEMO_STAFF_PASSWORD)
  // The race is over once the click is taken: the rest (the password check, the office's chunks)
  // runs at full speed, so a busy test machine does not turn a slow sign-in into a lost one.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await expect(page.getByRole('heading', { level: 1, name: `Guten Tag, ${office.name}` })).toBeVisible()
})

test('a search typed and sent before the bookings list is ready is not lost', async ({ page }) => {
  await gotoHydrated(page, '/buero/anmelden/')
  await signIn(page, office.email, DEMO_STAFF_PASSWORD)
  await expect(page.getByRole('heading', { level: 1, name: `Guten Tag, ${office.name}` })).toBeVisible()
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/hydrate-*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/buero/buchungen/')
  const filter = page.getByRole('search', { name: 'Buchungen filtern' })
  await filter.getByLabel('Buchungsnummer, Name, E-Mail oder Telefon').fill('Becker')
  await filter.getByLabel('Buchungsnummer, Name, E-Mail oder Telefon').press('Enter')
  expect(page.url()).not.toContain('?')
  release()
  await expect(page).toHaveURL(/\?q=Becker$/)
  await expect(filter.getByLabel('Buchungsnummer, Name, E-Mail oder Telefon')).toHaveValue('Becker')
})

test('an admin sets up two factors on the first visit, then signs in with password and code', async ({ page }) => {
  await gotoHydrated(page, '/buero/anmelden/')
  await signIn(page, admin.email, DEMO_STAFF_PASSWORD)
  // Nothing else opens before two-factor is on.
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung mit zwei Faktoren' })).toBeVisible()
  // … and nothing else is offered: the office's links wait until then.
  await expect(page.getByRole('navigation', { name: 'Büro' }).getByRole('link')).toHaveText(['Anmeldung mit zwei Faktoren'])
  await gotoHydrated(page, '/buero/')
  await expect(page).toHaveURL(/\/buero\/zwei-faktor\/$/)

  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Einrichtung beginnen' }).click()
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Ersatzcodes' }).getByRole('listitem')).toHaveCount(10)
  const backupCode = await page.getByRole('list', { name: 'Ersatzcodes' }).getByRole('listitem').first().innerText()
  const typed = await page.getByText(/^Oder geben Sie diesen Schlüssel von Hand ein:/).innerText()
  const secret = typed.replace(/^.*ein:/s, '').replace(/\s+/g, '')
  const uri = `otpauth://totp/x?secret=${secret}`
  await expectNoSeriousAxeViolations(page)
  const setupCode = totpCode(uri)
  await page.getByLabel('Code aus der App').fill(setupCode)
  await page.getByRole('button', { name: 'Einrichtung abschließen' }).click()
  await expect(page.getByText('Die Anmeldung mit zwei Faktoren ist eingerichtet.')).toBeVisible()

  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für das Büro' })).toBeVisible()
  await signIn(page, admin.email, DEMO_STAFF_PASSWORD)
  await expect(page.getByRole('heading', { level: 1, name: 'Bestätigungscode' })).toBeVisible()
  await expect(page.getByLabel('Code aus der App')).toBeFocused()
  await expectNoSeriousAxeViolations(page)
  await page.getByLabel('Code aus der App').fill('000000' === totpCode(uri) ? '111111' : '000000')
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Der Code stimmt nicht.')
  // A code signs in once (RFC 6238 § 5.2): the one that finished the setup is refused, the app's next one is taken.
  await page.getByLabel('Code aus der App').fill(setupCode)
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Dieser Code wurde schon verwendet.')
  await page.getByLabel('Code aus der App').fill(totpCode(uri, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Guten Tag, ${admin.name}` })).toBeVisible()
  await expect(page.getByText('Administration (Büro, Mitarbeiterkonten, Einstellungen)')).toBeVisible()

  // The audit log is the admins': searchable, newest first, each entry with who and what.
  await page.getByRole('navigation', { name: 'Büro' }).getByRole('link', { name: 'Protokoll' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible()
  const search = page.getByRole('search', { name: 'Protokoll durchsuchen' })
  await search.getByLabel('Buchungsnummer, Mitarbeiter oder Vorgang').fill('eingegangen')
  await search.getByRole('button', { name: 'Suchen' }).click()
  await expect(page).toHaveURL(/\/buero\/protokoll\/\?q=eingegangen$/)
  await expectNoSeriousAxeViolations(page)

  // Without the phone: a backup code signs in once, the page says how many are left, and new ones replace them.
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await signIn(page, admin.email, DEMO_STAFF_PASSWORD)
  // Backup codes are made of letters and digits that cannot be mixed up, and are taken in any case.
  expect(backupCode).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/)
  await page.getByLabel('Code aus der App oder Ersatzcode').fill(backupCode.toUpperCase())
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page).toHaveURL(/\/buero\/zwei-faktor\/\?ersatzcode=verwendet$/)
  const codes = page.getByRole('region', { name: 'Ersatzcodes' })
  await expect(codes.getByText('Sie haben sich mit einem Ersatzcode angemeldet; dieser Code gilt jetzt nicht mehr.')).toBeVisible()
  await expect(codes.getByText('Sie haben noch 9 unbenutzte Ersatzcodes.')).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  await codes.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await codes.getByRole('button', { name: 'Neue Ersatzcodes erzeugen' }).click()
  await expect(codes.getByRole('list', { name: 'Neue Ersatzcodes' }).getByRole('listitem')).toHaveCount(10)
  // The Protokoll keeps what happened to the admin's own two factors.
  await gotoHydrated(page, '/buero/protokoll/?q=Ersatzcode')
  const entries = page.getByRole('main')
  await expect(entries.getByText('Mit einem Ersatzcode angemeldet')).toBeVisible()
  await expect(entries.getByText('Ersatzcodes übrig: 9')).toBeVisible()
  await expect(entries.getByText('Ersatzcodes neu erzeugt')).toBeVisible()

  // The spent code does not sign in again.
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await signIn(page, admin.email, DEMO_STAFF_PASSWORD)
  await page.getByLabel('Code aus der App oder Ersatzcode').fill(backupCode)
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Dieser Ersatzcode gilt nicht (mehr).')
})

test('the office finds a booking made online by its number and by a traveller, and exports the filtered list', async ({ page, browser, request }) => {
  test.setTimeout(90_000)
  // A booking through the public flow, in a browser of its own.
  const dates = await seatPlanDates(request, 25)
  const customer = await browser.newContext()
  const bookingNumber = await bookToSuccess(await customer.newPage(), dates[22]?.dateId ?? 0)
  await customer.close()

  // Anonymous: no list, no export.
  expect((await request.get('/buero/buchungen/export.csv')).status()).toBe(404)

  await gotoHydrated(page, '/buero/buchungen/')
  await signIn(page, office.email, DEMO_STAFF_PASSWORD)
  await expect(page.getByRole('heading', { level: 1, name: 'Buchungen' })).toBeVisible()
  const filter = page.getByRole('search', { name: 'Buchungen filtern' })
  const list = page.getByRole('region', { name: 'Buchungen' })

  await filter.getByLabel('Buchungsnummer, Name, E-Mail oder Telefon').fill(bookingNumber.toLowerCase())
  await filter.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${bookingNumber.toLowerCase()}`))
  await expect(list.getByRole('row')).toHaveCount(2)
  await expect(list.getByRole('rowheader', { name: bookingNumber })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '1 Buchung' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)

  // The trip filter offers the booking's trip; with it and no text the booking is still listed.
  const tripTitle = (await list.getByRole('row').nth(1).getByRole('cell').nth(2).innerText()).trim()
  await filter.getByLabel('Buchungsnummer, Name, E-Mail oder Telefon').fill('')
  await filter.getByLabel('Reise', { exact: true }).selectOption({ label: tripTitle })
  await filter.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(/reise=\d+/)
  await expect(list.getByRole('rowheader', { name: bookingNumber })).toBeVisible()
  await expect(list.getByRole('cell', { name: tripTitle }).first()).toBeVisible()

  // Back shows the filter of the address it returns to; "Filter zurücksetzen" empties it.
  const trip = filter.getByLabel('Reise', { exact: true })
  const chosen = await trip.inputValue()
  await trip.selectOption({ index: (await trip.locator('option').count()) - 1 })
  await filter.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).not.toHaveURL(new RegExp(`reise=${chosen}(&|$)`))
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`reise=${chosen}(&|$)`))
  await expect(trip).toHaveValue(chosen)
  await filter.getByRole('link', { name: 'Filter zurücksetzen' }).click()
  await expect(page).toHaveURL(/\/buero\/buchungen\/$/)
  await expect(trip).toHaveValue('')

  // By the second traveller's name, in a URL another clerk could open.
  await gotoHydrated(page, `/buero/buchungen/?q=${encodeURIComponent('Bernd Muster')}&zahlung=open&sortierung=number&richtung=asc`)
  await expect(list.getByRole('rowheader', { name: bookingNumber })).toBeVisible()
  await expect(filter.getByLabel('Zahlung')).toHaveValue('open')
  await expect(list.getByRole('columnheader', { name: /Buchungsnummer/ })).toHaveAttribute('aria-sort', 'ascending')

  // The export has exactly the rows of the filter.
  await gotoHydrated(page, `/buero/buchungen/?q=${bookingNumber}`)
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV (Excel)' }).click()])
  const text = readFileSync((await csv.path()) ?? '', 'utf8')
  expect(text.startsWith('\uFEFFBuchungsnummer;Gebucht am;Status;Kunde;')).toBe(true)
  const lines = text.trim().split('\r\n')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`${bookingNumber};`)
  expect(lines[1]).toContain(';Anna Muster;anna.muster@example.de;0521 987654;')
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'XLSX' }).click()])
  expect(xlsx.suggestedFilename()).toMatch(/^buchungen-\d{4}-\d{2}-\d{2}\.xlsx$/)
  // A zip container (its sheet is read in tests/integration/office-booking-list.test.ts).
  expect(readFileSync((await xlsx.path()) ?? '').subarray(0, 2).toString('latin1')).toBe('PK')
})
