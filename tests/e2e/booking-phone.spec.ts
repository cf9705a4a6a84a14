// The booking on a phone, in Chromium against the production build: nothing scrolls sideways at
// 320, 360 and 390 px on the four steps, the confirmation and the payment page, with the price table
// at its widest (long names, every add-on, the insurance with the longest name, a voucher).
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { expectNoSeriousAxeViolations, freeSeats, gotoHydrated, next, saved, seatPlanDates } from './support'

let dates: { tripId: number; dateId: number }[] = []
/** Counted from the end of the list, so these tests never want the seats of booking.spec.ts's dates. */
function dateFor(index: number): number {
  const date = dates[dates.length - 1 - index]
  if (!date || dates.length - 1 - index < 8) throw new Error(`no seat-plan date #${index} of its own in the demo catalogue`)
  return date.dateId
}

test.beforeAll(async ({ request }) => {
  dates = await seatPlanDates(request)
})

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

const WIDTHS = [320, 360, 390] as const

/**
 * At each phone width: the document is exactly as wide as the screen, and no element reaches past
 * its right edge (the page frame clips what would stick out, so the scroll width alone would not
 * tell). Fixed elements and the screen-reader-only texts do not count.
 */
async function expectNoSidewaysScrolling(page: Page, what: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 })
    const found = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const viewport = window.innerWidth
      const beyond = [...document.body.querySelectorAll('*')]
        .filter((el) => {
          const box = el.getBoundingClientRect()
          if (box.width === 0 || box.height === 0 || (box.right <= viewport + 0.5 && box.left >= -0.5)) return false
          const style = getComputedStyle(el)
          return style.position !== 'fixed' && style.clipPath !== 'inset(50%)' && !el.closest('[aria-hidden="true"]')
        })
        .map((el) => `<${el.tagName.toLowerCase()}> ${Math.round(el.getBoundingClientRect().right)} px: ${(el.textContent ?? '').trim().slice(0, 50)}`)
      return { viewport, scrollWidth: document.documentElement.scrollWidth, beyond: beyond.slice(0, 8) }
    })
    expect(found, `${what} at ${width} px`).toEqual({ viewport: width, scrollWidth: width, beyond: [] })
  }
  await page.setViewportSize({ width: 360, height: 740 })
}

/** The option of a select or radio group with the longest text: the widest line it can make. */
function longestOption(texts: string[]): number {
  let best = 0
  texts.forEach((text, i) => {
    if (text.length > (texts[best]?.length ?? 0)) best = i
  })
  return best
}

test('nothing scrolls sideways at 320, 360 and 390 px on steps 1–4, the confirmation and the payment page', async ({ page }) => {
  test.setTimeout(120_000)
  await gotoHydrated(page, `/buchung/${dateFor(0)}/step1/`)
  const [a, b] = await freeSeats(page, 2)
  await page.getByRole('radio', { name: /^Person 1/ }).check()
  await Promise.all([saved(page), a!.tap()])
  await page.getByRole('radio', { name: /^Person 2/ }).check()
  await Promise.all([saved(page), b!.tap()])
  for (const n of [1, 2]) {
    const boarding = page.getByLabel(`Zustieg für Person ${n}`)
    const options = await boarding.getByRole('option').allInnerTexts()
    await Promise.all([saved(page), boarding.selectOption({ index: longestOption(options) })])
  }
  await expectNoSidewaysScrolling(page, 'step 1')

  await next(page, 2)
  const person = (n: number) => page.getByRole('group', { name: new RegExp(`^Person ${n}`) })
  const fields: [number, string, string][] = [
    [1, 'Vorname', 'Anna-Katharina'],
    [1, 'Nachname', 'Müller-Lüdenscheidt'],
    [1, 'Straße', 'Friedrich-Wilhelm-Straße'],
    [1, 'Hausnummer', '112a'],
    [1, 'Postleitzahl', '33602'],
    [1, 'Ort', 'Bielefeld'],
    [1, 'E-Mail-Adresse', 'anna-katharina.mueller-luedenscheidt@example.de'],
    [1, 'Telefon', '0521 98765432'],
    [2, 'Vorname', 'Bernd'],
    [2, 'Nachname', 'Müller-Lüdenscheidt'],
  ]
  for (const [n, label, value] of fields) await person(n).getByRole('textbox', { name: label, exact: true }).fill(value)
  for (const box of await page.getByRole('checkbox').all()) await box.check()
  await expectNoSidewaysScrolling(page, 'step 2')

  await next(page, 3)
  for (const group of await page.getByRole('group', { name: /^Versicherung für/ }).all()) {
    const radios = group.getByRole('radio')
    const names = await radios.evaluateAll((els) => els.map((el) => (el.closest('label')?.textContent ?? '').split(':')[0] ?? ''))
    await Promise.all([saved(page), radios.nth(longestOption(names)).check()])
  }
  // Not used up by booking (STAMMGAST10 may be redeemed any number of times).
  await page.getByLabel('Gutscheincode').fill('STAMMGAST10')
  await page.getByRole('button', { name: 'Gutschein einlösen' }).click()
  await expect(page.getByText('Der Gutschein STAMMGAST10 wurde angerechnet.')).toBeVisible()
  await page.getByRole('radio', { name: /^SEPA-Lastschrift/ }).check()
  await expectNoSidewaysScrolling(page, 'step 3 with the SEPA mandate')
  await Promise.all([saved(page), page.getByRole('radio', { name: /^Überweisung/ }).check()])
  await expectNoSidewaysScrolling(page, 'step 3')

  await next(page, 4)
  await expect(page.getByRole('region', { name: 'Preisübersicht Ihrer Buchung' })).toContainText('Gutschein STAMMGAST10')
  await expectNoSidewaysScrolling(page, 'step 4')
  await expectNoSeriousAxeViolations(page)

  await page.getByRole('checkbox', { name: /Reisebedingungen/ }).check()
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check()
  await page.getByRole('button', { name: 'zahlungspflichtig buchen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Buchung!' })).toBeVisible()
  await expectNoSidewaysScrolling(page, 'the confirmation')
  await expectNoSeriousAxeViolations(page)

  const payment = await page.getByRole('link', { name: /^Zur Zahlung/ }).first().getAttribute('href')
  await gotoHydrated(page, new URL(payment ?? '', page.url()).pathname)
  await expect(page.getByRole('heading', { level: 1, name: /^Zahlung:/ })).toBeVisible()
  await expectNoSidewaysScrolling(page, 'the payment page')
})
