// The agency login (spec 2, 3, 4; DESIGN 7) in Chromium against the production build, with the
// project's own login frame: the dialog and its rules, the codes and notices, messages from other
// origins, and bookings that are attributed to the agency only while its signed token holds.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { expect, test } from '@playwright/test'
import type { ConsoleMessage, Locator, Page } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { bookToSuccess, expectNoSeriousAxeViolations, gotoHydrated, mailsWith, seatPlanDates } from './support'

/** The seeded demo password (app/server/db/seed/seed.server.ts, DEMO_AGENCY_PASSWORD). */
const DEMO_PASSWORD = 'demo-passwort'
const SONNE = { login: 'reisebuero-sonne', ratioId: '470013', name: 'Reisebüro Sonne', email: 'info@reisebuero-sonne.example' }

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Agentur-Login' })
const frameOf = (page: Page) => page.frameLocator('iframe[title="Anmeldung für Reisebüros"]')
const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key)

/** Opens a page on which the dialog shows and waits until the frame reported that it is loaded. */
async function openDialog(page: Page, url = '/?agentur=true'): Promise<Locator> {
  await gotoHydrated(page, url)
  const dialog = dialogOf(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Seite ist geladen')).toBeVisible()
  return dialog
}

async function submitLogin(page: Page, login: string, password: string): Promise<void> {
  const frame = frameOf(page)
  await frame.getByLabel('Benutzername').fill(login)
  await frame.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password)
  await frame.getByRole('button', { name: 'Anmelden' }).click()
}

async function logIn(page: Page, url = '/?agentur=true'): Promise<void> {
  await openDialog(page, url)
  await submitLogin(page, SONNE.login, DEMO_PASSWORD)
  await expect(dialogOf(page)).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Login erfolgreich' })).toBeVisible()
}

/** Debug lines of the page (the parent logs ignored messages there), each parsed as the JSON object it must be. */
function debugLines(page: Page): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'debug') return
    lines.push(JSON.parse(message.text()) as Record<string, unknown>)
  })
  return lines
}

test.describe('the dialog', () => {
  test('hidden on the local host without ?agentur=true; with it: modal, 320 px, named, not dismissable, focus kept inside; axe', async ({ page }) => {
    await gotoHydrated(page, '/')
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await expect(page.locator('dialog')).toHaveCount(0)
    await expect(page.locator('iframe')).toHaveCount(0)

    const dialog = await openDialog(page)
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true)
    expect((await dialog.boundingBox())?.width).toBe(320)
    await expect(dialog.getByRole('heading', { name: 'Agentur-Login' })).toBeVisible()
    // Once the frame is loaded, its first field has the focus.
    await expect(frameOf(page).getByLabel('Benutzername')).toBeFocused()
    await expectNoSeriousAxeViolations(page)

    // Escape, twice and from inside the frame too: the dialog stays.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await frameOf(page).getByLabel('Benutzername').focus()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true)

    // Tab and Shift+Tab never reach anything outside the dialog: they cycle through the frame's
    // fields (the page's focus is then the iframe) and the browser's own stop (the document itself,
    // where a headed browser has its address bar), as every native modal dialog does.
    const focus = () =>
      page.evaluate(() => {
        const active = document.activeElement
        if (active === null || active === document.body) return 'browser'
        return document.querySelector('dialog')?.contains(active) ? 'dialog' : `outside: ${active.tagName}`
      })
    for (const key of ['Tab', 'Shift+Tab']) {
      const seen: string[] = []
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press(key)
        seen.push(await focus())
      }
      expect(seen.filter((f) => f !== 'dialog' && f !== 'browser')).toEqual([])
      expect(seen.filter((f) => f === 'dialog').length).toBeGreaterThanOrEqual(6)
    }
    // The page behind it is inert: not even a script can focus its links.
    const skipLink = page.getByRole('link', { name: 'Zum Inhalt springen' })
    expect(await skipLink.evaluate((el: HTMLElement) => (el.focus(), document.activeElement === el))).toBe(false)
  })

  test("a wrong password shows 'keine korrekten Anmeldedaten'; the right one stores AgenturId, closes the dialog and shows 'Login erfolgreich'", async ({ page }) => {
    const lines = debugLines(page)
    const dialog = await openDialog(page)
    await submitLogin(page, 'agentur-demo', 'falsches-passwort')
    // Code 4: an alert (shown inside the dialog while it is open), and the frame says it too.
    await expect(dialog.getByRole('alert').filter({ hasText: 'keine korrekten Anmeldedaten' })).toBeVisible()
    await expect(frameOf(page).getByRole('form').getByRole('alert')).toContainText('Keine korrekten Anmeldedaten')
    expect(await stored(page, 'AgenturId')).toBeNull()
    await expect(dialog).toBeVisible()

    await submitLogin(page, SONNE.login, DEMO_PASSWORD)
    await expect(dialog).toBeHidden()
    expect(await stored(page, 'AgenturId')).toBe(SONNE.ratioId)
    const user = JSON.parse((await stored(page, 'AgenturDaten')) ?? 'null') as { name: string; token: string; expires: string }
    expect(user.name).toBe(SONNE.name)
    expect(user.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    await expect(page.getByRole('status').filter({ hasText: 'Login erfolgreich' })).toBeVisible()
    // The logged-in flag: the bar names the agency and offers the logout.
    const bar = page.getByRole('region', { name: 'Agentur-Anmeldung' })
    await expect(bar).toContainText(SONNE.name)
    await expectNoSeriousAxeViolations(page)
    // Nothing the parent logged carries the card.
    for (const line of lines) expect(JSON.stringify(line)).not.toContain(user.token)
  })

  test('on the agency host it shows without a parameter until AgenturId is stored; the logout clears AgenturId and the token and it shows again', async ({ page, baseURL }) => {
    const agencyUrl = `http://agentur.localhost:${new URL(baseURL ?? 'http://localhost:3100').port}/`
    await logIn(page, agencyUrl)
    await gotoHydrated(page, `${agencyUrl}reisebueros/`)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await expect(dialogOf(page)).toHaveCount(0)

    await page.getByRole('region', { name: 'Agentur-Anmeldung' }).getByRole('button', { name: 'Abmelden' }).click()
    expect(await stored(page, 'AgenturId')).toBeNull()
    expect(await stored(page, 'AgenturDaten')).toBeNull()
    await expect(dialogOf(page)).toBeVisible()
  })

  test('the frame page on its own: axe, and no login form outside the dialog', async ({ page }) => {
    await gotoHydrated(page, '/agentur-login-frame/')
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für Reisebüros' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Agentur-Login' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toHaveCount(0)
    await expectNoSeriousAxeViolations(page)
  })
})

