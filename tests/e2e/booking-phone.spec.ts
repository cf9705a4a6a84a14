// The booking on a phone, in Chromium against the production build: nothing scrolls sideways at
// 320, 360 and 390 px on the four steps, the confirmation and the payment page, with the price table
// at its widest (long names, every add-on, the insurance with the longest name, a voucher); the bar
// with the total and the hold; focus on each new step's heading; the countdown's words; messages
// that go once put right; a seat someone else got first, said where it was tapped.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { DEMO_VOUCHER_CODES } from '../../app/server/db/seed/reference'
import { expectNoSeriousAxeViolations, fillStep1, fillStep2, freeSeats, gotoHydrated, gotoOpenedBooking, next, saved, seatPlanDates } from './support'

/** booking.spec.ts books on the first twelve seat-plan dates; these tests take the six after them. */
const OTHERS = 12
let dates: { tripId: number; dateId: number }[] = []
function dateFor(index: number): number {
  const date = dates[OTHERS + index]
  if (!date) throw new Error(`no seat-plan date #${OTHERS + index} in the demo catalogue`)
  return date.dateId
}

test.beforeAll(async ({ request }) => {
  dates = await seatPlanDates(request, OTHERS + 6)
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
  // Not used up by booking (the regular guests' voucher may be redeemed any number of times).
  await page.getByLabel('Gutscheincode').fill(DEMO_VOUCHER_CODES.regular)
  await page.getByRole('button', { name: 'Gutschein einlösen' }).click()
  await expect(page.getByText(`Der Gutschein ${DEMO_VOUCHER_CODES.regular} wurde angerechnet.`)).toBeVisible()
  await page.getByRole('radio', { name: /^SEPA-Lastschrift/ }).check()
  await expectNoSidewaysScrolling(page, 'step 3 with the SEPA mandate')
  await Promise.all([saved(page), page.getByRole('radio', { name: /^Überweisung/ }).check()])
  await expectNoSidewaysScrolling(page, 'step 3')

  await next(page, 4)
  await expect(page.getByRole('region', { name: 'Preisübersicht Ihrer Buchung' })).toContainText(`Gutschein ${DEMO_VOUCHER_CODES.regular}`)
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

test('a new step takes focus to its heading: Weiter, Zurück and the progress links', async ({ page }) => {
  await gotoHydrated(page, `/buchung/${dateFor(1)}/step1/`)
  const heading = (step: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Schritt ${step}:`) })
  // The page load leaves focus to the browser.
  await expect(heading(1)).not.toBeFocused()
  await fillStep1(page)
  await next(page, 2)
  await expect(heading(2)).toBeFocused()
  await fillStep2(page)
  await next(page, 3)
  await expect(heading(3)).toBeFocused()
  await page.getByRole('link', { name: 'Zurück' }).click()
  await expect(heading(2)).toBeFocused()
  await page.getByRole('navigation', { name: 'Buchungsschritte' }).getByRole('link', { name: /Termin und Plätze/ }).click()
  await expect(heading(1)).toBeFocused()
  // The heading is on the screen, not above it.
  await expect(heading(1)).toBeInViewport()
})

test('the bar at the bottom keeps the total and the end of the hold in view while the step scrolls', async ({ page }) => {
  await gotoHydrated(page, `/buchung/${dateFor(2)}/step1/`)
  await fillStep1(page)
  await next(page, 2)
  const bar = page.getByRole('region', { name: 'Gesamtpreis und Reservierung' })
  const total = await page.getByRole('region', { name: 'Ihr Reisepreis' }).getByRole('row', { name: /Gesamtpreis/ }).getByRole('cell').innerText()
  await expect(bar).toContainText(`Gesamtpreis ${total}`)
  await expect(bar).toContainText(/Plätze reserviert bis \d\d:\d\d Uhr/)
  for (const field of ['Vorname', 'Telefon']) {
    await page.getByRole('group', { name: /^Person 1/ }).getByRole('textbox', { name: field, exact: true }).scrollIntoViewIfNeeded()
    await expect(bar).toBeInViewport()
    const box = await bar.boundingBox()
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(740)
  }
  // Beside the price list on a wide screen it is not needed.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(bar).toBeHidden()
})

test('the countdown says the time left in words, and when it ran out names the button that is there', async ({ page }) => {
  await page.clock.install()
  await gotoHydrated(page, `/buchung/${dateFor(3)}/step1/`)
  const [seat] = await freeSeats(page, 1)
  await Promise.all([saved(page), seat!.tap()])
  await expect(page.getByText(/Ihre Sitzplätze sind bis \d\d:\d\d Uhr für Sie reserviert \(noch (19|20) Minuten\)/)).toBeVisible()
  await page.clock.fastForward('19:30')
  await expect(page.getByText(/\(noch \d{1,2} Sekunden\)/)).toBeVisible()
  await expect(page.getByText(/\d+:\d\d Minuten/)).toHaveCount(0)
  await page.clock.fastForward('01:00')
  const expired = page.getByText('Die Reservierung Ihrer Sitzplätze ist abgelaufen. Mit „Reservierung verlängern“', { exact: false })
  await expect(expired).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reservierung verlängern' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Gesamtpreis und Reservierung' })).toContainText('Platzreservierung abgelaufen')
})

test('a message after "Weiter" goes once its field is put right; no empty "Fehler:" line', async ({ page }) => {
  await gotoHydrated(page, `/buchung/${dateFor(4)}/step1/`)
  const [a, b] = await freeSeats(page, 2)
  await page.getByRole('radio', { name: /^Person 1/ }).check()
  await Promise.all([saved(page), a!.tap()])
  await page.getByRole('radio', { name: /^Person 2/ }).check()
  await Promise.all([saved(page), b!.tap()])
  await page.getByLabel('Zustieg für Person 1').selectOption({ index: 1 })
  await page.getByRole('button', { name: 'Weiter' }).click()
  const message = 'Bitte wählen Sie eine Zustiegsstelle für Person 2.'
  const summary = page.getByRole('heading', { name: 'Bitte prüfen Sie Ihre Angaben' })
  await expect(page.getByRole('link', { name: new RegExp(message) })).toBeVisible()
  await expect(page.getByText(message).last()).toBeVisible()
  await page.getByLabel('Zustieg für Person 2').selectOption({ index: 1 })
  await expect(page.getByText(message)).toHaveCount(0)
  await expect(summary).toHaveCount(0)
  await next(page, 2)
  await fillStep2(page)
  await next(page, 3)
  // The voucher field's message line waits empty for a message: it shows nothing, no "Fehler:".
  const emptyErrorLines = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('body *')].filter(
          (el) => getComputedStyle(el, '::before').content.includes('Fehler:') && (el.textContent ?? '').trim() === '',
        ).length,
    )
  expect(await emptyErrorLines()).toBe(0)
  await page.getByLabel('Gutscheincode').fill('falsch')
  await page.getByRole('button', { name: 'Gutschein einlösen' }).click()
  await expect(page.getByText('Den Gutscheincode „FALSCH“ können wir nicht anrechnen.')).toBeVisible()
  expect(await emptyErrorLines()).toBe(0)
})

test('a seat someone else got first: the message stands at the seat plan where it was tapped, and goes with the next seat', async ({ page, browser }) => {
  // Two browsers and axe over a whole seat plan.
  test.setTimeout(60_000)
  const dateId = dateFor(5)
  await gotoOpenedBooking(page, `/buchung/${dateId}/step1/`)
  const free = await freeSeats(page, 12)
  const seat = free[11]!
  const label = (await seat.innerText()).trim()

  const other = await browser.newContext()
  const second = await other.newPage()
  await gotoOpenedBooking(second, `/buchung/${dateId}/step1/`)
  await second.getByRole('button', { name: new RegExp(`^Platz ${label},`) }).click()
  // The server holds it for the other browser once its bar says so.
  await expect(second.getByText(/Ihre Sitzplätze sind bis .* für Sie reserviert/)).toBeVisible()
  await other.close()

  await seat.scrollIntoViewIfNeeded()
  await Promise.all([saved(page), seat.tap()])
  const plan = page.getByRole('group', { name: 'Sitzplan' })
  const atPlan = plan.getByText(`Platz ${label} hat soeben jemand anderes gewählt. Bitte wählen Sie einen anderen Platz.`)
  await expect(atPlan).toBeInViewport()
  // Right below the tapped seat's row.
  const seatBox = await seat.boundingBox()
  const messageBox = await atPlan.boundingBox()
  expect((messageBox?.y ?? 0) - ((seatBox?.y ?? 0) + (seatBox?.height ?? 0))).toBeGreaterThanOrEqual(0)
  expect((messageBox?.y ?? 0) - ((seatBox?.y ?? 0) + (seatBox?.height ?? 0))).toBeLessThan(20)
  await expectNoSeriousAxeViolations(page)

  await Promise.all([saved(page), free[10]!.tap()])
  await expect(atPlan).toHaveCount(0)
})
