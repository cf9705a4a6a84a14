// The catalogue in a real browser: start page → category → trip → Merkliste and back, every
// catalogue route's heading, 404s, the .ics download, JSON-LD, axe, and the Merkliste across
// reloads and tabs.
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Page } from '@playwright/test'
import { expectNoSeriousAxeViolations, gotoHydrated } from './support'

type InitCategory = { slug: string; name: string; journeys: number | null; kind: string }

const SPECIAL = /^(top|app|slider|busreisen tipps|reisehighlight)/i

/** The main category with the most trips, read from the API (so nothing of the seed is hard-coded). */
async function biggestCategory(request: APIRequestContext): Promise<InitCategory> {
  const body = (await (await request.get('/api/init-data')).json()) as { categories: InitCategory[] }
  const main = body.categories.filter((c) => (c.journeys ?? 0) > 0 && !SPECIAL.test(c.name.trim()))
  const biggest = main.sort((a, b) => (b.journeys ?? 0) - (a.journeys ?? 0))[0]
  if (!biggest) throw new Error('no category with trips')
  return biggest
}

/** Opens the first trip of the Reisekalender's first month; returns its title once its page shows. */
async function openFirstCalendarTrip(page: Page): Promise<string> {
  const link = page.getByRole('main').getByRole('table').first().getByRole('link').first()
  const title = (await link.textContent())?.trim() ?? ''
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page).toHaveURL(/\/reise\/\d+\/$/)
  return title
}

const wishlistLink = (page: Page, text: string) => page.getByRole('banner').getByRole('link', { name: `Merkliste, ${text}` })

