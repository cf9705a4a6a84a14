// The admins' staff list in Chromium against the production build (issue 42): an admin makes an
// office account, whose provisional password signs in in another browser; deactivated, that browser's
// next request lands on the sign-in page and the right password is refused like a wrong one. The
// staff functions answer a clerk and strangers with a 404.
//
// One server of its own on a new folder: the demo admin's two factors are set up here, which the
// shared server's office.spec.ts expects to do itself on its first visit.
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Page, Request } from '@playwright/test'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { totpCode } from '../support/totp'
import { expectNoSeriousAxeViolations, gotoHydrated, serverFunctionIds, useServerOfItsOwn } from './support'

const PORT = 3406
const origin = `http://localhost:${PORT}`
const [clerk, admin] = DEMO_STAFF
const STAFF_FUNCTIONS = new Set(['fetchStaffList', 'createStaffAccount', 'deactivateStaffAccount', 'reactivateStaffAccount'])

test.describe.configure({ mode: 'serial', timeout: 150_000 })

useServerOfItsOwn(PORT, 'reisen-mitarbeiter-', {})

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
}

/** The demo admin's first sign-in: password, then two factors set up (as office.spec.ts does). */
async function signInAdmin(page: Page): Promise<void> {
  await gotoHydrated(page, '/buero/anmelden/')
  await signIn(page, admin.email, DEMO_STAFF_PASSWORD)
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung mit zwei Faktoren' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Einrichtung beginnen' }).click()
  const typed = await page.getByText(/^Oder geben Sie diesen Schlüssel von Hand ein:/).innerText()
  const secret = typed.replace(/^.*ein:/s, '').replace(/\s+/g, '')
  await page.getByLabel('Code aus der App').fill(totpCode(`otpauth://totp/x?secret=${secret}`))
  await page.getByRole('button', { name: 'Einrichtung abschließen' }).click()
  await expect(page.getByText('Die Anmeldung mit zwei Faktoren ist eingerichtet.')).toBeVisible()
}

type Call = { method: string; url: string; body: string | null; headers: Record<string, string> }

function replay(request: APIRequestContext, call: Call, headers: Record<string, string>) {
  const keep = Object.fromEntries(Object.entries(call.headers).filter(([k]) => ['content-type', 'x-tsr-serverfn', 'accept'].includes(k)))
  return request.fetch(call.url, { method: call.method, headers: { ...keep, 'sec-fetch-site': 'same-origin', ...headers }, data: call.body ?? undefined, maxRedirects: 0 })
}

