// Service and utility pages in a real browser: headings, the searches with and without
// JavaScript, forms with German errors, sitemap/robots, masks, and axe on the main pages.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { expectNoSeriousAxeViolations, gotoHydrated } from './support'

const PAGES: readonly [path: string, heading: string][] = [
  ['/zustiegsstellen/', 'Zustiegsstellen'],
  ['/haustuertransfer/', 'Haustürtransfer'],
  ['/map/', 'Reisekarte'],
  ['/service/', 'Service'],
  ['/sitemap/', 'Sitemap'],
  ['/newsletter/', 'Newsletter'],
  ['/forms/katalog/', 'Kataloge bestellen'],
  ['/forms/kontakt/', 'Kontakt'],
  ['/forms/gruppenanfrage/', 'Gruppenanfrage'],
  ['/reisebueros/', 'Reisebüros'],
  ['/reisebueros/agenturen/', 'Partnerreisebüros'],
  ['/reisebueros/agentur-login/', 'Agentur-Login'],
  ['/inputmodes/', 'Eingabeformate'],
]

/**
 * Holds the app's code (the hydration's chunks) until the returned function is called, as a slow
 * connection would. The release checks that a chunk was held: should the build name them otherwise
 * (vite.config.ts, `hydrate-<n>`), the app would hydrate at once and these tests would prove nothing.
 */
async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {}
  let heldChunks = 0
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/hydrate-*.js', async (route) => {
    heldChunks++
    await held
    await route.continue()
  })
  return () => {
    expect(heldChunks, 'no hydrate-* chunk was requested: the hydration chunks are named otherwise').toBeGreaterThan(0)
    release()
  }
}

/** The zip codes in the boarding point list on the page. */

async function listedZips(page: Page): Promise<string[]> {
  const items = page.getByRole('region', { name: /Zustiegsstellen/ }).getByRole('listitem')
  // The page streams: without scripts the list may arrive a moment after the status line.
  await expect(items.first()).toBeVisible()
  const texts = await items.allInnerTexts()
  return texts.flatMap((t) => /\b(\d{5})\b/.exec(t)?.[1] ?? [])
}

test.describe('Service-Seiten', () => {
  for (const [path, heading] of PAGES) {
    test(`${path} zeigt die Überschrift „${heading}“`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      await expect(page).toHaveTitle(/– Sonnenland Reisen$/)
    })
  }

  test('verunstaltete Parameter ergeben nie einen Serverfehler', async ({ request }) => {
    const urls = [
      '/reisebueros/agenturen/?page=999999',
      '/reisebueros/agenturen/?page=-1',
      '/reisebueros/agenturen/?plz=%22%3Cscript%3E',
      '/reisebueros/agenturen/?plz=123456789012345678901234',
      '/sitemap/?page=abc',
      '/sitemap/?page=99999999',
      '/zustiegsstellen/?q=%25_%5C%27%22',
      `/zustiegsstellen/?q=${'x'.repeat(300)}`,
      '/haustuertransfer/?plz=1e5',
      '/haustuertransfer/?plz=%7B%7D',
      '/forms/kontakt/?reise=1e400&termin=-5',
      '/forms/reiseanfrage/?reise=abc',
      '/sitemap-trips-0.xml',
      '/sitemap-trips-abc.xml',
    ]
    for (const url of urls) {
      const response = await request.get(url)
      expect(response.status(), url).toBeLessThan(500)
    }
  })

  test('ein unbekanntes Formular antwortet 404', async ({ page }) => {
    const response = await page.goto('/forms/gibt-es-nicht/')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })

  test('Reiseanfrage: ohne Reise ein Hinweis, mit unbekannter Reise 404', async ({ page }) => {
    await page.goto('/forms/reiseanfrage/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reiseanfrage')
    await expect(page.getByRole('link', { name: 'Allgemeine Frage stellen' })).toHaveAttribute('href', '/forms/kontakt/')
    await expect(page.getByRole('form')).toHaveCount(0)
    const response = await page.goto('/forms/reiseanfrage/?reise=2000000000&termin=1')
    expect(response?.status()).toBe(404)
  })

  test('sitemap.xml und robots.txt antworten mit dem richtigen Inhaltstyp', async ({ request }) => {
    const index = await request.get('/sitemap.xml')
    expect(index.status()).toBe(200)
    expect(index.headers()['content-type']).toMatch(/^application\/xml/)
    const xml = await index.text()
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const firstTrips = /<loc>(http[^<]*sitemap-trips-1\.xml)<\/loc>/.exec(xml)?.[1]
    expect(firstTrips).toBeTruthy()
    const trips = await request.get(new URL(firstTrips ?? '').pathname)
    expect(trips.headers()['content-type']).toMatch(/^application\/xml/)
    expect(await trips.text()).toMatch(/<url><loc>http[^<]+\/reise\/\d+\/<\/loc><\/url>/)
    expect((await request.get('/sitemap-trips-999.xml')).status()).toBe(404)

    // Crawlers that ask for XML or text only must get it, not the HTML-only refusal.
    expect((await request.get('/sitemap.xml', { headers: { Accept: 'application/xml' } })).status()).toBe(200)
    expect((await request.get('/robots.txt', { headers: { Accept: 'text/plain' } })).status()).toBe(200)

    const robots = await request.get('/robots.txt')
    expect(robots.status()).toBe(200)
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/)
    const txt = await robots.text()
    expect(txt).toContain('Disallow: /reiseuebersicht/search/')
    expect(txt).toMatch(/^Sitemap: http\S+\/sitemap\.xml$/m)
  })

  test('die HTML-Sitemap verlinkt Service-Seiten und Reisen', async ({ page }) => {
    await page.goto('/sitemap/')
    await expect(page.getByRole('link', { name: 'Zustiegsstellen' }).first()).toHaveAttribute('href', '/zustiegsstellen/')
    const trips = page.getByRole('region', { name: /Alle Reisen/ })
    await expect(trips.getByRole('link').first()).toHaveAttribute('href', /^\/reise\/\d+\/$/)
  })
})

