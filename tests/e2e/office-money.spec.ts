// The office's money (issue 26) in Chromium against the production build: the confirmation's
// GiroCode decodes to the operator's IBAN, the amount due and the booking number; a payment recorded on a
// booking's page changes its state there and in the bookings list; a wrong amount is refused at
// its field; a cancellation shows its fee before it is confirmed, frees the seats and mails the
// customer; a booking is rebooked to another date of its trip for the fee, after a preview; the
// pages have no serious axe violation.
import { expect, test } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { bookToSuccess, datesOfTrip, decodeQrCode, expectNoSeriousAxeViolations, gotoHydrated, lastDateOfTrip, mailsWith, seatPlanDates } from './support'

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
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
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
  // Ten times what is open, a slip of the comma: said at the field first, nothing stored.
  await form.getByLabel('Betrag in Euro').fill('26280')
  await form.getByRole('button', { name: 'Erfassen' }).click()
  await expect(form.getByText(`Der Betrag ist höher als noch offen (${open}).`, { exact: false })).toBeVisible()
  await expect(money.getByText('Noch kein Geld erfasst.')).toBeVisible()

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

test('the office cancels a booking: it sees the fee before confirming, the seats are free and the customer gets the confirmation', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const dateId = (await seatPlanDates(request, 28))[27]?.dateId ?? 0
  const customer = await browser.newContext()
  const bookingNumber = await bookToSuccess(await customer.newPage(), dateId)
  await customer.close()
  const seatsTaken = async () =>
    ((await (await request.get(`/api/trip-dates/${dateId}/availability`)).json()) as { seats: { state: string }[] }).seats.filter((s) => s.state !== 'free').length
  const takenBefore = await seatsTaken()

  await gotoHydrated(page, `/buero/buchungen/${bookingNumber}/`)
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Buchung ${bookingNumber} (gebucht)` })).toBeVisible()

  const section = page.getByRole('region', { name: 'Stornierung durch den Kunden' })
  await section.getByRole('button', { name: 'Stornogebühr berechnen' }).click()
  const check = section.getByRole('region', { name: 'Stornierung prüfen' })
  await expect(check.getByRole('heading', { name: 'Stornierung prüfen' })).toBeFocused()
  await expect(check.locator('dt:text-is("Stornogebühr") + dd')).toHaveText(/^\d+ % von .+\s€ = .+\s€$/)
  const fee = (await check.locator('dt:text-is("Stornogebühr") + dd strong').innerText()).replace(/\s/g, ' ')
  await expectNoSeriousAxeViolations(page)

  // "Abbrechen" stores nothing, and the focus returns to the button that opened the check.
  await check.getByRole('button', { name: 'Abbrechen' }).click()
  await expect(section.getByRole('button', { name: 'Stornogebühr berechnen' })).toBeFocused()
  await expect(page.getByRole('heading', { level: 1, name: `Buchung ${bookingNumber} (gebucht)` })).toBeVisible()
  expect(await seatsTaken()).toBe(takenBefore)

  await section.getByRole('button', { name: 'Stornogebühr berechnen' }).click()
  await check.getByRole('button', { name: 'Stornierung bestätigen' }).click()
  await expect(section.getByRole('status')).toContainText('Die Buchung ist storniert, die Plätze sind wieder frei. Die Stornorechnung hat die Nummer')
  await expect(section.getByRole('status')).toContainText('Die Stornobestätigung mit der Stornorechnung geht an')
  await expect(page.getByRole('heading', { level: 1, name: `Buchung ${bookingNumber} (storniert)` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Zahlungen' }).locator('dt:text-is("Stornogebühr") + dd')).toHaveText(fee)
  expect(await seatsTaken()).toBe(takenBefore - 2)
  // The booking confirmation, then the cancellation confirmation with its fee.
  await expect.poll(() => mailsWith(bookingNumber).length, { timeout: 30_000 }).toBe(2)
  const mails = await Promise.all(mailsWith(bookingNumber).map((raw) => simpleParser(raw)))
  const storno = mails.filter((m) => m.subject === `Stornobestätigung für Ihre Buchung ${bookingNumber}`)
  expect(storno).toHaveLength(1)
  expect(storno[0]?.text?.replace(/\s/g, ' ')).toContain(fee)
  // The Stornorechnung, made when the mail was delivered, is attached; the office downloads it from the booking's page.
  expect(storno[0]?.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^Stornorechnung-\d{4}-\d{6}\.pdf$/)])
  const download = page.getByRole('region', { name: 'Zahlungen' }).getByRole('link', { name: /^PDF der Rechnung Nr\./ }).last()
  const pdf = await page.request.get((await download.getAttribute('href')) ?? '')
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-disposition']).toMatch(/filename="Stornorechnung-\d{4}-\d{6}\.pdf"/)
})

test('the office calls a departure off: it checks the reason and the bookings first, then every booking is cancelled and its customer mailed', async ({ page, browser, request }) => {
  test.setTimeout(150_000)
  // A date no other test books: the dates the other tests find stay as they are.
  const dateId = await lastDateOfTrip(request, 31)
  const customer = await browser.newContext()
  const bookingNumber = await bookToSuccess(await customer.newPage(), dateId)
  await customer.close()

  await gotoHydrated(page, `/buero/termine/${dateId}/`)
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  const section = page.getByRole('region', { name: 'Termin absagen' })
  // No reason is chosen for the office; without one the check says so at the question.
  await section.getByRole('button', { name: 'Absage prüfen' }).click()
  await expect(section.getByText('Bitte wählen Sie den Grund der Absage.')).toBeVisible()
  await section.getByRole('radio', { name: 'unvermeidbare, außergewöhnliche Umstände' }).check()
  await section.getByRole('button', { name: 'Absage prüfen' }).click()
  const check = section.getByRole('region', { name: 'Absage prüfen' })
  await expect(check.getByRole('heading', { name: 'Absage prüfen' })).toBeFocused()
  await expect(check.locator('dt:text-is("Betroffen") + dd')).toHaveText(/^\d+ Buchung(en)? mit \d+ Person(en)?$/)
  const bookings = Number(/^(\d+)/.exec(await check.locator('dt:text-is("Betroffen") + dd').innerText())?.[1])
  expect(bookings).toBeGreaterThanOrEqual(1)
  await expectNoSeriousAxeViolations(page)
  await check.getByRole('button', { name: 'Termin absagen' }).click()
  await expect(section.getByRole('status')).toContainText(`Der Termin ist abgesagt und im Shop geschlossen. ${bookings} Buchung`)
  await expect(section.getByText('Der Termin ist im Shop geschlossen und hat keine Buchungen.')).toBeVisible()

  await gotoHydrated(page, `/buero/buchungen/${bookingNumber}/`)
  await expect(page.getByRole('heading', { level: 1, name: `Buchung ${bookingNumber} (storniert)` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Zahlungen' }).locator('dt:text-is("Stornogebühr") + dd')).toHaveText('0,00 €')
  await expect.poll(() => mailsWith(bookingNumber).length, { timeout: 30_000 }).toBe(2)
  const mails = await Promise.all(mailsWith(bookingNumber).map((raw) => simpleParser(raw)))
  const notice = mails.filter((m) => m.subject?.startsWith('Absage Ihrer Reise'))
  expect(notice).toHaveLength(1)
  expect(notice[0]?.text).toContain('Unvermeidbare, außergewöhnliche Umstände')
})

test('the office rebooks a booking to another date: it sees the new date, seats and fee first, then the customer gets the changed confirmation', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  // Two later dates of a trip no other test books: the one before the last, and the last.
  const dates = await datesOfTrip(request, 33)
  const [fromId, toId] = dates.slice(-2)
  const customer = await browser.newContext()
  const bookingNumber = await bookToSuccess(await customer.newPage(), fromId ?? 0)
  await customer.close()

  await gotoHydrated(page, `/buero/buchungen/${bookingNumber}/`)
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Buchung ${bookingNumber} (gebucht)` })).toBeVisible()
  const tripBefore = await page.locator('dt:text-is("Reise") + dd').innerText()

  await page.getByText('Auf einen anderen Termin umbuchen').click()
  const form = page.getByRole('form', { name: 'Termin' })
  // Sent without a date, the form says what is missing and asks the server nothing.
  await form.getByRole('button', { name: 'Umbuchung prüfen' }).click()
  await expect(form.getByText('Bitte wählen Sie den neuen Termin.')).toBeVisible()
  await form.getByLabel('Neuer Termin').selectOption(String(toId))
  await form.getByRole('button', { name: 'Umbuchung prüfen' }).click()
  const preview = form.getByRole('status').filter({ hasText: 'Neuer Termin:' })
  await expect(preview).toContainText('Sitzplätze auf dem neuen Termin:')
  await expect(preview).toContainText(/Umbuchungsentgelt \(.+\): 2 × .+\s€ = .+\s€/)
  await expect(preview).toContainText('Neuer Gesamtpreis:')
  await expectNoSeriousAxeViolations(page)
  // "Verwerfen" drops the check; the focus goes back to the check button, and a new check saves.
  await form.getByRole('button', { name: 'Verwerfen' }).click()
  await expect(form.getByRole('button', { name: 'Umbuchung prüfen' })).toBeFocused()
  await form.getByRole('button', { name: 'Umbuchung prüfen' }).click()
  await form.getByRole('button', { name: 'Änderung speichern' }).click()
  await expect(form.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible()
  await expect(page.locator('dt:text-is("Reise") + dd')).not.toHaveText(tripBefore)
  await expect(page.getByRole('region', { name: 'Reisepreis' }).first()).toContainText('Umbuchungsentgelt')
  // The booking confirmation, then the changed one with the fee.
  await expect.poll(() => mailsWith(bookingNumber).length, { timeout: 30_000 }).toBe(2)
  const mails = await Promise.all(mailsWith(bookingNumber).map((raw) => simpleParser(raw)))
  const changed = mails.filter((m) => m.subject?.includes(`Ihre geänderte Buchung ${bookingNumber}`))
  expect(changed).toHaveLength(1)
  expect(changed[0]?.text).toContain('Umbuchungsentgelt')
})
