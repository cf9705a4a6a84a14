// Issue 42's probes of the office that needed a browser session. Finding 1: the same-origin check
// does not depend on how a path is spelt. Routes ignore case (and the router decodes the path), so
// a rule for "/buero/" let a cross-site POST to /BUERO/kontoauszuege/einlesen through with the
// clerk's cookie. Every state-changing request outside the cookie-less API and newsletter links is
// checked, and the upload checks it itself too. Finding 5: a NUL byte in a search gave a 500 with
// the SQL query in the page; control characters are dropped at the boundary.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { camtStatement } from '../support/camt'
import { gotoHydrated } from './support'

const [office] = DEMO_STAFF

async function signInAsClerk(page: Page): Promise<void> {
  await gotoHydrated(page, '/buero/anmelden/')
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Guten Tag, ${office.name}` })).toBeVisible()
}

test('a cross-site upload of a bank statement is refused with 403 however the path is spelt, with a staff cookie; from the site it is read', async ({ page }) => {
  await signInAsClerk(page)

  const run = Date.now()
  const upload = (path: string, name: string, headers: Record<string, string>) =>
    page.request.post(path, {
      headers: { 'x-datei-name': name, ...headers },
      data: camtStatement([{ amount: '2.00', ref: `CSRF-${run}-${name}`, txs: [{ payer: 'Fremde Seite', ustrd: ['Angriff'] }] }]),
    })
  const crossSite = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' }
  const variants = ['/BUERO/kontoauszuege/einlesen', '/Buero/Kontoauszuege/Einlesen', '/bUeRo/kontoauszuege/einlesen', '/buero/KONTOAUSZUEGE/einlesen', '/%62uero/kontoauszuege/einlesen', '/buero/kontoauszuege/einlesen']
  for (const [index, path] of variants.entries()) {
    const answer = await upload(path, `fremd-${run}-${index}.xml`, crossSite)
    expect(answer.status(), path).toBe(403)
    expect(await answer.json(), path).toEqual({ error: 'Anfrage abgelehnt: Sie kam nicht von dieser Website.' })
  }
  // Without Sec-Fetch-Site, an Origin of another site is refused too; the site's own upload is read.
  expect((await upload('/BUERO/kontoauszuege/einlesen', `fremd-${run}-origin.xml`, { origin: 'http://evil.example', 'content-type': 'application/xml' })).status()).toBe(403)
  const own = await upload('/buero/kontoauszuege/einlesen', `eigen-${run}.xml`, { 'sec-fetch-site': 'same-origin', 'content-type': 'application/xml' })
  expect(own.status()).toBe(200)

  await gotoHydrated(page, '/buero/kontoauszuege/')
  await expect(page.getByRole('link', { name: `eigen-${run}.xml` })).toBeVisible()
  await expect(page.getByText(`fremd-${run}`)).toHaveCount(0)
})

test('the cookie-less API and the newsletter links are not refused for coming from elsewhere', async ({ request }) => {
  // RFC 8058: a mail provider's server posts the one-click unsubscribe (an unknown token is a 404 page).
  const unsubscribe = await request.post('/newsletter/abmelden/unbekanntes-token-0123456789abcdef/', {
    headers: { origin: 'https://mail.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  })
  expect(unsubscribe.status()).not.toBe(403)
  const api = await request.post('/api/booking-drafts', { headers: { origin: 'https://agentur.example', 'content-type': 'application/json' }, data: {} })
  expect(api.status()).not.toBe(403)
  expect(api.status()).toBeLessThan(500)
})

test('control characters in an office search are dropped: the list answers, no database text reaches the page', async ({ page }) => {
  await signInAsClerk(page)
  for (const [path, heading] of [
    ['/buero/buchungen/?q=%00x', 'Buchungen'],
    ['/buero/lastschriften/?q=%00x%07', 'Lastschriften'],
    ['/buero/buchungen/?q=Becker%00%1B', 'Buchungen'],
  ] as const) {
    const answer = await page.goto(path)
    expect(answer?.status(), path).toBe(200)
    const html = await answer?.text()
    for (const leak of ['Failed query', ' ilike ', 'params:']) expect(html, `${path}: ${leak}`).not.toContain(leak)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  }
})

test('an admin page opened by the office role is a German 404 of the office, not the public English one', async ({ page }) => {
  await signInAsClerk(page)
  for (const path of ['/buero/protokoll/', '/buero/mitarbeiter/', '/buero/gibt-es-nicht/']) {
    const answer = await page.goto(path)
    expect(answer?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es im Büro nicht' })).toBeVisible()
    await expect(page.getByText('Page Not Found')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Zur Übersicht des Büros' })).toBeVisible()
  }
})
