// SEPA direct debits in the office (issue 26, item 3) in Chromium against the production build: a
// customer books with a SEPA mandate; the office lists the debits due in a period (a period that
// ends before it starts is refused at its field), sends the pre-notifications (the customer gets the
// mail once), makes the pain.008 file and downloads it (it passes the schema's check), marks it
// collected and sees the booking paid, then records a return debit with its reason and sees the
// instalment open again; the pages have no serious axe violation.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { addDays, todayInBerlin } from '../../app/lib/calendar'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { pain008Problems } from '../support/pain008'
import { bookToSuccess, expectNoSeriousAxeViolations, gotoHydrated, mailsWith, seatPlanDates } from './support'

const [office] = DEMO_STAFF

test('the office announces, exports and collects a SEPA direct debit, and records its return', async ({ page, browser, request }) => {
  test.setTimeout(150_000)
  const dateId = (await seatPlanDates(request, 29))[28]?.dateId ?? 0
  const customer = await browser.newContext()
  const bookingNumber = await bookToSuccess(await customer.newPage(), dateId, 'lastschrift')
  await customer.close()
  const today = todayInBerlin()

  await gotoHydrated(page, '/buero/')
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.getByRole('navigation', { name: 'Büro' }).getByRole('link', { name: 'Lastschriften' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Lastschriften' })).toBeVisible()

  // A period that ends before it starts is refused at its field.
  const filter = page.getByRole('search', { name: 'Lastschriften filtern' })
  await filter.getByLabel('Fällig ab').fill(addDays(today, 10))
  await filter.getByLabel('Fällig bis').fill(today)
  await filter.getByRole('button', { name: 'Anzeigen' }).click()
  await expect(filter.getByLabel('Fällig bis')).toHaveAttribute('aria-invalid', 'true')
  await expect(filter.getByText('Das Ende des Zeitraums liegt vor seinem Beginn.', { exact: false })).toBeVisible()

  // The first instalment (due within 7 days) of this customer's booking.
  await filter.getByLabel('Fällig ab').fill(today)
  await filter.getByLabel('Fällig bis').fill(addDays(today, 8))
  await filter.getByLabel('Buchungsnummer oder Zahler').fill(bookingNumber)
  await filter.getByRole('button', { name: 'Anzeigen' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${bookingNumber}`))
  const due = page.getByRole('region', { name: 'Fällige Raten' })
  const rows = due.getByRole('row', { name: new RegExp(bookingNumber) })
  await expect(rows.first()).toContainText('Anna Muster')
  await expect(rows.first()).toContainText(`${bookingNumber}-1`)
  const count = await rows.count()
  await expectNoSeriousAxeViolations(page)

  // The pre-notifications: one mail per debit, with amount, day, mandate reference and creditor id.
  await page.getByRole('button', { name: /Vorabankündigung(en)? senden/ }).click()
  await expect(page.getByRole('status').filter({ hasText: /versandt/ })).toContainText(count === 1 ? 'Eine Vorabankündigung ist versandt' : `${count} Vorabankündigungen sind versandt`)
  const announced = page.getByRole('region', { name: 'Angekündigt, noch nicht in einer Datei' })
  await expect(announced.getByRole('row', { name: new RegExp(`${bookingNumber}-[AG]1`) })).toBeVisible()
  await expect.poll(() => mailsWith('Vorabank').filter((raw) => raw.includes(bookingNumber)).length, { timeout: 30_000 }).toBe(count)
  const mail = await simpleParser(mailsWith('Vorabank').find((raw) => raw.includes(bookingNumber)) ?? '')
  expect(mail.subject).toMatch(new RegExp(`^Vorabankündigung: SEPA-Lastschrift am \\d{2}\\.\\d{2}\\.\\d{4} für Ihre Buchung ${bookingNumber}$`))
  const text = mail.text?.replace(/\s+/g, ' ') ?? ''
  expect(text).toContain(`Mandatsreferenz ${bookingNumber}-1`)
  expect(text).toContain('Gläubiger-Identifikationsnummer DE98ZZZ09999999999')
  expect(text).toMatch(/Betrag \d[\d.]*,\d{2} €/)

  // The file: downloaded as made, it passes the pain.008.001.08 check and names the booking.
  await page.getByRole('button', { name: 'Datei für die Bank erstellen' }).click()
  const made = page.getByRole('status').filter({ hasText: /ist erstellt/ })
  await expect(made).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), made.getByRole('link', { name: /herunterladen/ }).click()])
  expect(download.suggestedFilename()).toMatch(/^LS-\d{4}-\d{2}-\d{2}-\d+\.xml$/)
  const xml = readFileSync(await download.path(), 'utf8')
  expect(pain008Problems(xml)).toEqual([])
  expect(xml).toContain(`<EndToEndId>${bookingNumber}-`)
  expect(xml).toContain(`<MndtId>${bookingNumber}-1</MndtId>`)
  const messageId = download.suggestedFilename().replace(/\.xml$/, '')

  // Collected on today's statement: before the file's debit day the office is asked first, at the
  // date's field; the same day sent again is recorded.
  const collect = page.getByRole('form', { name: `Datei ${messageId} als eingezogen markieren` })
  await collect.getByRole('button', { name: 'Als eingezogen markieren' }).click()
  const day = collect.getByLabel('Gutschrift am (laut Kontoauszug)')
  await expect(day).toHaveAttribute('aria-invalid', 'true')
  await expect(day).toHaveAccessibleDescription(/Die Lastschriften dieser Datei werden erst am \d{2}\.\d{2}\.\d{4} eingezogen\./)
  await collect.getByRole('button', { name: 'Als eingezogen markieren' }).click()
  const files = page.getByRole('region', { name: 'Dateien für die Bank' })
  await expect(files.getByRole('status').filter({ hasText: 'als eingezogen erfasst' })).toBeFocused()
  await expect(files.getByRole('row', { name: new RegExp(messageId) })).toContainText(/am \d{2}\.\d{2}\.\d{4}/)

  // The booking is paid as far as the debits go; then its bank returns the first one.
  await gotoHydrated(page, `/buero/buchungen/${bookingNumber}/`)
  const money = page.getByRole('region', { name: 'Zahlungen' })
  await expect(money.locator('dt:text-is("Stand") + dd')).toHaveText(/^(Anzahlung bezahlt|bezahlt)$/)
  const entries = money.getByRole('region', { name: 'Eingänge und Erstattungen' })
  await expect(entries.getByRole('row', { name: new RegExp(`Zahlung .* Lastschrift ${bookingNumber}-[AG]1`) })).toBeVisible()
  const back = page.getByRole('form', { name: 'Rücklastschrift erfassen' })
  await back.getByLabel('Lastschrift').selectOption({ index: 1 })
  await back.getByLabel('Grund laut Bank').selectOption({ label: 'MD06 – Erstattung auf Verlangen des Zahlers (Widerspruch)' })
  await back.getByRole('button', { name: 'Rücklastschrift erfassen' }).click()
  await expect(back.getByRole('status')).toContainText('ist erfasst; der Betrag ist wieder offen')
  await expect(entries.getByRole('row', { name: /Rücklastschrift \(MD06 – Erstattung auf Verlangen des Zahlers \(Widerspruch\)\)/ })).toBeVisible()
  await expect(money.getByRole('listitem').first()).toContainText(/, offen$/)
  await expect(money.getByRole('listitem').filter({ hasText: `${bookingNumber}-` }).first()).toContainText(/zurückgegeben am .* \(MD06 – /)
  await expect(page.getByRole('region', { name: 'Notizen und Verlauf' })).toContainText('Rücklastschrift erfasst')
  await expectNoSeriousAxeViolations(page)
})
