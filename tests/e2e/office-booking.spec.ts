// The office changes a booking made online (issue 25, item 4) in Chromium against the production
// build: found by its number, a traveller renamed and moved to another seat, each priced first and
// then saved; the public seat plan shows the move, the customer gets the changed confirmation, and
// the booking's timeline says who changed what.
import { expect, test } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { bookToSuccess, expectNoSeriousAxeViolations, fillStep1, gotoHydrated, mailsWith, next, seatButton, seatPlanDates } from './support'

const [office] = DEMO_STAFF

test('the office renames a traveller and moves a seat; the seat plan and the customer see it', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const dateId = (await seatPlanDates(request, 26))[23]?.dateId ?? 0
  const customer = await browser.newContext()
  const bookingNumber = await bookToSuccess(await customer.newPage(), dateId)
  await customer.close()

  // Nobody but the office opens it.
  const anonymous = await request.get(`/buero/buchungen/${bookingNumber}/`, { maxRedirects: 0, headers: { accept: 'text/html' } })
  expect(anonymous.status()).toBe(307)

  await gotoHydrated(page, `/buero/buchungen/?q=${bookingNumber}`)
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.getByRole('link', { name: bookingNumber }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Buchung ${bookingNumber} (gebucht)` })).toBeVisible()
  const travellers = page.getByRole('region', { name: 'Reisende' })
  const bernd = travellers.getByRole('row', { name: /Bernd Muster/ })
  const oldSeat = (await bernd.getByRole('cell').nth(1).innerText()).trim()
  await expectNoSeriousAxeViolations(page)
  // A second tab on the same booking, still showing it as it is now.
  const second = await page.context().newPage()
  await gotoHydrated(second, `/buero/buchungen/${bookingNumber}/`)

  // The name: checked, then saved.
  await page.getByText('Bernd Muster ändern').click()
  const nameForm = page.getByRole('form', { name: /^Name/ })
  await nameForm.getByLabel('Vorname').fill('Clara')
  // An empty surname is said at its field before the server is asked.
  await nameForm.getByLabel('Nachname').fill('   ')
  await nameForm.getByRole('button', { name: 'Namensänderung prüfen' }).click()
  await expect(nameForm.getByText('Bitte geben Sie den Nachnamen ein.')).toBeVisible()
  await nameForm.getByLabel('Nachname').fill('Neumann')
  await nameForm.getByRole('button', { name: 'Namensänderung prüfen' }).click()
  await expect(nameForm.getByText(/^Der Gesamtpreis bleibt/)).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  await nameForm.getByRole('button', { name: 'Änderung speichern' }).click()
  // The focus stays with the form: on what happened, not at the top of the page.
  await expect(nameForm.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeFocused()
  await expect(travellers.getByRole('rowheader', { name: 'Clara Neumann' })).toBeVisible()

  // The second tab's change was made on the booking before the rename: refused, nothing stored,
  // and the tab shows the booking as it is now.
  await second.getByText('Bernd Muster ändern').click()
  const staleForm = second.getByRole('form', { name: /^Name/ })
  await staleForm.getByLabel('Vorname').fill('Bernhard')
  await staleForm.getByRole('button', { name: 'Namensänderung prüfen' }).click()
  await expect(staleForm.getByRole('alert')).toContainText('Diese Buchung wurde inzwischen geändert')
  await expect(second.getByRole('region', { name: 'Reisende' }).getByRole('rowheader', { name: 'Clara Neumann' })).toBeVisible()
  await second.close()

  // The seat: the first free one.
  const seatForm = page.getByRole('form', { name: 'Sitzplatz' })
  const seatSelect = seatForm.getByLabel('Sitzplatz')
  await seatSelect.selectOption({ index: 1 })
  const newSeat = await seatSelect.inputValue()
  expect(newSeat).not.toBe(oldSeat)
  await seatForm.getByRole('button', { name: 'Sitzwechsel prüfen' }).click()
  await seatForm.getByRole('button', { name: 'Änderung speichern' }).click()
  await expect(seatForm.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible()
  await expect(travellers.getByRole('row', { name: /Clara Neumann/ }).getByRole('cell', { name: newSeat, exact: true })).toBeVisible()

  // The timeline names the clerk and the change.
  const timeline = page.getByRole('region', { name: 'Notizen und Verlauf' })
  await expect(timeline.getByText(`Reisende Person geändert · Büro: ${office.name}`)).toBeVisible()
  await expect(timeline.getByText('Vorname: Bernd → Clara')).toBeVisible()
  await expect(timeline.getByText(`Sitzplatz: ${oldSeat} → ${newSeat}`)).toBeVisible()

  // A wrong e-mail address is refused at the check and marked at its field, until it is changed.
  await page.getByText('Kontaktdaten ändern').click()
  const contactForm = page.getByRole('form', { name: 'Kontaktdaten der buchenden Person' })
  const email = contactForm.getByLabel('E-Mail-Adresse')
  await email.fill('anna.muster-at-example.de')
  await contactForm.getByRole('button', { name: 'Kontaktdaten prüfen' }).click()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  // The focus goes to the field, read with its label and message; the line under the button does not repeat it.
  await expect(email).toBeFocused()
  await expect(contactForm.getByText('Nicht gespeichert: Bitte prüfen Sie die markierte Angabe.')).toBeVisible()
  await email.fill('anna.muster@example.de')
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')

  // The public seat plan: the new seat is taken, the old one free again.
  const visitor = await browser.newContext()
  const plan = await visitor.newPage()
  await gotoHydrated(plan, `/buchung/${dateId}/step1/`)
  await expect(seatButton(plan, newSeat)).not.toHaveAccessibleName(/, frei$/)
  await expect(seatButton(plan, oldSeat)).toHaveAccessibleName(/, frei$/)
  await visitor.close()

  // The customer is told: the booking's confirmation, then one changed confirmation per change.
  await expect.poll(() => mailsWith(bookingNumber).length, { timeout: 30_000 }).toBe(3)
  const mails = await Promise.all(mailsWith(bookingNumber).map((raw) => simpleParser(raw)))
  const changed = mails.filter((m) => m.subject?.startsWith(`Ihre geänderte Buchung ${bookingNumber}`))
  expect(changed.map((m) => m.to && 'text' in m.to && m.to.text)).toEqual(['anna.muster@example.de', 'anna.muster@example.de'])
  const last = changed.find((m) => m.text?.includes('Buchungsbestätigung (Version 3)'))
  expect(last?.text).toContain('Clara Neumann')
  expect(last?.attachments.map((a) => a.contentType)).toContain('application/pdf')
})

test('a clerk takes a booking on the phone through the four steps; it is stored as the clerk’s phone booking', async ({ page, request }) => {
  test.setTimeout(120_000)
  const date = (await seatPlanDates(request, 27))[24]
  if (!date) throw new Error('no date with a seat plan left')

  await gotoHydrated(page, `/buero/telefonbuchung/?reise=${date.tripId}`)
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Telefonbuchung' })).toBeVisible()
  await expect(page.getByLabel('Reise')).toHaveValue(String(date.tripId))
  await expectNoSeriousAxeViolations(page)
  await page
    .getByRole('list', { name: 'Termine' })
    .getByRole('link', { name: /^Für den Anrufer buchen/ })
    .and(page.locator(`[href="/buchung/${date.dateId}/step1/?telefon=1"]`))
    .click()

  await expect(page.getByRole('heading', { level: 2, name: /^Schritt 1/ })).toBeVisible()
  // Every step says whose booking it is, and leads back to the office.
  await expect(page.getByRole('note').filter({ hasText: `Telefonbuchung: Sie buchen als ${office.name} für einen Anrufer.` })).toBeVisible()
  await fillStep1(page)
  await next(page, 2)
  // The caller has no e-mail address: the field is optional on the phone.
  const booker = page.getByRole('group', { name: /^Person 1/ })
  await booker.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Erna')
  await booker.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Ohnemail')
  await booker.getByRole('textbox', { name: 'Straße', exact: true }).fill('Am Markt')
  await booker.getByRole('textbox', { name: 'Hausnummer', exact: true }).fill('3')
  await booker.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('33602')
  await booker.getByRole('textbox', { name: 'Ort', exact: true }).fill('Bielefeld')
  await expect(booker.getByRole('textbox', { name: 'E-Mail-Adresse (freiwillig)' })).toHaveValue('')
  await booker.getByRole('textbox', { name: 'Telefon', exact: true }).fill('0521 445566')
  const partner = page.getByRole('group', { name: /^Person 2/ })
  await partner.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Otto')
  await partner.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Ohnemail')
  await next(page, 3)
  await page.getByRole('radio', { name: /^Überweisung/ }).check()
  await next(page, 4)
  await expect(page.getByRole('note').filter({ hasText: 'Bitte nennen Sie ihm den Gesamtpreis' })).toContainText(`Sie buchen als ${office.name} für den Anrufer.`)
  // The consent is the clerk's confirmation of the caller's, and so are its errors.
  await page.getByRole('button', { name: 'zahlungspflichtig buchen' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'dass der Anrufer den Reisebedingungen (AGB) zugestimmt hat' }).first()).toBeVisible()
  await page.getByRole('checkbox', { name: /Der Anrufer hat die Reisebedingungen/ }).check()
  await page.getByRole('checkbox', { name: /Der Anrufer wurde auf die Datenschutzhinweise hingewiesen/ }).check()
  await expectNoSeriousAxeViolations(page)
  await page.getByRole('button', { name: 'zahlungspflichtig buchen' }).click()

  // The clerk goes on in the office, on the booking just made: no mail, the confirmation to print.
  await expect(page.getByRole('heading', { level: 1, name: /^Buchung [A-Z0-9-]+ \(gebucht\)$/ })).toBeVisible()
  const bookingNumber = /\/buero\/buchungen\/([A-Z0-9-]+)\//.exec(page.url())?.[1] ?? ''
  const done = page.getByRole('status').filter({ hasText: 'Die Telefonbuchung ist gespeichert.' })
  await expect(done).toContainText('keine E-Mail-Adresse angegeben')
  await expect(done).toBeFocused()
  const pdf = await page.request.get(`/buchung/bestaetigung/${bookingNumber}/bestaetigung.pdf`)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect(mailsWith(bookingNumber)).toEqual([])
  await expectNoSeriousAxeViolations(page)

  const facts = page.getByRole('region', { name: 'Reise und Buchung' })
  await expect(facts.getByText(`Telefon, aufgenommen von ${office.name}`)).toBeVisible()
  await expect(facts.getByText('(am Telefon)')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Notizen und Verlauf' }).getByText(`Buchung eingegangen · Büro: ${office.name}`)).toBeVisible()
  // The next caller wants the same date: a fresh booking, not the last caller's.
  await gotoHydrated(page, `/buchung/${date.dateId}/step1/?telefon=1`)
  await expect(page.getByRole('heading', { level: 2, name: /^Schritt 1/ })).toBeVisible()
  await expect(page.getByRole('note').filter({ hasText: 'Telefonbuchung: Sie buchen als' })).toBeVisible()
  await expect(page.getByText(bookingNumber)).toHaveCount(0)

  // The list finds it among the phone bookings.
  await gotoHydrated(page, `/buero/buchungen/?kanal=phone&q=${bookingNumber}`)
  await expect(page.getByRole('region', { name: 'Buchungen' }).getByRole('rowheader', { name: bookingNumber })).toBeVisible()
})