test.describe('Reise-Katalog', () => {
  test('Startseite → Reiseart → Reise → Merkliste und mit „Zurück“ wieder zurück', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    const tiles = page.getByRole('region', { name: 'Unsere Reisearten' })
    const tile = tiles.getByRole('link').first()
    const categoryName = (await tile.textContent())?.trim() ?? ''
    expect(categoryName).not.toBe('')
    await tile.click()
    await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible()
    await expect(page).toHaveURL(/\/reiseuebersicht\/[a-z0-9-]+\/$/)
    const categoryUrl = page.url()

    const tripLink = page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link').first()
    const tripTitle = (await tripLink.textContent())?.trim() ?? ''
    await tripLink.click()
    await expect(page.getByRole('heading', { level: 1, name: tripTitle })).toBeVisible()
    await expect(page).toHaveURL(/\/reise\/\d+\/$/)
    const tripUrl = page.url()

    // Enabled once the page's scripts run; Playwright waits for that before clicking. A double
    // click puts the trip on the list once (the second click does not take it off again).
    await page.getByRole('button', { name: 'Auf die Merkliste' }).dblclick()
    await expect(page.getByRole('button', { name: 'Von der Merkliste entfernen' })).toBeVisible()
    await expect(page.getByText(`„${tripTitle}“ steht jetzt auf Ihrer Merkliste.`)).toBeVisible()

    await wishlistLink(page, '1 Reise').click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ihre Merkliste' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: tripTitle })).toBeVisible()
    await expect(page).toHaveURL(/\/reiseuebersicht\/merkliste\/$/)

    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: tripTitle })).toBeVisible()
    expect(page.url()).toBe(tripUrl)
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible()
    expect(page.url()).toBe(categoryUrl)
  })

  test('jede Katalogseite zeigt ihre Überschrift', async ({ page, request }) => {
    const category = await biggestCategory(request)
    expect(category.journeys ?? 0).toBeGreaterThan(12)

    const pages: [string, RegExp | string][] = [
      ['/', /.+/],
      [`/reiseuebersicht/${category.slug}/`, category.name],
      [`/reiseuebersicht/${category.slug}/2/`, `${category.name} – Seite 2`],
      ['/reiseuebersicht/merkliste/', 'Ihre Merkliste'],
      ['/reisekalender/', 'Reisekalender'],
      ['/flugreisen-reisekalender/', 'Flugreisen-Reisekalender'],
      ['/flugreisen-genussvoll-reisen/', 'Flugreisen genussvoll reisen'],
    ]
    for (const [path, heading] of pages) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible()
    }

    await page.goto(`/reiseuebersicht/${category.slug}/`)
    const firstTrip = page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link').first()
    const href = await firstTrip.getAttribute('href')
    const title = (await firstTrip.textContent())?.trim() ?? ''
    const tripResponse = await page.goto(href ?? '')
    expect(tripResponse?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('table', { name: /Termine und Preise/ })).toBeVisible()
  })

  test('die Reisekalender zeigen Monate mit Terminen und blättern weiter', async ({ page }) => {
    await page.goto('/reisekalender/')
    const months = page.getByRole('main').getByRole('heading', { level: 2, name: /^[A-ZÄÖÜ][a-zäöü]+ \d{4}$/ })
    await expect(months).toHaveCount(3)
    const firstMonth = await months.first().textContent()
    // The month selector shows the month the page begins with, whether it has dates left or not.
    const selectedMonth = page.getByLabel('Ab Monat').getByRole('option', { selected: true })
    await expect(selectedMonth).toHaveText(firstMonth ?? '')
    await page.getByRole('link', { name: 'Spätere Monate' }).click()
    await expect(page).toHaveURL(/monat=\d{4}-\d{2}/)
    await expect(months.first()).not.toHaveText(firstMonth ?? '')
    await expect(selectedMonth).toHaveText((await months.first().textContent()) ?? '')
    await expect(page.getByRole('link', { name: 'Frühere Monate' })).toBeVisible()

    // Filter by a category: the choice goes into the address and narrows the months' tables.
    const select = page.getByLabel('Reiseart')
    const option = select.getByRole('option').nth(1)
    const name = (await option.textContent())?.trim() ?? ''
    await select.selectOption({ label: name })
    await page.getByRole('button', { name: 'Anzeigen' }).click()
    await expect(page).toHaveURL(/kategorie=[a-z0-9-]+/)
    await expect(page.getByText(new RegExp(`^Termine von .* · ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))).toBeVisible()
  })

  test('Sortieren nach Preis ordnet die Reisen um und steht in der Adresse', async ({ page, request }) => {
    const category = await biggestCategory(request)
    await page.goto(`/reiseuebersicht/${category.slug}/`)
    await page.getByLabel('Sortieren nach').selectOption('price')
    await page.getByLabel('Reihenfolge').selectOption('desc')
    await page.getByRole('button', { name: 'Sortieren' }).click()
    await expect(page).toHaveURL(/sortBy=price/)
    await expect(page).toHaveURL(/sortDirection=desc/)
    const readPrices = async () => {
      const texts = await page.getByRole('main').getByText(/[\d.]+,\d{2}\s€/).allTextContents()
      return texts.map((p) => Number((/([\d.]+,\d{2})/.exec(p)?.[1] ?? '').replace(/\./g, '').replace(',', '.')))
    }
    // The new order may arrive a moment after the address changed.
    await expect.poll(async () => {
      const values = await readPrices()
      return values.length > 1 && values.every((v, i) => i === 0 || (values[i - 1] ?? 0) >= v)
    }).toBe(true)
  })

  test('unbekannte Reiseart, unbekannte Reise und /reise/abc/ antworten 404', async ({ page }) => {
    for (const path of ['/reiseuebersicht/gibt-es-nicht/', '/reise/999999999/', '/reise/abc/', '/reiseuebersicht/busreisen/0/']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { name: 'Page Not Found' }), path).toBeVisible()
    }
  })

  test('eine unbekannte Reise im Browser angesteuert: ein einziger Abruf, kein zweiter Versuch', async ({ page }) => {
    await gotoHydrated(page, '/reise/1/')
    // The trip's own data calls (the main menu's pages are preloaded beside them).
    const calls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/_serverFn/') && decodeURIComponent(r.url()).includes('999999999')) calls.push(r.url())
    })
    // A navigation inside the page (the router follows the history), not a new page load.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/reise/999999999/')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    // React Query's back-off would ask again after a second: wait past it.
    await page.waitForTimeout(1_500)
    expect(calls).toHaveLength(1)
  })

  test('die Kalenderdatei eines Termins ist text/calendar mit einem VEVENT', async ({ page, request }) => {
    await page.goto('/reisekalender/')
    await openFirstCalendarTrip(page)
    const icsLink = page.getByRole('link', { name: /Kalendereintrag/ }).first()
    const href = await icsLink.getAttribute('href')
    expect(href).toMatch(/^\/reise\/\d+\/termin\/\d+\.ics$/)
    const response = await request.get(href ?? '')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/calendar')
    const body = await response.text()
    expect(body).toContain('BEGIN:VCALENDAR\r\n')
    expect(body).toContain('BEGIN:VEVENT\r\n')
    expect(body).toMatch(/DTSTART;VALUE=DATE:\d{8}\r\n/)

    const download = page.waitForEvent('download')
    await icsLink.click()
    expect((await download).suggestedFilename()).toMatch(/^reise-\d+-termin-\d+\.ics$/)
  })

  test('JSON-LD der Reise ist ein schema.org Trip mit Angeboten', async ({ page }) => {
    await page.goto('/reisekalender/')
    await openFirstCalendarTrip(page)
    const text = await page.locator('script[type="application/ld+json"]').first().textContent()
    const data = JSON.parse(text ?? '') as {
      '@type': string
      offers: { '@type': string; priceCurrency: string; price: string; availability: string }[]
    }
    expect(data['@type']).toBe('Trip')
    expect(data.offers.length).toBeGreaterThan(0)
    expect(data.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR' })
    expect(data.offers[0]?.price).toMatch(/^\d+\.\d{2}$/)
    expect(data.offers[0]?.availability).toMatch(/^https:\/\/schema\.org\//)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/reise\/\d+\/$/)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/)
  })

  test('axe findet auf Start-, Kategorie-, Reise- und Merklistenseite keine ernsten Verstöße', async ({ page, request }) => {
    // Four full axe scans of large pages: under a loaded CI machine they need more than the default 30 s.
    test.setTimeout(60_000)
    const category = await biggestCategory(request)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    await page.goto(`/reiseuebersicht/${category.slug}/`)
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    const tripLink = page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link').first()
    const title = (await tripLink.textContent())?.trim() ?? ''
    await tripLink.click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Auf die Merkliste' })).toBeEnabled()
    await expectNoSeriousAxeViolations(page)
    await page.getByRole('button', { name: 'Auf die Merkliste' }).click()

    await page.goto('/reiseuebersicht/merkliste/')
    await expect(page.getByRole('heading', { level: 2, name: 'Merkliste teilen' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })

  test('die Merkliste übersteht ein Neuladen und gilt in einem zweiten Tab', async ({ page, context }) => {
    await page.goto('/reisekalender/')
    const title = await openFirstCalendarTrip(page)
    await page.getByRole('button', { name: 'Auf die Merkliste' }).click()
    await expect(wishlistLink(page, '1 Reise')).toBeVisible()

    await page.reload()
    await expect(page.getByRole('button', { name: 'Von der Merkliste entfernen' })).toBeEnabled()
    await expect(wishlistLink(page, '1 Reise')).toBeVisible()

    const second = await context.newPage()
    await second.goto('/reiseuebersicht/merkliste/')
    await expect(wishlistLink(second, '1 Reise')).toBeVisible()
    await expect(second.getByRole('heading', { level: 2, name: title })).toBeVisible()

    // A change in one tab reaches the other through the storage event.
    await page.getByRole('button', { name: 'Von der Merkliste entfernen' }).click()
    await expect(wishlistLink(second, 'keine Reisen')).toBeVisible()
    await expect(second.getByRole('heading', { level: 2, name: 'Ihre Merkliste ist leer' })).toBeVisible()
  })

  test('eine geteilte Merkliste lässt sich übernehmen; verschwundene Reisen werden genannt', async ({ page }) => {
    await page.goto('/reisekalender/')
    const link = page.getByRole('main').getByRole('table').first().getByRole('link').first()
    const href = (await link.getAttribute('href')) ?? ''
    const id = /\/reise\/(\d+)\//.exec(href)?.[1]
    expect(id).toBeTruthy()

    await page.goto(`/reiseuebersicht/merkliste/?ids=${id},999999999`)
    await expect(page.getByRole('heading', { level: 1, name: 'Geteilte Merkliste' })).toBeVisible()
    await expect(page.getByText('Eine Reise dieser Liste ist nicht mehr verfügbar.')).toBeVisible()
    await page.getByRole('button', { name: 'In meine Merkliste übernehmen' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ihre Merkliste' })).toBeVisible()
    await expect(wishlistLink(page, '1 Reise')).toBeVisible()

    // A trip that is gone shows as "nicht mehr verfügbar" with a remove button, not as an error.
    await page.evaluate((tripId) => localStorage.setItem('merkliste', JSON.stringify([Number(tripId), 999999999])), id)
    await page.reload()
    await expect(page.getByText('Reise Nr. 999999999 – nicht mehr verfügbar')).toBeVisible()
    await page.getByRole('button', { name: 'Entfernen: Reise Nr. 999999999' }).click()
    await expect(page.getByText('Reise Nr. 999999999 – nicht mehr verfügbar')).toBeHidden()
    await expect(wishlistLink(page, '1 Reise')).toBeVisible()
  })
})
