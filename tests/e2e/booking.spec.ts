// The four-step booking in Chromium against the production build: keyboard only, reload and
// Back/Forward, a seat taken by a second browser, vouchers and insurance, PDF, the confirmation
// mail at a real SMTP server with its payment link, axe on every step, and a 360 px phone.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { DEMO_VOUCHER_CODES } from '../../app/server/db/seed/reference'
import { bookToSuccess, expectNoSeriousAxeViolations, fillStep1, fillStep2, freeSeats, gotoHydrated, mailWith, next, saved, seatPlanDates, shownBookingNumber } from './support'

let dates: { tripId: number; dateId: number }[] = []
/** Each test books on its own date, so tests running side by side never want the same seats. */
function dateFor(index: number): { tripId: number; dateId: number } {
  const date = dates[index]
  if (!date) throw new Error(`no seat-plan date #${index} in the demo catalogue`)
  return date
}

test.beforeAll(async ({ request }) => {
  dates = await seatPlanDates(request)
  expect(dates.length).toBeGreaterThanOrEqual(8)
})

/** The save that carried `text`: an earlier autosave may answer first. */
const savedWith = (page: Page, text: string) =>
  page.waitForResponse((r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes(text))

/** Presses Tab until the element has focus: a real keyboard path, not a programmatic focus. */
async function tabTo(page: Page, target: Locator, max = 250): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('element not reached by Tab')
}

