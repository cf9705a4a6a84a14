// The office's money (issue 26) in Chromium against the production build: the confirmation's
// GiroCode decodes to the operator's IBAN, the amount due and the booking number; a payment recorded on a
// booking's page changes its state there and in the bookings list; a wrong amount is refused at
// its field; the page has no serious axe violation.
import { expect, test } from '@playwright/test'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { bookToSuccess, decodeQrCode, expectNoSeriousAxeViolations, gotoHydrated, seatPlanDates } from './support'

const [office] = DEMO_STAFF

test('the GiroCode on the confirmation decodes to the transfer; the office records the payment and sees the state change', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const dateId = (await seatPlanDates(request, 27))[26]?.dateId ?? 0
  const customer = await browser.newContext()
  const confirmation = await customer.newPage()
  const bookingNumber = await bookToSuccess(confirmation, dateId)

  // The customer's GiroCode, read by a QR decoder: the operator's IBAN, the first amount due, the booking number.
  const payment = confirmation.getByRole('region', { name: /^Zahlung/ })
  const iban = (await payment.locator('dt:text-is("IBAN") + dd').innerText()).replace(/\s/g, '')
  const firstDue = payment.getByRole('row').filter({ has: confirmation.getByRole('link', { name: /Zur Zahlung/ }) }).first()
  const due = (await firstDue.getByRole('cell').first().innerText()).replace(/[^\d,]/g, '').replace(',', '.')
  const code = payment.getByRole('img', { name: /^GiroCode für eine Überweisung/ })
  await expect(code).toHaveAccessibleName(new RegExp(`Verwendungszweck ${bookingNumber}$`))
  const fields = (await decodeQrCode(code))?.split('\n')
  expect(fields?.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT'])
  expect(fields?.[6]).toBe(iban)
  expect(fields?.[7]).toBe(`EUR${due}`)
  expect(fields?.[10]).toBe(bookingNumber)
  await customer.close()

  await gotoHydrated(page, `/buero/buchungen/?q=${bookingNumber}`)
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByLabel('Passwort').fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  const row = page.getByRole('row', { name: new RegExp(bookingNumber) })
  await expect(row).toContainText('offen (0,00 €)')
  await row.getByRole('link', { name: bookingNumber }).click()

  const money = page.getByRole('region', { name: 'Zahlungen' })
  await expect(money.getByText('Noch kein Geld erfasst.')).toBeVisible()
  // Typed as shown ('2.628,00 €'): the office copies amounts from the page.
  const open = (await money.locator('dt:text-is("Noch offen") + dd').innerText()).replace(/\s/g, ' ')
  const form = page.getByRole('form', { name: 'Zahlung oder Erstattung erfassen' })

  // A wrong amount is refused at its field, before anything is stored.
  await form.getByLabel('Betrag in Euro').fill('zwölf')
  await form.getByRole('button', { name: 'Erfassen' }).click()
  await expect(form.getByLabel('Betrag in Euro')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText(/Bitte geben Sie einen Betrag in Euro an/)).toBeVisible()

  // The whole price by transfer: the booking is paid, the entry names the clerk.
  await form.getByLabel('Betrag in Euro').fill(open)
  await form.getByLabel('Zahlungsweg').selectOption({ label: 'Überweisung' })
  await form.getByRole('button', { name: 'Erfassen' }).click()
  await expect(form.getByRole('status')).toContainText(`Zahlung über ${open} ist erfasst.`)
  await expect(money.locator('dt:text-is("Stand") + dd')).toHaveText('bezahlt')
  await expect(money.locator('dt:text-is("Noch offen") + dd')).toHaveText('0,00 €')
  const entries = money.getByRole('region', { name: 'Eingänge und Erstattungen' })
  await expect(entries.getByRole('row', { name: new RegExp(`Zahlung ${open.replace('.', '\\.')}`) })).toContainText(office.name)
  await expect(page.getByRole('region', { name: 'Notizen und Verlauf' })).toContainText('Zahlung erfasst')
  await expectNoSeriousAxeViolations(page)

  // The list says so too, and its filter finds it.
  await gotoHydrated(page, `/buero/buchungen/?q=${bookingNumber}&zahlung=paid`)
  await expect(page.getByRole('row', { name: new RegExp(bookingNumber) })).toContainText(`bezahlt (${open})`)
})
