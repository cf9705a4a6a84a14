// The office's departures in Chromium against the production build (issue 25, item 6): a booking
// made through the public flow shows on its date's seat plan with the travellers' names, and the
// date's lists download as PDF and CSV; nobody without a staff session gets a page or a file, and
// a wrong address is a 404.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { flatText, readPdfText } from '../support/pdf-text'
import { bookToSuccess, expectNoSeriousAxeViolations, gotoHydrated, seatPlanDates } from './support'

const [office] = DEMO_STAFF

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
}

test('the office sees a booked departure with names on the seat plan and downloads its lists', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  // A date of its own (office.spec.ts and office-booking.spec.ts book the 23rd to 25th), booked
  // through the public flow in another browser.
  const date = (await seatPlanDates(request, 30))[29]
  if (!date) throw new Error('no 30th seat-plan date in the demo catalogue')
  const customer = await browser.newContext()
  const bookingNumber = await bookToSuccess(await customer.newPage(), date.dateId)
  await customer.close()

  // Anonymous: neither the page nor a file.
  expect((await request.get(`/buero/termine/${date.dateId}/busliste.pdf`)).status()).toBe(404)
  expect((await request.get(`/buero/termine/${date.dateId}/`, { maxRedirects: 0, headers: { accept: 'text/html' } })).status()).toBe(307)

  await gotoHydrated(page, '/buero/termine/')
  await signIn(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Abfahrten' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Büro' }).getByRole('link', { name: 'Abfahrten' })).toHaveAttribute('aria-current', 'page')
  // The filter goes into the address: the booked dates of the trip.
  const filter = page.getByRole('search', { name: 'Abfahrten filtern' })
  await filter.getByLabel('Reise').selectOption(String(date.tripId))
  await filter.getByLabel('Nur Termine mit Buchungen').check()
  await filter.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]reise=${date.tripId}(&|$)`))
  await expect(page).toHaveURL(/[?&]belegt=true(&|$)/)
  const list = page.getByRole('region', { name: 'Abfahrten' })
  const row = list.getByRole('row').filter({ has: page.locator(`a[href="/buero/termine/${date.dateId}/"]`) })
  const link = row.getByRole('link')
  await expect(link).toBeVisible()
  // Gebucht, Reserviert, Frei: the two travellers are booked, nothing is held any more.
  await expect(row.getByRole('cell').nth(3)).toHaveText('2')
  await expect(row.getByRole('cell').nth(4)).toHaveText('0')
  await expectNoSeriousAxeViolations(page)

  await link.click()
  await expect(page).toHaveURL(new RegExp(`/buero/termine/${date.dateId}/$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: /^2 Personen$/ })).toBeVisible()
  const plan = page.getByRole('region', { name: 'Sitzplan mit Namen' })
  const anna = plan.getByRole('cell', { name: /^Platz \w+ Muster, Anna$/ })
  const bernd = plan.getByRole('cell', { name: /^Platz \w+ Muster, Bernd$/ })
  await expect(anna).toBeVisible()
  await expect(bernd).toBeVisible()
  await expect(plan.getByRole('rowheader', { name: 'Reihe 1', exact: true })).toBeVisible()
  await expect(plan.getByRole('cell', { name: /^Platz \w+ frei$/ }).first()).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  // On a phone the page does not scroll sideways (the seat plan scrolls in its own region).
  await page.setViewportSize({ width: 360, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.setViewportSize({ width: 1280, height: 720 })
  const annaSeat = ((await anna.innerText()).match(/Platz (\w+)/) ?? [])[1] ?? ''

  // The Busliste as a PDF: the names with their seats.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Busliste (PDF)' }).click()])
  expect(pdf.suggestedFilename()).toMatch(/^busliste-[A-Z0-9-]+\.pdf$/)
  const bytes = readFileSync((await pdf.path()) ?? '')
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const text = flatText(await readPdfText(bytes))
  expect(text).toContain('Busliste')
  expect(text).toContain(`${annaSeat} Muster, Anna`)
  expect(text).toContain(bookingNumber)

  // The Zustiegsliste as CSV for German Excel: a line per traveller with seat, phone and booking.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Zustiegsliste (CSV)' }).click()])
  expect(csv.suggestedFilename()).toMatch(/^zustiegsliste-[A-Z0-9-]+\.csv$/)
  const body = readFileSync((await csv.path()) ?? '', 'utf8')
  expect(body.startsWith('\uFEFFAbfahrt;Zustiegsstelle;Anschrift;Zustiege hier;Name;Platz;Telefon;Buchungsnummer;Hilfsmittel\r\n')).toBe(true)
  const lines = body.trim().split('\r\n')
  expect(lines).toHaveLength(3)
  expect(lines.find((l) => l.includes(';Muster, Anna;'))).toContain(`;Muster, Anna;${annaSeat};0521 987654;${bookingNumber};`)

  // A wrong address is a 404, never a 500, signed in too.
  for (const path of [`/buero/termine/${date.dateId}/fahrgastliste.pdf`, `/buero/termine/${date.dateId}/busliste.xlsx`, '/buero/termine/abc/busliste.pdf', '/buero/termine/2000000000/busliste.csv']) {
    expect((await page.request.get(path)).status(), path).toBe(404)
  }
  for (const path of ['/buero/termine/abc/', '/buero/termine/2000000000/', '/buero/termine/99999999999/']) {
    expect((await page.request.get(path, { headers: { accept: 'text/html' } })).status(), path).toBe(404)
  }
})