test.describe('Zustiegsstellen suchen', () => {
  test('nach Postleitzahl und nach Ort mit Umlaut', async ({ page }) => {
    await page.goto('/zustiegsstellen/')
    await expect(page.getByRole('img', { name: /Karte der \d+ Zustiegsstellen/ })).toBeVisible()
    const zips = await listedZips(page)
    expect(zips.length).toBeGreaterThan(3)
    const prefix = (zips[0] ?? '').slice(0, 2)
    const expected = zips.filter((z) => z.startsWith(prefix)).length

    const search = page.getByRole('search')
    await search.getByLabel('Postleitzahl oder Ort').fill(prefix)
    await search.getByRole('button', { name: 'Zustiegsstellen suchen' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?q=${prefix}$`))
    await expect(page.getByRole('main').getByRole('status')).toContainText(`für „${prefix}“ gefunden`)
    const found = await listedZips(page)
    expect(found).toHaveLength(expected)
    expect(found.every((z) => z.startsWith(prefix))).toBe(true)

    // A city with an umlaut, typed with 'ue' instead of 'ü'.
    await page.goto('/zustiegsstellen/')
    const cities = (await page.getByRole('region', { name: /Zustiegsstellen/ }).getByRole('listitem').allInnerTexts()).flatMap(
      (t) => /\d{5} (.+)/.exec(t)?.[1]?.trim() ?? [],
    )
    const umlautCity = cities.find((c) => /[äöü]/.test(c))
    expect(umlautCity).toBeTruthy()
    const spelled = (umlautCity ?? '').toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue')
    await page.getByLabel('Postleitzahl oder Ort').fill(spelled)
    await page.getByRole('button', { name: 'Zustiegsstellen suchen' }).click()
    await expect(page.getByRole('main').getByRole('status')).toContainText(`für „${spelled}“ gefunden`)
    await expect(page.getByRole('region', { name: 'Gefundene Zustiegsstellen' })).toContainText(umlautCity ?? '')
  })

  test('was vor dem Laden des Codes eingetippt wird, sucht danach mit', async ({ page }) => {
    // The app's code comes late, as on a slow connection: the field is typed into before React has it.
    const releaseApp = await holdAppCode(page)
    await page.goto('/zustiegsstellen/')
    const prefix = ((await listedZips(page))[0] ?? '').slice(0, 2)
    await page.getByLabel('Postleitzahl oder Ort').fill(prefix)
    releaseApp()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    // The page's own parts hydrate after the flag: the click is to reach React, not the browser's GET.
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Zustiegsstellen suchen' }).click()
    await expect(page.getByRole('main').getByRole('status')).toContainText(`für „${prefix}“ gefunden`)
    await expect(page.getByLabel('Postleitzahl oder Ort')).toHaveValue(prefix)
  })

  test('funktioniert ohne JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/zustiegsstellen/')
    const zip = (await listedZips(page))[0] ?? ''
    expect(zip).toMatch(/^\d{5}$/)
    await page.getByLabel('Postleitzahl oder Ort').fill(zip)
    await page.getByRole('button', { name: 'Zustiegsstellen suchen' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?q=${zip}$`))
    await expect(page.getByRole('main').getByRole('status')).toContainText(`für „${zip}“ gefunden`)
    const found = await listedZips(page)
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((z) => z === zip)).toBe(true)
    await context.close()
  })

  test('axe findet keine ernsten Verstöße', async ({ page }) => {
    await page.goto('/zustiegsstellen/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })
})

test.describe('Haustürtransfer', () => {
  /** The operator's own zip (shown on /service/): the transfer zones start at the operator's home. */
  async function operatorZip(page: Page): Promise<string> {
    await page.goto('/service/')
    const address = await page.getByRole('region', { name: 'So erreichen Sie uns' }).locator('address').innerText()
    const zip = /\b(\d{5})\b/.exec(address)?.[1]
    expect(zip).toBeTruthy()
    return zip ?? ''
  }

  test('zeigt Zone und Preis für eine Postleitzahl und eine Fehlermeldung für eine falsche', async ({ page }) => {
    const zip = await operatorZip(page)
    // Typing before hydration can lose the first keystroke.
    await gotoHydrated(page, '/haustuertransfer/')
    const field = page.getByRole('textbox', { name: 'Ihre Postleitzahl' })
    await field.pressSequentially(`${zip.slice(0, 2)}x${zip.slice(2)}`)
    await expect(field).toHaveValue(zip)
    await page.getByRole('button', { name: 'Preis anzeigen' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?plz=${zip}$`))
    await expect(page.getByRole('main').getByRole('status')).toContainText(`Ihre Postleitzahl ${zip} liegt in der`)
    await expect(page.getByRole('main').getByRole('status')).toContainText(/\d+,\d{2}\s€ pro Person/)

    await field.fill('123')
    await page.getByRole('button', { name: 'Preis anzeigen' }).click()
    await expect(page.getByText('Bitte geben Sie eine fünfstellige Postleitzahl ein')).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
  })

  test('funktioniert ohne JavaScript, auch mit falscher Eingabe (HTTP 200)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const zip = await operatorZip(page)
    await page.goto('/haustuertransfer/')
    await page.getByRole('textbox', { name: 'Ihre Postleitzahl' }).fill(zip)
    await page.getByRole('button', { name: 'Preis anzeigen' }).click()
    await expect(page.getByRole('main').getByRole('status')).toContainText(`Ihre Postleitzahl ${zip} liegt in der`)

    const response = await page.goto('/haustuertransfer/?plz=abc')
    expect(response?.status()).toBe(200)
    await expect(page.getByText('Bitte geben Sie eine fünfstellige Postleitzahl ein')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Ihre Postleitzahl' })).toHaveAttribute('aria-invalid', 'true')
    await context.close()
  })
})

test.describe('Formulare', () => {
  test('Kontakt: falsche Angaben zeigen deutsche Fehler, richtige die Bestätigung', async ({ page }) => {
    await page.goto('/forms/kontakt/')
    const form = page.getByRole('form', { name: 'Kontakt' })
    await form.getByRole('button', { name: 'Nachricht senden' }).click()

    const summary = page.getByRole('main').getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben' })
    await expect(summary).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihre Angaben' })).toBeFocused()
    await expect(form.getByText('Bitte füllen Sie das Feld „Name“ aus.', { exact: false }).first()).toBeVisible()
    const name = form.getByRole('textbox', { name: 'Name', exact: true })
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAttribute('aria-describedby', /form-kontakt-name-error/)

    await name.fill('Erika Mustermann')
    await form.getByLabel('E-Mail').fill('erika@')
    await form.getByLabel('Nachricht').fill('Gibt es im Mai noch Plätze?')
    await expect(name).not.toHaveAttribute('aria-invalid', 'true')
    await form.getByRole('button', { name: 'Nachricht senden' }).click()
    await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein').first()).toBeVisible()

    await form.getByLabel('E-Mail').fill('erika@example.de')
    await form.getByRole('button', { name: 'Nachricht senden' }).click()
    await expect(page.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Vielen Dank' })).toBeVisible()
  })

  test('Katalogbestellung: PLZ-Maske und Kataloge als Kontrollkästchen', async ({ page }) => {
    await gotoHydrated(page, '/forms/katalog/')
    const form = page.getByRole('form', { name: 'Kataloge bestellen' })
    await form.getByRole('radio', { name: 'Frau' }).check()
    await form.getByLabel('Vorname').fill('Erika')
    await form.getByLabel('Nachname').fill('Mustermann')
    await form.getByLabel('Straße').fill('Lindenweg')
    await form.getByLabel('Hausnummer').fill('3a')
    await form.getByLabel('PLZ').pressSequentially('33a6o02')
    await expect(form.getByLabel('PLZ')).toHaveValue('33602')
    await form.getByRole('textbox', { name: 'Ort', exact: true }).fill('Bielefeld')
    await form.getByRole('button', { name: 'Kataloge kostenlos bestellen' }).click()
    await expect(form.getByText('Bitte wählen Sie bei „Kataloge“ mindestens eine Angabe aus.').first()).toBeVisible()
    const boxes = form.getByRole('group', { name: /Kataloge/ }).getByRole('checkbox')
    expect(await boxes.count()).toBeGreaterThan(1)
    await boxes.first().check()
    await form.getByRole('button', { name: 'Kataloge kostenlos bestellen' }).click()
    await expect(page.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible()
  })

  test('was man vor dem Laden des Codes ausfüllt und abschickt, geht nicht verloren', async ({ page }) => {
    // The app's code comes late, as on a slow connection: the form is painted but not yet React's.
    const releaseApp = await holdAppCode(page)
    const documentRequests: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests.push(request.method())
    })
    await page.goto('/forms/katalog/')
    const form = page.getByRole('form', { name: 'Kataloge bestellen' })
    await form.getByRole('radio', { name: 'Frau' }).check()
    await form.getByLabel('Vorname').fill('Erika')
    await form.getByLabel('Nachname').fill('Mustermann')
    const firstCatalogue = form.getByRole('group', { name: /Kataloge/ }).getByRole('checkbox').first()
    await firstCatalogue.check()
    await form.getByRole('button', { name: 'Kataloge kostenlos bestellen' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    releaseApp()

    // The submit is sent once the form is the app's: only what is still missing is listed.
    const summary = page.getByRole('main').getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben' })
    await expect(summary).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihre Angaben' })).toBeFocused()
    await expect(summary).toContainText('Straße')
    await expect(summary).not.toContainText('Vorname')
    await expect(summary).not.toContainText('Nachname')
    await expect(summary).not.toContainText('Kataloge')
    await expect(form.getByLabel('Vorname')).toHaveValue('Erika')
    await expect(form.getByRole('radio', { name: 'Frau' })).toBeChecked()
    await expect(firstCatalogue).toBeChecked()
    expect(documentRequests).toEqual(['GET'])

    // The form's state holds what was typed before: with the rest filled in, the order goes out.
    await form.getByLabel('Straße').fill('Lindenweg')
    await form.getByLabel('Hausnummer').fill('3a')
    await form.getByLabel('PLZ').fill('33602')
    await form.getByRole('textbox', { name: 'Ort', exact: true }).fill('Bielefeld')
    await form.getByRole('button', { name: 'Kataloge kostenlos bestellen' }).click()
    await expect(page.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible()
    expect(documentRequests).toEqual(['GET'])
  })

  test('Newsletter: Anmeldung bittet um Bestätigung per E-Mail', async ({ page }) => {
    await page.goto('/newsletter/')
    await page.getByRole('button', { name: 'Newsletter abonnieren' }).click()
    await expect(page.getByText('Bitte bestätigen Sie, dass Sie den Newsletter erhalten möchten.').first()).toBeVisible()
    await page.getByLabel('E-Mail-Adresse').fill(`e2e-${Date.now()}@example.de`)
    await page.getByRole('checkbox', { name: /Ja, ich möchte den Newsletter/ }).check()
    await page.getByRole('button', { name: 'Newsletter abonnieren' }).click()
    await expect(page.getByText('Bitte bestätigen Sie Ihre Anmeldung über den Link in der E-Mail, die wir Ihnen senden.')).toBeVisible()
  })

  test('axe findet auf dem Kontaktformular keine ernsten Verstöße, auch mit Fehlern', async ({ page }) => {
    await page.goto('/forms/kontakt/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
    await page.getByRole('button', { name: 'Nachricht senden' }).click()
    await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihre Angaben' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })
})

test.describe('Eingabeformate', () => {
  test('IBAN und PLZ werden beim Tippen formatiert, der Rohwert wird angezeigt', async ({ page }) => {
    await page.goto('/inputmodes/')
    const iban = page.getByLabel('IBAN')
    await expect(iban).toHaveAttribute('inputmode', 'numeric')
    await iban.pressSequentially('12500105170648489890')
    await expect(iban).toHaveValue('DE12 5001 0517 0648 4898 90')
    await expect(page.getByTestId('eingabe-iban-raw')).toHaveText('12500105170648489890')

    const plz = page.getByLabel('PLZ')
    await plz.pressSequentially('3a3b6c0d2e9')
    await expect(plz).toHaveValue('33602')
    await expect(page.getByTestId('eingabe-plz-raw')).toHaveText('33602')

    // Typing in the middle keeps the caret behind the typed digit.
    const date = page.getByLabel('Datum')
    await date.pressSequentially('2412027')
    await expect(date).toHaveValue('24.12.027')
    await date.press('End')
    for (let i = 0; i < 3; i++) await date.press('ArrowLeft')
    await date.press('2')
    await expect(date).toHaveValue('24.12.2027')
    expect(await date.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(7)

    const price = page.getByLabel('Preis in Euro')
    await price.pressSequentially('1234,567')
    await expect(price).toHaveValue('1.234,56')
  })

  test('axe findet keine ernsten Verstöße', async ({ page }) => {
    await page.goto('/inputmodes/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })
})