test.describe('messages from elsewhere', () => {
  // The site's CSP (frame-src 'self') and COOP already keep other origins' windows away from it;
  // the test lifts the CSP so that a real page of another origin can try, and the message check
  // must hold on its own.
  test.use({ bypassCSP: true })

  let server: Server
  let foreignOrigin = ''
  test.beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      response.end(`<!doctype html><html lang="de"><head><title>Fremde Seite</title></head><body><script>
        const card = { vc_card: { ratio_agency_id: 470026, name: 'Fremd', agency_token: 'x.y' } };
        const target = window.parent !== window ? window.parent : window.opener;
        target.postMessage('3|' + JSON.stringify(card), '*');
        target.postMessage('4', '*');
      </script></body></html>`)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    foreignOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  test('a postMessage from another origin, or from the frame in the wrong shape, changes nothing and is logged at debug level', async ({ page }) => {
    const lines = debugLines(page)
    const dialog = await openDialog(page)
    const reasons = () => lines.filter((l) => l.msg === 'agency message ignored').map((l) => l.reason)

    // 1. A page of another origin in a second frame posts a well-formed login.
    await page.evaluate((src) => {
      const frame = document.createElement('iframe')
      frame.src = src
      frame.title = 'Fremde Seite'
      document.body.append(frame)
    }, `${foreignOrigin}/`)
    await expect.poll(() => reasons().filter((r) => r === 'source').length).toBe(2)

    // 2. The login frame's own window, navigated to the other origin: right window, wrong origin.
    await page.evaluate((src) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Anmeldung für Reisebüros"]')
      if (frame?.contentWindow) frame.contentWindow.location.href = src
    }, `${foreignOrigin}/`)
    await expect.poll(() => reasons().filter((r) => r === 'origin').length).toBe(2)

    expect(await stored(page, 'AgenturId')).toBeNull()
    expect(await stored(page, 'AgenturDaten')).toBeNull()
    await expect(dialog).toBeVisible()
    await expect(page.getByText('Login erfolgreich')).toHaveCount(0)
    await expect(page.getByText('keine korrekten Anmeldedaten')).toHaveCount(0)

    // 3. The real frame (same origin, reloaded) posting something of the wrong shape.
    await page.reload()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await expect(dialog.getByText('Seite ist geladen')).toBeVisible()
    const frame = page.frames().find((f) => f.url().includes('/agentur-login-frame/'))
    expect(frame).toBeDefined()
    await frame!.evaluate(() => {
      for (const data of ['3|{"vc_card":{"ratio_agency_id":"abc"}}', '3', '7', { code: 3 }]) window.parent.postMessage(data, window.location.origin)
    })
    await expect.poll(() => reasons().filter((r) => r === 'shape').length).toBe(4)
    expect(await stored(page, 'AgenturId')).toBeNull()
    await expect(dialog).toBeVisible()
  })
})

