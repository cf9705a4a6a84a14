// The search in a real browser: the form builds the spec-2 URL, the URL alone brings the same
// results back (reload, another browser), Back restores the previous search, and the page
// passes axe. Values come from the page itself, not from the seed's content.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { unixToGermanDate } from '../../app/lib/search/dates'
import { expectNoSeriousAxeViolations, gotoHydrated } from './support'

const EMPTY_SEARCH_URL = '/reiseuebersicht/search/--------/'

// {text}-{categories}-{countries}-{regions}-{start}-{end}-{duration}-{bookable}-{priceRange}
const SEGMENT_SHAPE =
  /\/reiseuebersicht\/search\/(?<text>[^/]*)-(?<categories>[\d,]*)-(?<countries>[\d,]*)-(?<regions>[\d,]*)-(?<start>\d*)-(?<end>\d*)-(?<duration>[\d,]*)-(?<bookable>\d?)-(?<price>[\d,]*)\/(\?.*)?$/

/** 'dd.mm.yyyy' of the Berlin day `offsetDays` from now, as typed into the date fields. */
const germanDate = (offsetDays: number) => unixToGermanDate(Date.now() / 1000 + offsetDays * 86_400)

async function resultCount(page: Page): Promise<string> {
  const text = await page.getByText(/(\d[\d.]*|Keine) Reisen? gefunden/).innerText()
  return text.trim()
}

async function cardTitles(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'Suchergebnisse' }).getByRole('heading', { level: 3 }).allInnerTexts()
}

/** A word of at least five letters from the first card's title: something the catalogue has. */
async function wordFromFirstCard(page: Page): Promise<string> {
  const [title] = await cardTitles(page)
  const word = title?.split(/[^\p{L}]+/u).find((w) => w.length >= 5)
  if (!word) throw new Error(`no usable word in "${title}"`)
  return word.toLowerCase()
}

const filters = (page: Page) => page.getByRole('form', { name: 'Reisesuche verfeinern' })

/** The results region once it shows the search described by `words` (the URL changes first). */
async function resultsFor(page: Page, words: string | RegExp): Promise<void> {
  await expect(page.getByRole('region', { name: 'Suchergebnisse' }).locator('[aria-live="polite"]')).toContainText(words)
}