test('a whole booking by keyboard only, from the trip page to the success page, with axe on every step', async ({ page }) => {
  // Tabbing through four pages, the Formblatt included, takes a few hundred key presses.
  test.setTimeout(120_000)
  const { tripId, dateId } = dateFor(0)
  await gotoHydrated(page, `/reise/${tripId}/`)
  await tabTo(page, page.locator(`a[href="/buchung/${dateId}/step1/"]`))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Schritt 1: Termin und Plätze' })).toBeVisible()
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await expectNoSeriousAxeViolations(page)

  // The plan has one tab stop; Enter picks it for Person 1, the arrow moves on, Space picks for Person 2.
  // Tab reaches the plan's first free seat: the other seats are out of the tab order.
  await tabTo(page, page.getByRole('group', { name: 'Sitzplan' }).getByRole('button', { name: /, frei$/ }).first())
  await Promise.all([saved(page), page.keyboard.press('Enter')])
  await page.keyboard.press('ArrowRight')
  await Promise.all([saved(page), page.keyboard.press('Space')])
  // Both seats are named as theirs; only the active traveller's (Person 2's, picked last) is pressed.
  await expect(page.getByRole('button', { name: /Ihr Platz: Person 1$/ })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('button', { name: /Ihr Platz: Person 2$/ })).toHaveAttribute('aria-pressed', 'true')
  for (const n of [1, 2]) {
    await tabTo(page, page.getByLabel(`Zustieg für Person ${n}`))
    await page.keyboard.press('ArrowDown')
  }
  await tabTo(page, page.getByRole('button', { name: 'Weiter' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Schritt 2: Reisende' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)

  const fields: [string, string, number][] = [
    ['Vorname', 'Anna', 0],
    ['Nachname', 'Muster', 0],
    ['Straße', 'Hauptstraße', 0],
    ['Hausnummer', '12a', 0],
    ['Postleitzahl', '33602', 0],
    ['Ort', 'Bielefeld', 0],
    ['E-Mail-Adresse', 'anna.muster@example.de', 0],
    ['Telefon', '0521 987654', 0],
    ['Vorname', 'Bernd', 1],
    ['Nachname', 'Muster', 1],
  ]
  for (const [label, value, nth] of fields) {
    await tabTo(page, page.getByRole('textbox', { name: label, exact: true }).nth(nth))
    await page.keyboard.type(value)
  }
  await tabTo(page, page.getByRole('button', { name: 'Weiter' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Schritt 3: Versicherung und Zahlung' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)

  await tabTo(page, page.getByRole('radio', { name: /^Überweisung/ }))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('button', { name: 'Weiter' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Schritt 4: Prüfen und buchen' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  await expect(page.getByRole('region', { name: /Formblatt/ })).toContainText('Pauschalreise')

  await tabTo(page, page.getByRole('checkbox', { name: /Reisebedingungen/ }))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('checkbox', { name: /Datenschutzhinweise/ }))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('button', { name: 'zahlungspflichtig buchen' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Buchung!' })).toBeVisible()
  expect(await shownBookingNumber(page)).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)
  await expectNoSeriousAxeViolations(page)
})

test('reload keeps every entry on every step, Back and Forward too; a deep link leads to the first incomplete step', async ({ page }) => {
  const { dateId } = dateFor(1)
  await gotoHydrated(page, `/buchung/${dateId}/step3/`)
  await expect(page).toHaveURL(new RegExp(`/buchung/${dateId}/step1/\\?hinweis=unvollstaendig$`))
  await expect(page.getByText('Bitte vervollständigen Sie zuerst diesen Schritt')).toBeVisible()

  const seats = await fillStep1(page)
  await Promise.all([savedWith(page, '"EZ"'), page.getByLabel('Anzahl Einzelzimmer (für 1 Person)').selectOption('1')])
  await page.reload()
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await expect(page.getByLabel('Anzahl Einzelzimmer (für 1 Person)')).toHaveValue('1')
  for (const seat of seats) await expect(page.getByRole('button', { name: new RegExp(`^Platz ${seat}, .*Ihr Platz: Person`) }).first()).toBeVisible()
  await Promise.all([saved(page), page.getByLabel('Anzahl Einzelzimmer (für 1 Person)').selectOption('0')])
  await expect(page.getByLabel('Zustieg für Person 1')).not.toHaveValue('')

  await next(page, 2)
  const namesSaved = savedWith(page, 'Bernd')
  await fillStep2(page)
  await namesSaved
  await page.reload()
  await expect(page.getByRole('group', { name: /^Person 1/ }).getByRole('textbox', { name: 'Vorname', exact: true })).toHaveValue('Anna')
  await expect(page.getByRole('group', { name: /^Person 2/ }).getByRole('textbox', { name: 'Nachname', exact: true })).toHaveValue('Muster')

  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await next(page, 3)
  await page.goBack()
  await expect(page.getByRole('heading', { level: 2, name: 'Schritt 2: Reisende' })).toBeVisible()
  await expect(page.getByRole('group', { name: /^Person 1/ }).getByRole('textbox', { name: 'E-Mail-Adresse', exact: true })).toHaveValue('anna.muster@example.de')
  await page.goForward()
  await expect(page.getByRole('heading', { level: 2, name: 'Schritt 3: Versicherung und Zahlung' })).toBeVisible()
  await page.getByRole('radio', { name: /^SEPA-Lastschrift/ }).check()
  await Promise.all([savedWith(page, 'DE89 3704 0044 0532 0130 00'), page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00')])
  await page.reload()
  await expect(page.getByRole('radio', { name: /^SEPA-Lastschrift/ })).toBeChecked()
  await expect(page.getByLabel('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00')

  // The progress indicator leads back to a completed step.
  await page.getByRole('navigation', { name: 'Buchungsschritte' }).getByRole('link', { name: /Termin und Plätze/ }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Schritt 1: Termin und Plätze' })).toBeVisible()
})

test('a seat taken by a second browser in between: a German message and the refreshed plan, nothing else lost', async ({ page, browser }) => {
  const { dateId } = dateFor(2)
  await gotoHydrated(page, `/buchung/${dateId}/step1/`)
  // Chosen the moment the page reports itself hydrated: the step's own subtree may hydrate a little
  // later, and a choice made in between is saved all the same.
  await Promise.all([saved(page), page.getByLabel('Zustieg für Person 1').selectOption({ index: 1 })])
  const [seat] = await freeSeats(page, 1)
  const label = await seat!.innerText()

  const other = await browser.newContext()
  const second = await other.newPage()
  await gotoHydrated(second, `/buchung/${dateId}/step1/`)
  const [theirs] = await freeSeats(second, 1)
  expect(await theirs!.innerText()).toBe(label)
  await Promise.all([saved(second), theirs!.click()])
  await other.close()

  await Promise.all([saved(page), seat!.click()])
  await expect(page.getByRole('form', { name: /^Schritt 1/ }).getByRole('alert')).toContainText(`Der Sitzplatz ${label} wurde soeben von jemand anderem gewählt`)
  await expect(page.getByRole('button', { name: new RegExp(`^Platz ${label}, .*vorübergehend reserviert$`) }).first()).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByLabel('Zustieg für Person 1')).not.toHaveValue('')
  await expect(page.getByRole('radio', { name: /^Person 1: noch kein Platz/ })).toBeVisible()
})

test('"Weiter" clicked while a seat is still being saved is taken: the step saves after it and goes on', async ({ page }) => {
  const { dateId } = dateFor(7)
  await gotoHydrated(page, `/buchung/${dateId}/step1/`)
  await fillStep1(page)
  // From now on every save takes a second, so the next seat's hold is still under way at the click.
  await page.route('**/_serverFn/**', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1_000))
    await route.continue()
  })
  const [seat] = await freeSeats(page, 1)
  await page.getByRole('radio', { name: /^Person 1/ }).check()
  const saving = page.waitForRequest((r) => r.url().includes('/_serverFn/') && r.method() === 'POST')
  await seat!.click()
  await saving
  // As a person clicks: at once, without waiting for the button to look ready.
  await page.getByRole('button', { name: 'Weiter' }).click({ force: true })
  await expect(page).toHaveURL(/\/step2\/$/)
  await expect(page.getByRole('heading', { level: 2, name: /^Schritt 2/ })).toBeVisible()
})

test('a voucher added and removed, a wrong one refused, insurance for one traveller', async ({ page }) => {
  const { dateId } = dateFor(3)
  await gotoHydrated(page, `/buchung/${dateId}/step1/`)
  await fillStep1(page)
  await next(page, 2)
  await fillStep2(page)
  await next(page, 3)
  const summary = page.getByRole('region', { name: 'Ihr Reisepreis' })
  const total = async () => summary.getByRole('row', { name: /Gesamtpreis/ }).innerText()
  const before = await total()

  await page.getByLabel('Gutscheincode').fill('falsch')
  await page.getByRole('button', { name: 'Gutschein einlösen' }).click()
  await expect(page.getByText('Den Gutscheincode „FALSCH“ können wir nicht anrechnen.')).toBeVisible()

  // Typed as printed, in lower case with spaces: the server reads it as the code.
  const code = DEMO_VOUCHER_CODES.welcome
  await page.getByLabel('Gutscheincode').fill(code.toLowerCase().replaceAll('-', ' '))
  await page.getByRole('button', { name: 'Gutschein einlösen' }).click()
  await expect(page.getByText(`Der Gutschein ${code} wurde angerechnet.`)).toBeVisible()
  await expect(summary).toContainText(`Gutschein ${code}`)
  await expect.poll(total).not.toBe(before)
  await Promise.all([saved(page), page.getByRole('button', { name: `Gutschein ${code} entfernen` }).click()])
  await expect(summary).not.toContainText(`Gutschein ${code}`)
  await expect.poll(total).toBe(before)

  const insurance = page.getByRole('group', { name: 'Versicherung für Anna Muster' })
  await expect(insurance.getByRole('radio', { name: 'Keine Versicherung' })).toBeChecked()
  await Promise.all([saved(page), insurance.getByRole('radio', { name: /^Reiserücktrittsversicherung/ }).check()])
  await expect(summary.getByRole('row', { name: /Reiserücktrittsversicherung/ })).toHaveCount(1)
  await expect(page.getByRole('group', { name: 'Versicherung für Bernd Muster' }).getByRole('radio', { name: 'Keine Versicherung' })).toBeChecked()
  await Promise.all([saved(page), page.getByRole('button', { name: 'Keine Versicherung für alle' }).click()])
  await expect(summary.getByRole('row', { name: /Reiserücktrittsversicherung/ })).toHaveCount(0)
})

test('the PDF downloads, the confirmation mail arrives at the SMTP server and its payment link opens; a tampered one does not', async ({ page }) => {
  const { dateId } = dateFor(4)
  const bookingNumber = await bookToSuccess(page, dateId)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Buchungsbestätigung als PDF' }).click()])
  const pdf = readFileSync((await download.path()) ?? '')
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  // The calendar file: the travel days and the departure at the chosen boarding point, with its address.
  const [calendar] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Reise und Abfahrt in den Kalender (.ics)' }).click(),
  ])
  expect(calendar.suggestedFilename()).toBe(`Reise-${bookingNumber}.ics`)
  const ics = readFileSync((await calendar.path()) ?? '', 'utf8').replace(/\r\n /g, '')
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2)
  expect(ics).toMatch(/\r\nDTSTART;VALUE=DATE:\d{8}\r\n/)
  expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/)
  expect(ics).toMatch(/\r\nLOCATION:[^\r]+\\, [^\r]+\\, \d{5} [^\r]+\r\n/)

  await expect.poll(() => mailWith(bookingNumber) !== null, { timeout: 20_000 }).toBe(true)
  const mail = await simpleParser(mailWith(bookingNumber) ?? '')
  expect(mail.subject).toContain(bookingNumber)
  expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('anna.muster@example.de')
  expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf', 'text/calendar'])
  expect(mail.attachments.find((a) => a.contentType === 'text/calendar')?.filename).toBe(`Reise-${bookingNumber}.ics`)
  const link = /https?:\/\/[^\s"<>]+\/payment\/[^\s"<>]+\//.exec(mail.text ?? '')?.[0]
  expect(link).toBeDefined()
  const path = new URL(link ?? '').pathname

  await gotoHydrated(page, path)
  await expect(page.getByRole('heading', { level: 1, name: /^Zahlung: (Anzahlung|Reisepreis)/ })).toBeVisible()
  await expect(page.getByText(bookingNumber).first()).toBeVisible()
  await expectNoSeriousAxeViolations(page)

  const tampered = path.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`)
  const response = await page.goto(tampered)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlung nicht möglich' })).toBeVisible()
  await expect(page.getByText('Dieser Zahlungslink ist ungültig.')).toBeVisible()
})

test('the hold countdown warns five minutes before the end and the hold can be extended with one button', async ({ page }) => {
  const { dateId } = dateFor(6)
  await page.clock.install()
  await gotoHydrated(page, `/buchung/${dateId}/step1/`)
  const [seat] = await freeSeats(page, 1)
  await Promise.all([saved(page), seat!.click()])
  await expect(page.getByText(/Ihre Sitzplätze sind bis \d\d:\d\d Uhr für Sie reserviert/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reservierung verlängern' })).toHaveCount(0)
  await page.clock.fastForward('16:00')
  const extend = page.getByRole('button', { name: 'Reservierung verlängern' })
  await expect(extend).toBeVisible()
  await expect(page.getByText('Ihre Sitzplätze sind noch höchstens fünf Minuten reserviert.', { exact: false })).toBeAttached()
  // Under a minute the time left is said in seconds ("noch 57 Sekunden"). The page's clock is 19
  // minutes ahead of the server's: the extended hold ends 20 real minutes after the click, so the
  // time left grows by the seconds that passed since the seat was picked.
  await page.clock.fastForward('03:00')
  await expect(page.getByText('Ihre Sitzplätze sind noch höchstens eine Minute reserviert.', { exact: false })).toBeAttached()
  const left = async () => Number((await page.getByText(/noch \d+ Sekunden/).innerText()).match(/noch (\d+) Sekunden/)?.[1])
  // Some real seconds pass (the count goes down), so that the extension has time to give back.
  const shown = await left()
  await expect.poll(left, { timeout: 15_000 }).toBeLessThanOrEqual(shown - 3)
  const before = await left()
  await Promise.all([saved(page), extend.click()])
  await expect.poll(left).toBeGreaterThan(before)
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

  test('the seat plan works by tap and nothing scrolls sideways', async ({ page }) => {
    const { dateId } = dateFor(5)
    await gotoHydrated(page, `/buchung/${dateId}/step1/`)
    const [a, b] = await freeSeats(page, 2)
    const box = await a!.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(44)
    expect(box?.height).toBeGreaterThanOrEqual(44)
    await Promise.all([saved(page), a!.tap()])
    await Promise.all([saved(page), b!.tap()])
    await expect(page.getByRole('button', { name: /Ihr Platz: Person 1$/ })).toHaveAttribute('aria-pressed', 'false')
    await expect(page.getByRole('button', { name: /Ihr Platz: Person 2$/ })).toHaveAttribute('aria-pressed', 'true')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })
})

test('a date that cannot be booked gets a clear German page, never a form', async ({ page }) => {
  const response = await page.goto('/buchung/999999/step1/')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Buchung nicht möglich' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Weiter' })).toHaveCount(0)
})
