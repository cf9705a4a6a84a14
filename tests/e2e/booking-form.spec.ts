// The booking's one form (issue 23) in Chromium against the production build: nothing typed is lost
// when the customer leaves a step at once ("Zurück" after 0, 100 and 250 ms), reloads, goes Back
// and Forward or works in a second tab, each time with a further autosave after it; a price changed
// in another tab is not booked (409); hovering and tabbing past "Buchen" links makes no draft; Back
// after booking shows the booking, not an empty form.
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { fillStep1, fillStep2, gotoHydrated, next, seatPlanDates } from './support'

let dates: { tripId: number; dateId: number }[] = []
/** booking.spec.ts books on the first eight seat-plan dates; these tests take the ones after. */
function dateFor(index: number): { tripId: number; dateId: number } {
  const date = dates[8 + index]
  if (!date) throw new Error(`no seat-plan date #${8 + index} in the demo catalogue`)
  return date
}

test.beforeAll(async ({ request }) => {
  dates = await seatPlanDates(request)
  expect(dates.length).toBeGreaterThanOrEqual(12)
})

const person = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Person ${n}`) })
const textbox = (page: Page, n: number, name: string) => person(page, n).getByRole('textbox', { name, exact: true })
const stepHeading = (page: Page, step: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Schritt ${step}`) })