test.describe('Reisesuche', () => {
  test('Formular absenden: URL nach Spezifikation, gleiche Treffer nach Neuladen und in einem neuen Browser', async ({ page, browser }) => {
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    await expect(page.getByRole('heading', { level: 1, name: 'Reisesuche' })).toBeVisible()
    const word = await wordFromFirstCard(page)

    const form = filters(page)
    await form.getByLabel('Suchbegriff').fill(word)
    await resultsFor(page, `„${word}“`)
    // A category that has trips with these words, whatever the catalogue calls it.
    const category = form.getByRole('group', { name: 'Reiseart' }).getByRole('checkbox', { name: /\([1-9][\d.]*\)$/ }).first()
    await category.check()
    await form.getByLabel('Zeitraum von').fill(germanDate(1))
    await form.getByLabel('Zeitraum bis').fill(germanDate(540))
    await form.getByLabel('Mindestens (Tage)').fill('1')
    await form.getByLabel('Höchstens (Tage)').fill('30')
    await form.getByLabel('Preis bis (Euro)').fill('100000')
    await form.getByRole('button', { name: 'Suchen' }).first().click()

    await expect(page).toHaveURL(SEGMENT_SHAPE)
    await resultsFor(page, `„${word}“`)
    await resultsFor(page, 'Preis bis 100.000')
    await expect(form.getByLabel('Suchbegriff')).toHaveValue(word)
    const match = SEGMENT_SHAPE.exec(new URL(page.url()).pathname)
    expect(match?.groups).toMatchObject({ countries: '', regions: '', duration: '1,30', bookable: '', price: '0,100000' })
    expect(decodeURIComponent(match?.groups?.text ?? '')).toBe(word)
    expect(match?.groups?.categories).toMatch(/^\d+$/)
    expect(Number(match?.groups?.end)).toBeGreaterThan(Number(match?.groups?.start))

    const count = await resultCount(page)
    const titles = await cardTitles(page)
    expect(count).not.toBe('Keine Reisen gefunden')
    expect(titles.length).toBeGreaterThan(0)
    const url = page.url()

    await page.reload()
    await expect(page.getByText(count, { exact: true })).toBeVisible()
    await expect.poll(() => cardTitles(page)).toEqual(titles)
    await expect(filters(page).getByLabel('Suchbegriff')).toHaveValue(word)
    await expect(filters(page).getByRole('group', { name: 'Reiseart' }).getByRole('checkbox', { checked: true })).toHaveCount(1)

    const other = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' })
    const fresh = await other.newPage()
    await fresh.goto(url)
    await expect(fresh.getByText(count, { exact: true })).toBeVisible()
    await expect.poll(() => cardTitles(fresh)).toEqual(titles)
    await other.close()
  })

  test('der Zurück-Knopf stellt die vorige Suche wieder her (Formular und Treffer)', async ({ page }) => {
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    const first = await wordFromFirstCard(page)
    const form = filters(page)
    await form.getByLabel('Suchbegriff').fill(first)
    await form.getByLabel('Suchbegriff').press('Enter')
    await expect(page).toHaveURL(new RegExp(`/search/${first}--------/`))
    await resultsFor(page, `„${first}“`)
    const firstCount = await resultCount(page)
    const firstTitles = await cardTitles(page)

    // A second search: a country filter instead of the words.
    await form.getByLabel('Suchbegriff').fill('')
    const country = form.getByRole('group', { name: 'Reiseland' }).getByRole('checkbox').first()
    await country.check()
    await form.getByRole('button', { name: 'Suchen' }).first().click()
    await expect(page).toHaveURL(/\/search\/--\d+------\//)
    await resultsFor(page, /Suche in /)

    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/search/${first}--------/`))
    await resultsFor(page, `„${first}“`)
    await expect(page.getByText(firstCount, { exact: true })).toBeVisible()
    await expect.poll(() => cardTitles(page)).toEqual(firstTitles)
    await expect(form.getByLabel('Suchbegriff')).toHaveValue(first)
    await expect(form.getByRole('group', { name: 'Reiseland' }).getByRole('checkbox', { checked: true })).toHaveCount(0)

    await page.goForward()
    await expect(form.getByRole('group', { name: 'Reiseland' }).getByRole('checkbox', { checked: true })).toHaveCount(1)
    await expect(form.getByLabel('Suchbegriff')).toHaveValue('')
  })

  test('Filter wirken sofort, ohne für jeden Klick einen Verlaufseintrag', async ({ page }) => {
    await page.goto('/')
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    await resultsFor(page, 'Alle Reisen')
    const before = await resultCount(page)
    const form = filters(page)
    const boxes = form.getByRole('group', { name: 'Reiseart' }).getByRole('checkbox')
    await boxes.nth(0).check()
    await expect(page).toHaveURL(/\/search\/-\d+-------\//)
    await boxes.nth(1).check()
    await expect(page).toHaveURL(/\/search\/-\d+,\d+-------\//)
    await resultsFor(page, /Suche in .+, .+/)
    // One entry for both clicks: Back leads to the search before them.
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`${EMPTY_SEARCH_URL}$`))
    await resultsFor(page, 'Alle Reisen')
    await expect(page.getByText(before, { exact: true })).toBeVisible()
    await expect(boxes.first()).not.toBeChecked()
  })

  test('das Filterformular holt seinen Code erst, wenn man zu ihm greift; was man bis dahin ankreuzt, gilt', async ({ page }) => {
    const asked: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // The form's code is held back until the box below is ticked.
    await page.route(/\/assets\/SearchFilters-[\w-]+\.js$/, async (route) => {
      asked.push(route.request().url())
      await held
      await route.continue()
    })
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    await page.waitForLoadState('networkidle')
    expect(asked).toHaveLength(0)
    const box = filters(page).getByRole('group', { name: 'Reiseart' }).getByRole('checkbox').first()
    // Pointing at the form asks for its code; the box is ticked before the code is here.
    await box.check()
    // The route handler records the request as it arrives, which may be a moment after the click.
    await expect.poll(() => asked.length).toBe(1)
    await expect(page).toHaveURL(new RegExp(`${EMPTY_SEARCH_URL}$`))
    release()
    await expect(page).toHaveURL(/\/search\/-\d+-------\//)
    await resultsFor(page, /Suche in /)
    await expect(box).toBeChecked()
  })

  test('das Filterformular bleibt stehen, wenn die Seite vor seinem Code neue Daten bekommt', async ({ page }) => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/SearchFilters-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    // Minutes later in the browser: the page's data counts as old and is asked for again right after
    // hydration, so the page renders the form with new data while its code is still missing.
    await page.clock.setSystemTime(Date.now() + 10 * 60_000)
    const refreshed = page.waitForResponse((r) => r.url().includes('/_serverFn/'))
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    await refreshed
    await page.waitForLoadState('networkidle')
    const text = filters(page).getByLabel('Suchbegriff')
    await expect(text).toBeVisible()
    await text.fill('Wien')
    release()
    await expect(page).toHaveURL(/\/search\/wien-/)
  })

  test('Filter-Chips entfernen einen Filter; sortieren und blättern', async ({ page }) => {
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    const form = filters(page)
    await form.getByRole('group', { name: 'Reiseart' }).getByRole('checkbox').first().check()
    const chip = page.getByRole('link', { name: /^Reiseart .* entfernen$/ })
    await expect(chip).toBeVisible()
    await chip.click()
    await expect(page).toHaveURL(new RegExp(`${EMPTY_SEARCH_URL}$`))
    await resultsFor(page, 'Alle Reisen')
    await expect(form.getByRole('group', { name: 'Reiseart' }).getByRole('checkbox', { checked: true })).toHaveCount(0)

    await page.getByLabel('Sortieren nach').selectOption('price')
    await page.getByLabel('Reihenfolge').selectOption('desc')
    await page.getByRole('button', { name: 'Sortieren' }).click()
    await expect(page).toHaveURL(/sortBy=price/)
    await expect(page).toHaveURL(/sortDirection=desc/)

    await page.getByRole('navigation', { name: 'Seitennavigation' }).getByRole('link', { name: 'Seite 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByRole('link', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page')
  })

  test('Schnellsuche im Kopf mit Vorschlägen', async ({ page }) => {
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    const word = await wordFromFirstCard(page)
    await page.goto('/')
    const quick = page.getByRole('search', { name: 'Schnellsuche' })
    const field = quick.getByRole('combobox', { name: 'Reise suchen' })
    await field.fill(word.slice(0, 4))
    const list = page.getByRole('listbox', { name: 'Vorschläge' })
    await expect(list).toBeVisible()
    await expect(field).toHaveAttribute('aria-expanded', 'true')
    const options = list.getByRole('option')
    expect(await options.count()).toBeGreaterThan(0)
    expect(await options.count()).toBeLessThanOrEqual(8)
    // The list is at most 310 px high (spec 9).
    expect((await list.boundingBox())?.height ?? 0).toBeLessThanOrEqual(310)
    await field.press('ArrowDown')
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await field.press('Escape')
    await expect(field).toHaveAttribute('aria-expanded', 'false')

    await field.fill(word)
    await field.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/reiseuebersicht/search/${word}--------/$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Reisesuche' })).toBeVisible()
  })

  test('Suchseite: noindex, kanonischer Link, Text für Screenreader', async ({ page }) => {
    await page.goto('/reiseuebersicht/search/LAGO-di-garda/')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/reiseuebersicht\/search\/lago-di-garda--------\/$/)
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Suche nach „lago di garda“' })).toHaveCount(1)
  })

  test('axe findet auf der Ergebnisseite keine ernsten Verstöße', async ({ page }) => {
    // Three axe runs over full result pages: 30 s ran out on a loaded machine.
    test.setTimeout(60_000)
    await page.goto('/reiseuebersicht/search/-------0-/')
    await expect(page.getByRole('heading', { level: 1, name: 'Reisesuche' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    // Also with the suggestions open and with an empty result.
    const field = filters(page).getByLabel('Suchbegriff')
    await field.fill('ga')
    await expect(page.getByRole('listbox', { name: 'Vorschläge' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    await page.goto('/reiseuebersicht/search/xylophonbauerei--------/')
    await expect(page.getByRole('heading', { name: 'Keine passenden Reisen' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })

  test('Zurück stellt auch Sortierung und Seite wieder her', async ({ page }) => {
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    await resultsFor(page, 'Alle Reisen')
    const unsorted = await cardTitles(page)
    await page.getByLabel('Sortieren nach').selectOption('price')
    await page.getByLabel('Reihenfolge').selectOption('desc')
    await page.getByRole('button', { name: 'Sortieren' }).click()
    await expect(page).toHaveURL(/sortBy=price&sortDirection=desc/)
    await expect.poll(() => cardTitles(page)).not.toEqual(unsorted)
    const sorted = await cardTitles(page)
    await page.getByRole('navigation', { name: 'Seitennavigation' }).getByRole('link', { name: 'Seite 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect.poll(() => cardTitles(page)).not.toEqual(sorted)

    await page.goBack()
    await expect(page).not.toHaveURL(/page=2/)
    await expect(page).toHaveURL(/sortBy=price&sortDirection=desc/)
    await expect(page.getByLabel('Sortieren nach')).toHaveValue('price')
    await expect(page.getByLabel('Reihenfolge')).toHaveValue('desc')
    await expect.poll(() => cardTitles(page)).toEqual(sorted)

    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`${EMPTY_SEARCH_URL}$`))
    await expect(page.getByLabel('Sortieren nach')).toHaveValue('date')
    await expect(page.getByLabel('Reihenfolge')).toHaveValue('asc')
    await expect.poll(() => cardTitles(page)).toEqual(unsorted)
  })

  test('falsche Werte für Sortierung, Seite und Ferien ergeben die Vorgaben statt eines Fehlers', async ({ page }) => {
    const response = await page.goto(`${EMPTY_SEARCH_URL}?sortBy=x&sortDirection=up&page=-1&ferien=nein`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Reisesuche' })).toBeVisible()
    await expect(page.getByLabel('Sortieren nach')).toHaveValue('date')
    await expect(page.getByLabel('Reihenfolge')).toHaveValue('asc')
    await expect(page.getByRole('navigation', { name: 'Seitennavigation' }).getByRole('link', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page')
    await expect(filters(page).getByRole('checkbox', { name: /Nur Ferientermine/ })).not.toBeChecked()
  })

  test('Ferientermine: Häkchen, Adresse, Filter-Chip und Neuladen', async ({ page }) => {
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    await resultsFor(page, 'Alle Reisen')
    const all = await resultCount(page)
    await filters(page).getByRole('checkbox', { name: /Nur Ferientermine/ }).check()
    await expect(page).toHaveURL(/ferien=true/)
    const chip = page.getByRole('link', { name: /Ferientermine.*entfernen$/ })
    await expect(chip).toBeVisible()
    await expect.poll(() => resultCount(page)).not.toBe(all)
    const ferien = await resultCount(page)
    await page.reload()
    await expect(filters(page).getByRole('checkbox', { name: /Nur Ferientermine/ })).toBeChecked()
    await expect(page.getByText(ferien, { exact: true })).toBeVisible()
    await chip.click()
    await expect(page).not.toHaveURL(/ferien=true/)
    await expect(page.getByText(all, { exact: true })).toBeVisible()
  })

  test('Vorschläge öffnen 300 ms nach dem Tippen und schließen 250 ms nach dem Verlassen (Spezifikation 9)', async ({ page }) => {
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    const word = await wordFromFirstCard(page)
    await page.clock.install()
    // The quick search in the header: leaving it does not start a search.
    await gotoHydrated(page, '/')
    // From here on the page's time moves only when the test moves it: a slow machine cannot
    // let the 300 ms pass between typing and the first look.
    await page.clock.pauseAt(Date.now() + 1000)
    const quick = page.getByRole('search', { name: 'Schnellsuche' })
    const field = quick.getByRole('combobox', { name: 'Reise suchen' })
    const list = quick.getByRole('listbox', { name: 'Vorschläge' })
    await field.fill(word.slice(0, 4))
    await page.clock.runFor(250)
    await expect(list).toBeHidden()
    await page.clock.runFor(60)
    // The suggestions arrive over the network; the query library hands them over on a timer.
    await expect
      .poll(async () => {
        await page.clock.runFor(10)
        return list.isVisible()
      })
      .toBe(true)
    await field.blur()
    await page.clock.runFor(200)
    await expect(list).toBeVisible()
    await page.clock.runFor(60)
    await expect(list).toBeHidden()
  })

  test('ein in einer anderen Zeitzone getipptes Datum meint Mitternacht in Berlin', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'America/New_York' })
    const page = await context.newPage()
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    const form = filters(page)
    await form.getByLabel('Zeitraum von').fill('01.07.2030')
    await form.getByRole('button', { name: 'Suchen' }).first().click()
    await expect(page).toHaveURL(SEGMENT_SHAPE)
    // 1 July 2030, 00:00 in Berlin (summer time) is 30 June 2030, 22:00 UTC.
    const berlinMidnight = Date.UTC(2030, 5, 30, 22) / 1000
    expect(SEGMENT_SHAPE.exec(new URL(page.url()).pathname)?.groups?.start).toBe(String(berlinMidnight))
    await page.reload()
    await expect(filters(page).getByLabel('Zeitraum von')).toHaveValue('01.07.2030')
    await context.close()
  })

  test('ein halb getipptes Datum ist erst nach dem Verlassen ein Fehler; ein ungültiges lässt den Zeitraum leer', async ({ page }) => {
    await gotoHydrated(page, EMPTY_SEARCH_URL)
    const form = filters(page)
    const from = form.getByLabel('Zeitraum von')
    const error = form.getByText('Bitte geben Sie ein Datum wie 24.12.2027 ein.')
    await from.fill('24.1')
    await expect(error).toHaveCount(0)
    await from.blur()
    await expect(error).toBeVisible()
    await from.fill('31.02.2030')
    await form.getByRole('button', { name: 'Suchen' }).first().click()
    await expect(error).toBeVisible()
    await expect(page).toHaveURL(SEGMENT_SHAPE)
    expect(SEGMENT_SHAPE.exec(new URL(page.url()).pathname)?.groups?.start).toBe('')
  })

  test('ohne Schrägstrich am Ende leitet die Such-URL weiter', async ({ request }) => {
    const response = await request.get('/reiseuebersicht/search/gardasee--------', { maxRedirects: 0 })
    expect(response.status()).toBe(308)
    expect(response.headers().location).toMatch(/\/reiseuebersicht\/search\/gardasee--------\/$/)
  })

  test('ohne Skripte: das Formular führt über die Weiterleitung zur Such-URL', async ({ request }) => {
    const response = await request.get('/reiseuebersicht/search/?text=Ostsee&bookable=0', { maxRedirects: 0 })
    expect([302, 303, 307]).toContain(response.status())
    const followed = await request.get('/reiseuebersicht/search/?text=Ostsee&bookable=0')
    expect(followed.url()).toMatch(/\/reiseuebersicht\/search\/ostsee-------0-\/$/)
    expect(followed.status()).toBe(200)
    // Ticked boxes arrive as repeated keys, numbers in German notation ('1.500' is 1,500 €).
    const boxes = await request.get('/reiseuebersicht/search/?text=&categories=3&categories=4&priceMin=&priceMax=1.500&sortBy=price', { maxRedirects: 0 })
    expect(boxes.headers().location).toMatch(/\/reiseuebersicht\/search\/-3,4-------0,1500\/\?sortBy=price$/)
  })
})
