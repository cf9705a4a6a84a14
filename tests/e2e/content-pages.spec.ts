// The content pages in a real browser: every page renders its h1, the list pages link to the
// detail pages (reached here by clicking), unknown addresses answer 404, and axe finds no
// serious violations on the main pages. Names come from the page itself, not from the seed.
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { expectNoSeriousAxeViolations, gotoHydrated } from './support'

/** Clicks a link and expects the next page's h1 to carry the link's text. */
async function followTo(page: Page, link: Locator): Promise<string> {
  const name = ((await link.textContent()) ?? '').trim()
  expect(name).not.toBe('')
  await link.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  return name
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 })

test.describe('Schiffe und Hotels', () => {
  test('Schiffsliste → Schiff mit Fakten, Reisen und Brotkrumen', async ({ page }) => {
    const response = await page.goto('/ships/')
    expect(response?.status()).toBe(200)
    await expect(h1(page)).toHaveText('Unsere Schiffe')
    await expect(page.getByRole('heading', { level: 2, name: 'Flussschiffe' })).toBeVisible()
    const name = await followTo(page, page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link').first())
    await expect(page).toHaveURL(/\/ships\/\d+\/$/)
    await expect(page.getByRole('table', { name: 'Fakten zum Schiff' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: `Reisen mit der ${name}` })).toBeVisible()
    const crumbs = page.getByRole('navigation', { name: 'Brotkrumen' })
    await expect(crumbs.getByRole('link', { name: 'Schiffe' })).toHaveAttribute('href', '/ships/')
  })

  test('axe: Schiffsliste', async ({ page }) => {
    await page.goto('/ships/')
    await expect(h1(page)).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })

  test('Hotelliste → Hotel mit Sternen als Text', async ({ page }) => {
    await page.goto('/hotels/')
    await expect(h1(page)).toHaveText('Unsere Hotels')
    await expect(page.getByText(/^\d Sterne?$/).first()).toBeVisible()
    await followTo(page, page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('link').first())
    await expect(page).toHaveURL(/\/hotels\/\d+\/$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Reisen mit diesem Hotel' })).toBeVisible()
  })
})

test.describe('Blog', () => {
  test('Liste, Seite 2 und ein Beitrag mit mehrteiliger Adresse', async ({ page }) => {
    await page.goto('/blog/')
    await expect(h1(page)).toHaveText('Reiseblog')
    const paging = page.getByRole('navigation', { name: 'Seitennavigation' })
    await paging.getByRole('link', { name: 'Nächste Seite' }).click()
    await expect(page).toHaveURL(/\/blog\/\?seite=2$/)
    await expect(h1(page)).toHaveText('Reiseblog')
    await expect(page.getByText(/Seite 2 von \d+/)).toBeVisible()

    const entry = page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('link').first()
    const href = (await entry.getAttribute('href')) ?? ''
    expect(href).toMatch(/^\/blog\/detail\/\d{4}\/\d{2}\/[a-z0-9-]+\/$/)
    const title = await followTo(page, entry)
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/]/g, '\\/')}$`))
    await expect(page.getByRole('navigation', { name: 'Weitere Beiträge' })).toBeVisible()

    // Server-rendered, and the last segment alone is enough.
    const slug = href.split('/').filter(Boolean).at(-1) ?? ''
    const short = await page.goto(`/blog/detail/${slug}/`)
    expect(short?.status()).toBe(200)
    await expect(h1(page)).toHaveText(title)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${href}$`))
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
  })

  test('axe: Blogliste und ein Beitrag', async ({ page }) => {
    await page.goto('/blog/')
    await expect(h1(page)).toBeVisible()
    await expectNoSeriousAxeViolations(page)
    await page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('link').first().click()
    await expect(page).toHaveURL(/\/blog\/detail\//)
    await expect(page.getByRole('navigation', { name: 'Weitere Beiträge' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })

  test('Ratgeber-Artikel aus dem Blog', async ({ page }) => {
    await page.goto('/blog/')
    const guides = page.getByRole('region', { name: 'Ratgeber' })
    await followTo(page, guides.getByRole('link').first())
    await expect(page).toHaveURL(/\/article\/[a-z0-9-]+\/$/)
  })
})

test.describe('Reiseländer', () => {
  test('Übersicht → Land → Region', async ({ page }) => {
    await page.goto('/reiselaender/')
    await expect(h1(page)).toHaveText('Reiseländer')
    const country = page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('link').first()
    const countryName = await followTo(page, country)
    await expect(page).toHaveURL(/\/reiselaender\/[a-z0-9-]+\/$/)
    await expect(page.getByRole('heading', { level: 2, name: /^Alle Reisen: / })).toBeVisible()
    const regions = page.getByRole('region', { name: `Regionen in ${countryName}` })
    const region = regions.getByRole('link').first()
    const regionName = ((await region.textContent()) ?? '').replace(/\s*\(\d+ Reisen?\)$/, '').trim()
    await region.click()
    await expect(h1(page)).toHaveText(regionName)
    await expect(page).toHaveURL(/\/reiselaender\/[a-z0-9-]+\/[a-z0-9-]+\/$/)
    await expect(page.getByRole('navigation', { name: 'Brotkrumen' }).getByRole('link', { name: countryName })).toBeVisible()
  })

  test('axe: Reiseländer', async ({ page }) => {
    await page.goto('/reiselaender/')
    await expect(h1(page)).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })
})

test.describe('Kundenstimmen, Bonusprogramm, Über uns, FAQ', () => {
  test('Kundenstimmen mit Bewertung in Worten', async ({ page }) => {
    await page.goto('/kundenstimmen/')
    await expect(h1(page)).toHaveText('Kundenstimmen')
    await expect(page.getByRole('heading', { name: 'Durchschnittliche Bewertung' })).toBeVisible()
    await expect(page.getByText(/^\d von 5 Sternen$/).first()).toBeVisible()
    await expect(page.getByText(/^\d,\d von 5 Sternen$/)).toBeVisible()
  })

  test('Bonusprogramm erklärt Punkte und Gutscheine', async ({ page }) => {
    await page.goto('/bonusprogramm/')
    await expect(h1(page)).toContainText('Bonusprogramm')
    await expect(page.getByRole('heading', { level: 2, name: 'Auf einen Blick' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'So viele Punkte bringt eine Reise' })).toBeVisible()
  })

  test('Über uns', async ({ page }) => {
    await page.goto('/ueber-uns/')
    await expect(h1(page)).toHaveText('Über uns')
    await expect(page.getByRole('heading', { level: 2, name: 'Unsere Geschichte' })).toBeVisible()
  })

  test('FAQ als Aufklapper, dann ein Service-Eintrag', async ({ page }) => {
    await page.goto('/faq/')
    await expect(h1(page)).toHaveText('Häufige Fragen')
    const question = page.locator('summary').first()
    const details = page.locator('details').first()
    await expect(details).not.toHaveAttribute('open')
    await question.click()
    await expect(details).toHaveAttribute('open')
    const service = page.getByRole('region', { name: 'Weitere Service-Informationen' })
    await followTo(page, service.getByRole('link').first())
    await expect(page).toHaveURL(/\/service-entry\/[a-z0-9-]+\/$/)
  })
})

test.describe('Reiseimpressionen und Galerie', () => {
  test('Galerienliste → Galerie mit Alternativtexten', async ({ page }) => {
    await page.goto('/reiseimpressionen/')
    await expect(h1(page)).toHaveText('Reiseimpressionen')
    await followTo(page, page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('link').first())
    const images = page.getByRole('main').locator('img')
    expect(await images.count()).toBeGreaterThan(0)
    for (const alt of await images.evaluateAll((list) => list.map((img) => img.getAttribute('alt')))) {
      expect(alt?.trim()).toBeTruthy()
    }
  })

  test('Bildergalerie mit Seiten und Links zu den Reisen', async ({ page }) => {
    // A click during hydration can be lost: the page is used once it is interactive.
    await gotoHydrated(page, '/gallery/')
    await expect(h1(page)).toHaveText('Bildergalerie')
    await expect(page.getByRole('main').getByRole('link', { name: /in voller Größe öffnen/ }).first()).toBeVisible()
    await page.getByRole('navigation', { name: 'Seitennavigation' }).getByRole('link', { name: 'Nächste Seite' }).click()
    await expect(page).toHaveURL(/\/gallery\/\?seite=2$/)
    await expect(h1(page)).toHaveText('Bildergalerie')
  })
})

test.describe('Unbekannte Adressen', () => {
  for (const path of [
    '/ships/abc/',
    '/ships/999999999/',
    '/hotels/0/',
    '/hotels/99999999999/',
    '/blog/detail/2026/05/gibt-es-nicht/',
    '/blog/detail/2026/05/Gross-Geschrieben/',
    '/blog/?seite=9999',
    '/reiselaender/atlantis/',
    '/reiselaender/a/b/c/',
    '/reiselaender/region/',
    '/reiseimpressionen/gibt-es-nicht/',
    '/article/gibt-es-nicht/',
    '/service-entry/gibt-es-nicht/',
  ]) {
    test(`${path} → 404`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    })
  }
})
