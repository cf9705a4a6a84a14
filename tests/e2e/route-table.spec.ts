// Spec 2's route table, row by row: every route answers 200 and renders its page heading.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'

const STATIC_ROUTES = [
  '/',
  '/faq/',
  '/map/',
  '/test/',
  '/gallery/',
  '/service/',
  '/sitemap/',
  '/ueber-uns/',
  '/inputmodes/',
  '/newsletter/',
  '/blog/',
  '/ships/',
  '/hotels/',
  '/forms/kontakt/',
  '/bonusprogramm/',
  '/kundenstimmen/',
  '/reisekalender/',
  '/zustiegsstellen/',
  '/haustuertransfer/',
  '/reisebueros/',
  '/reisebueros/agenturen/',
  '/reisebueros/agentur-login/',
  '/reiselaender/',
  '/reiseimpressionen/',
  '/flugreisen-reisekalender/',
  '/flugreisen-genussvoll-reisen/',
  '/reiseuebersicht/merkliste/',
  '/reiseuebersicht/search/--------/',
  '/reiseuebersicht/busreisen/',
  '/reiseuebersicht/busreisen/2/',
  '/impressum/',
]

async function expectPage(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible()
}

for (const path of STATIC_ROUTES) {
  test(`${path} rendert seine Überschrift`, async ({ page }) => {
    await expectPage(page, path)
  })
}

// Routes with a parameter: the first link of that shape on the list page leads to a real entry.
const LINKED_ROUTES: { list: string; pattern: RegExp }[] = [
  { list: '/reiseuebersicht/busreisen/', pattern: /^\/reise\/\d+\/$/ },
  { list: '/ships/', pattern: /^\/ships\/\d+\/$/ },
  { list: '/hotels/', pattern: /^\/hotels\/\d+\/$/ },
  { list: '/blog/', pattern: /^\/blog\/detail\/.+\/$/ },
  { list: '/blog/', pattern: /^\/article\/[^/]+\/$/ },
  { list: '/faq/', pattern: /^\/service-entry\/[^/]+\/$/ },
  { list: '/reiselaender/', pattern: /^\/reiselaender\/[^/]+\/$/ },
  { list: '/reiselaender/', pattern: /^\/reiselaender\/[^/]+\/[^/]+\/$/ },
  { list: '/reiseimpressionen/', pattern: /^\/reiseimpressionen\/[^/]+\/$/ },
]

for (const { list, pattern } of LINKED_ROUTES) {
  test(`${pattern.source} über ${list} erreichbar`, async ({ page }) => {
    await page.goto(list)
    const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    const href = hrefs.find((h) => pattern.test(h))
    expect(href, `a link like ${pattern} on ${list}`).toBeTruthy()
    await expectPage(page, href ?? '')
  })
}