/** The save (server-function POST) that carried `text`, answered as saved. */
const savedWith = (page: Page, text: string) =>
  page.waitForResponse(
    (r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes(text) && r.status() === 200,
  )

async function reloadHydrated(page: Page): Promise<void> {
  await page.reload()
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

async function expectValues(fields: [Locator, string][]): Promise<void> {
  for (const [field, value] of fields) await expect(field).toHaveValue(value)
}

test('typed, then "Zurück" at once, after 100 and after 250 ms: every value is kept, after a further autosave and a reload too', async ({ page }) => {
  const { dateId } = dateFor(0)
  await gotoHydrated(page, `/buchung/${dateId}/step1/`)
  await fillStep1(page)
  await next(page, 2)
  const firstname = textbox(page, 1, 'Vorname')
  for (const delay of [0, 100, 250]) {
    await firstname.fill(`Anna${delay}`)
    if (delay > 0) await page.waitForTimeout(delay)
    await page.getByRole('link', { name: 'Zurück' }).click()
    await expect(stepHeading(page, 1)).toBeVisible()
    await next(page, 2)
    await expect(firstname).toHaveValue(`Anna${delay}`)
  }
  await Promise.all([savedWith(page, 'Bielefeld-Mitte'), textbox(page, 1, 'Ort').fill('Bielefeld-Mitte')])
  await reloadHydrated(page)
  await expectValues([
    [firstname, 'Anna250'],
    [textbox(page, 1, 'Ort'), 'Bielefeld-Mitte'],
  ])
})

test('typed, then a reload within 100 ms, or the browser’s Back and Forward at once: the new value shows and stays', async ({ page }) => {
  const { dateId } = dateFor(1)
  await gotoHydrated(page, `/buchung/${dateId}/step1/`)
  await fillStep1(page)
  await next(page, 2)
  await Promise.all([savedWith(page, 'Bernd'), fillStep2(page)])

  await textbox(page, 1, 'Ort').fill('Detmold')
  await page.waitForTimeout(100)
  await reloadHydrated(page)
  await expect(textbox(page, 1, 'Ort')).toHaveValue('Detmold')
  await Promise.all([savedWith(page, '0521 111111'), textbox(page, 1, 'Telefon').fill('0521 111111')])
  await reloadHydrated(page)
  await expectValues([
    [textbox(page, 1, 'Ort'), 'Detmold'],
    [textbox(page, 1, 'Telefon'), '0521 111111'],
  ])

  await textbox(page, 1, 'Straße').fill('Neue Straße')
  await page.goBack()
  await expect(stepHeading(page, 1)).toBeVisible()
  await page.goForward()
  await expect(stepHeading(page, 2)).toBeVisible()
  await expect(textbox(page, 1, 'Straße')).toHaveValue('Neue Straße')
  await Promise.all([savedWith(page, '12b'), textbox(page, 1, 'Hausnummer').fill('12b')])
  await reloadHydrated(page)
  await expectValues([
    [textbox(page, 1, 'Straße'), 'Neue Straße'],
    [textbox(page, 1, 'Hausnummer'), '12b'],
    [textbox(page, 1, 'Ort'), 'Detmold'],
    [textbox(page, 1, 'Telefon'), '0521 111111'],
  ])
})

test('a second tab on the same booking: both stay correct; a boarding point changed in tab 2 is not booked from tab 1 (409, nothing booked); Back after booking shows the booking', async ({ page, context, request }) => {
  test.setTimeout(90_000)
  const { dateId } = dateFor(2)
  await gotoHydrated(page, `/buchung/${dateId}/step1/`)
  const seats = await fillStep1(page)
  await next(page, 2)
  await Promise.all([savedWith(page, 'Bernd'), fillStep2(page)])

  // Tab 2 opens the same booking and changes the house number; tab 1, which has not seen that,
  // changes the phone number: its save is refused (409), merged and saved again on top.
  const second = await context.newPage()
  await gotoHydrated(second, `/buchung/${dateId}/step2/`)
  await expect(textbox(second, 1, 'Vorname')).toHaveValue('Anna')
  await Promise.all([savedWith(second, '"7"'), textbox(second, 1, 'Hausnummer').fill('7')])
  const refused = page.waitForResponse((r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST' && r.status() === 409)
  await Promise.all([refused, savedWith(page, '0521 222222'), textbox(page, 1, 'Telefon').fill('0521 222222')])
  await expect(textbox(page, 1, 'Hausnummer')).toHaveValue('7')
  await reloadHydrated(second)
  await expectValues([
    [textbox(second, 1, 'Hausnummer'), '7'],
    [textbox(second, 1, 'Telefon'), '0521 222222'],
    [textbox(second, 1, 'Vorname'), 'Anna'],
  ])

  // Tab 1 goes on to step 4 and shows its total.
  await next(page, 3)
  await page.getByRole('radio', { name: /^Überweisung/ }).check()
  await next(page, 4)
  const total = page.getByRole('region', { name: 'Ihr Reisepreis' }).getByRole('row', { name: /Gesamtpreis/ })
  const shownTotal = await total.innerText()

  // Tab 2 changes Person 1's boarding point, to one with another surcharge where the trip has one.
  await second.goto(`/buchung/${dateId}/step1/`)
  await second.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  const boarding = second.getByLabel(/^Zustieg für /).first()
  await expect(boarding).not.toHaveValue('')
  const options = await boarding.locator('option').allInnerTexts()
  const current = await boarding.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '')
  const surcharge = (text: string) => /Zuschlag ([^)]*)\)/.exec(text)?.[1] ?? ''
  const other = options.findIndex((o, i) => i > 0 && o !== current && !o.startsWith('Haustürtransfer') && surcharge(o) !== surcharge(current))
  const fallback = options.findIndex((o, i) => i > 0 && o !== current && !o.startsWith('Haustürtransfer'))
  const chosen = other > 0 ? other : fallback
  expect(chosen).toBeGreaterThan(0)
  await Promise.all([savedWith(second, 'boardingPointId'), boarding.selectOption({ index: chosen })])
  await second.close()

  // "zahlungspflichtig buchen" in tab 1 confirms what tab 1 showed: refused, nothing booked.
  await page.getByRole('checkbox', { name: /Reisebedingungen/ }).check()
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check()
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('idempotencyKey')),
    page.getByRole('button', { name: 'zahlungspflichtig buchen' }).click(),
  ])
  expect(answer.status()).toBe(409)
  await expect(page.getByRole('alert').filter({ hasText: 'Gebucht wurde nichts' })).toBeVisible()
  await expect(stepHeading(page, 4)).toBeVisible()
  // Step 4 now shows the draft as it is: the other boarding point (and its price).
  await expect(page.getByRole('listitem').filter({ hasText: `Zustieg: ${options[chosen]!.split(' – ')[0]!}` }).first()).toBeVisible()
  if (other > 0) await expect(total).not.toHaveText(shownTotal)
  const availability = (await (await request.get(`/api/trip-dates/${dateId}/availability`)).json()) as { seats: { seat: string; state: string }[] }
  for (const seat of seats) expect(availability.seats.find((s) => s.seat === seat)?.state).toBe('held')

  // Booking what is shown now works; Back from the confirmation shows the booking, not a form.
  await page.getByRole('button', { name: 'zahlungspflichtig buchen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Buchung!' })).toBeVisible()
  const bookingNumber = (await page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).first().innerText()).trim()
  await page.goBack()
  await expect(page.getByRole('heading', { level: 2, name: 'Diese Buchung ist abgeschlossen' })).toBeVisible()
  await expect(page.getByText(bookingNumber).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'zahlungspflichtig buchen' })).toHaveCount(0)
  await expect(page.getByRole('checkbox')).toHaveCount(0)
  await reloadHydrated(page)
  await expect(page.getByRole('heading', { level: 2, name: 'Diese Buchung ist abgeschlossen' })).toBeVisible()
  await page.getByRole('link', { name: 'Zur Buchungsbestätigung' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Buchung!' })).toBeVisible()
})

test('hovering and tabbing past every "Buchen" link of a trip page leaves no cookie and sends nothing that writes', async ({ page, context }) => {
  const { tripId } = dateFor(3)
  await gotoHydrated(page, `/reise/${tripId}/`)
  const writes: string[] = []
  let reads = 0
  page.on('request', (r) => {
    if (!r.url().includes('/_serverFn/')) return
    if (r.method() === 'GET') reads++
    else writes.push(`${r.method()} ${r.url()}`)
  })
  const links = page.getByRole('link', { name: /^Buchen/ })
  const count = await links.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) await links.nth(i).hover()
  // Tab from the first link past the last one, as a keyboard user does.
  await links.first().focus()
  for (let i = 0; i < count + 5; i++) await page.keyboard.press('Tab')
  await page.waitForLoadState('networkidle')
  // The booking route was preloaded (its loader read), and nothing wrote or set a cookie.
  expect(reads).toBeGreaterThan(0)
  expect(writes).toEqual([])
  expect((await context.cookies()).map((c) => c.name).filter((name) => name.startsWith('buchung-'))).toEqual([])
})