test.describe('bookings of agency staff', () => {
  let dates: { tripId: number; dateId: number }[] = []
  test.beforeAll(async ({ request }) => {
    dates = await seatPlanDates(request)
  })
  // booking.spec.ts books on the first dates of the same list; these tests take the last ones.
  const dateId = (index: number) => {
    const date = dates[8 + index]
    if (!date) throw new Error(`no seat-plan date #${8 + index} in the demo catalogue`)
    return date.dateId
  }

  async function mailsTo(bookingNumber: string, count: number) {
    await expect.poll(() => mailsWith(bookingNumber).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count)
    return Promise.all(mailsWith(bookingNumber).map((raw) => simpleParser(raw)))
  }
  const recipients = (mails: Awaited<ReturnType<typeof simpleParser>>[]) =>
    mails.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort()

  test('a booking made while logged in is the customer’s, attributed to the agency, and the agency gets a copy', async ({ page }) => {
    test.setTimeout(60_000)
    await logIn(page)
    const bookingNumber = await bookToSuccess(page, dateId(0))
    await expect(page.getByText(`Gebucht über Ihr Reisebüro: ${SONNE.name}`)).toBeVisible()
    // The booking person is the customer.
    await expect(page.getByText('anna.muster@example.de')).toBeVisible()

    const mails = await mailsTo(bookingNumber, 2)
    expect(recipients(mails)).toEqual(['anna.muster@example.de', SONNE.email])
    const copy = mails.find((m) => m.subject?.startsWith('Kopie für Ihr Reisebüro'))
    expect(copy?.text).toContain(`Gebucht über Ihr Reisebüro: ${SONNE.name}`)
    expect(copy?.text).toContain('für Anna Muster')
    const original = mails.find((m) => m.subject?.startsWith('Ihre Buchung'))
    expect(original?.text).toContain(`Gebucht über Ihr Reisebüro: ${SONNE.name}`)
  })

  for (const [index, what] of [
    [1, 'token'],
    [2, 'AgenturId'],
  ] as const) {
    test(`after tampering with ${what === 'token' ? 'the token' : 'AgenturId'} in localStorage the booking is an ordinary customer’s, with a notice`, async ({ page }) => {
      test.setTimeout(60_000)
      await logIn(page)
      await page.evaluate((change) => {
        if (change === 'token') {
          const user = JSON.parse(window.localStorage.getItem('AgenturDaten') ?? '{}') as { token: string }
          const last = user.token.slice(-1) === 'A' ? 'B' : 'A'
          window.localStorage.setItem('AgenturDaten', JSON.stringify({ ...user, token: user.token.slice(0, -1) + last }))
        } else {
          // Another agency's id next to Reisebüro Sonne's token.
          window.localStorage.setItem('AgenturId', '470026')
        }
      }, what)
      const bookingNumber = await bookToSuccess(page, dateId(index))
      await expect(page.getByText('Gebucht über Ihr Reisebüro')).toHaveCount(0)
      await expect(page.getByRole('status').filter({ hasText: 'Die Buchung wurde deshalb ohne Agentur als Kundenbuchung angelegt' })).toBeVisible()
      // The browser's session is gone, so the next booking does not try again.
      expect(await stored(page, 'AgenturId')).toBeNull()
      await expect(page.getByRole('region', { name: 'Agentur-Anmeldung' })).toHaveCount(0)

      const mails = await mailsTo(bookingNumber, 1)
      // The agency copy would have been written in the same transaction as the customer's mail.
      await page.waitForTimeout(1500)
      expect(recipients(mails)).toEqual(['anna.muster@example.de'])
      expect(mailsWith(bookingNumber)).toHaveLength(1)
      expect(mails[0]?.text).not.toContain('Reisebüro Sonne')
    })
  }
})