test('an admin makes an office account that signs in elsewhere, and deactivating it ends that session at once', async ({ browser, request }) => {
  const adminContext = await browser.newContext({ baseURL: origin })
  const page = await adminContext.newPage()
  // The staff functions as the page calls them, kept to be sent again by others.
  const ids = new Map([...serverFunctionIds()].map(([name, id]) => [id, name]))
  const calls = new Map<string, Call>()
  page.on('request', (r: Request) => {
    const name = ids.get(/\/_serverFn\/([0-9a-f]{64})/.exec(r.url())?.[1] ?? '')
    if (name && STAFF_FUNCTIONS.has(name) && !calls.has(name)) calls.set(name, { method: r.method(), url: r.url(), body: r.postData(), headers: r.headers() })
  })
  await signInAdmin(page)

  await page.getByRole('navigation', { name: 'Büro' }).getByRole('link', { name: 'Mitarbeiter' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mitarbeiter' })).toBeVisible()
  const list = page.getByRole('region', { name: 'Konten' })
  await expect(list.getByRole('columnheader')).toHaveText(['Name', 'E-Mail-Adresse', 'Rolle', 'Zwei Faktoren', 'Zustand', 'Letzte Anmeldung', 'Aktionen'])
  // One's own account offers nothing to do.
  const own = list.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${admin.name} (Sie)` }) })
  await expect(own.getByRole('cell').nth(2)).toHaveText('an')
  await expect(own.getByRole('button')).toHaveCount(0)

  // A new office account: its password is shown once, with what to do with it.
  const form = page.getByRole('form', { name: 'Mitarbeiter anlegen' })
  await form.getByRole('button', { name: 'Mitarbeiter anlegen' }).click()
  await expect(form.getByLabel('Name')).toBeFocused()
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Fehler: Bitte geben Sie den Namen ein.')
  await form.getByLabel('Name').fill('Nora Neu')
  await form.getByLabel('E-Mail-Adresse').fill('Nora.Neu@example.de')
  await expect(form.getByRole('radio', { name: 'Büro' })).toBeChecked()
  await form.getByRole('button', { name: 'Mitarbeiter anlegen' }).click()
  const created = page.getByRole('status').filter({ hasText: 'ist angelegt' })
  await expect(created).toBeFocused()
  await expect(created).toContainText('Das Konto für Nora Neu (nora.neu@example.de, Rolle Büro) ist angelegt.')
  await expect(created).toContainText('Bitte geben Sie das Passwort persönlich weiter')
  await expect(created).toContainText('„Passwort vergessen?“')
  const password = (await created.locator('code').innerText()).trim()
  // Four groups of five characters that cannot be mixed up when read aloud or from paper.
  expect(password).toMatch(/^[a-hj-km-np-z2-9]{5}(-[a-hj-km-np-z2-9]{5}){3}$/)
  await expect(form.getByLabel('Name')).toHaveValue('')
  const row = list.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Nora Neu' }) })
  await expect(row.getByRole('cell')).toHaveText(['nora.neu@example.de', 'Büro', 'aus', 'aktiv', 'noch nie', /Deaktivieren/])
  await expectNoSeriousAxeViolations(page)

  // The same address again: said at the field.
  await form.getByLabel('Name').fill('Nora Doppelt')
  await form.getByLabel('E-Mail-Adresse').fill('nora.neu@example.de')
  await form.getByRole('button', { name: 'Mitarbeiter anlegen' }).click()
  await expect(form.getByRole('alert')).toHaveText('Nicht angelegt: Zu dieser E-Mail-Adresse gibt es schon ein Konto.')
  await expect(form.getByLabel('E-Mail-Adresse')).toBeFocused()
  await expect(form.getByLabel('E-Mail-Adresse')).toHaveAccessibleDescription('Fehler: Zu dieser E-Mail-Adresse gibt es schon ein Konto.')

  // The new member signs in in a browser of their own; the staff list is not theirs.
  const noraContext = await browser.newContext({ baseURL: origin })
  const nora = await noraContext.newPage()
  await gotoHydrated(nora, '/buero/anmelden/')
  await signIn(nora, 'nora.neu@example.de', password)
  await expect(nora.getByRole('heading', { level: 1, name: 'Guten Tag, Nora Neu' })).toBeVisible()
  await expect(nora.getByRole('navigation', { name: 'Büro' }).getByRole('link', { name: 'Mitarbeiter' })).toHaveCount(0)
  expect((await nora.goto('/buero/mitarbeiter/'))?.status()).toBe(404)
  await gotoHydrated(nora, '/buero/buchungen/')
  await expect(nora.getByRole('heading', { level: 1, name: 'Buchungen' })).toBeVisible()

  // The admin sees the sign-in, and deactivates the account after a check.
  await page.reload()
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/)
  await row.getByRole('button', { name: 'Deaktivieren (Nora Neu)' }).click()
  const check = page.getByRole('region', { name: 'Nora Neu deaktivieren?' })
  await expect(check.getByRole('heading', { name: 'Nora Neu deaktivieren?' })).toBeFocused()
  await expect(check).toContainText('Alle Sitzungen enden sofort')
  await expectNoSeriousAxeViolations(page)
  // Abandoned, the focus is back on the button; then done.
  await check.getByRole('button', { name: 'Abbrechen' }).click()
  await expect(row.getByRole('button', { name: 'Deaktivieren (Nora Neu)' })).toBeFocused()
  await row.getByRole('button', { name: 'Deaktivieren (Nora Neu)' }).click()
  await check.getByRole('button', { name: 'Deaktivieren', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Nora Neu ist deaktiviert; alle Sitzungen sind beendet.' })).toBeFocused()
  await expect(row.getByRole('cell').nth(3)).toHaveText('deaktiviert')
  await expect(row.getByRole('button', { name: 'Reaktivieren (Nora Neu)' })).toBeVisible()

  // Nora's next request finds no session: the sign-in page; the right password is refused like a wrong one.
  await nora.reload()
  await expect(nora).toHaveURL(/\/buero\/anmelden\/\?weiter=%2Fbuero%2Fbuchungen%2F$/)
  await expect(nora.getByRole('heading', { level: 1, name: 'Anmeldung für das Büro' })).toBeVisible()
  await nora.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await signIn(nora, 'nora.neu@example.de', password)
  await expect(nora.getByRole('main').getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort stimmen nicht.')

  // Reactivated, the password signs in again.
  await row.getByRole('button', { name: 'Reaktivieren (Nora Neu)' }).click()
  await page.getByRole('region', { name: 'Nora Neu reaktivieren?' }).getByRole('button', { name: 'Reaktivieren', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Nora Neu ist wieder aktiv.' })).toBeVisible()
  await signIn(nora, 'nora.neu@example.de', password)
  // Back where the session had ended.
  await expect(nora.getByRole('heading', { level: 1, name: 'Buchungen' })).toBeVisible()
  await expect(nora.getByText('Nora Neu (Büro)')).toBeVisible()

  // The audit log has each step, found by her name.
  await gotoHydrated(page, '/buero/protokoll/?q=Nora%20Neu')
  const entries = page.getByRole('main').getByRole('list').first().getByRole('listitem').filter({ hasText: 'Konto: Nora Neu (nora.neu@example.de)' })
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0)).toContainText(`Mitarbeiterkonto reaktiviert · Büro: ${admin.name}`)
  await expect(entries.nth(1)).toContainText('Zustand: aktiv → deaktiviert')
  await expect(entries.nth(2)).toContainText('Rolle: Büro')

  // The staff functions answer a clerk and strangers with a 404, and change nothing.
  expect([...calls.keys()].sort()).toEqual([...STAFF_FUNCTIONS].sort())
  const clerkContext = await browser.newContext({ baseURL: origin })
  const clerkPage = await clerkContext.newPage()
  await gotoHydrated(clerkPage, '/buero/anmelden/')
  await signIn(clerkPage, clerk.email, DEMO_STAFF_PASSWORD)
  await expect(clerkPage.getByRole('heading', { level: 1, name: `Guten Tag, ${clerk.name}` })).toBeVisible()
  const clerkCookie = (await clerkContext.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  // Sent again with the admin's cookie, a call works: the 404s below are the refusal, not the replay.
  const adminCookie = (await adminContext.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  const asAdmin = await replay(request, calls.get('fetchStaffList')!, { cookie: adminCookie })
  expect(asAdmin.status()).toBe(200)
  expect(await asAdmin.text()).toContain('nora.neu@example.de')
  for (const [who, headers] of [
    ['clerk', { cookie: clerkCookie }],
    ['anonymous', {}],
  ] as const) {
    for (const [name, call] of calls) {
      const answer = await replay(request, call, headers)
      const body = await answer.text()
      expect(answer.status(), `${who} ${name}: ${body.slice(0, 200)}`).toBe(404)
      expect(body, `${who} ${name}`).not.toContain('nora.neu@example.de')
    }
  }
  await gotoHydrated(nora, '/buero/')
  await expect(nora.getByRole('heading', { level: 1, name: 'Guten Tag, Nora Neu' })).toBeVisible()
  await Promise.all([adminContext.close(), noraContext.close(), clerkContext.close()])
})
