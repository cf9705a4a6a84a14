// Bank statements in the office (issue 26, item 2) in Chromium against the production build: a
// CAMT.053 file is uploaded, the credit naming a booking pays it, the one naming none is assigned
// by hand after the office has seen the booking, the same file read again changes nothing, and a
// file that is no statement is refused at its field; the page has no serious axe violation.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { camtStatement } from '../support/camt'
import { bookToSuccess, expectNoSeriousAxeViolations, gotoHydrated, seatPlanDates } from './support'

const [office] = DEMO_STAFF

test('the office reads a statement, the matching credit pays its booking and the other is assigned by hand', async ({ page, browser, request }) => {
  test.setTimeout(150_000)
  const dateId = (await seatPlanDates(request, 29))[28]?.dateId ?? 0
  const customer = await browser.newContext()
  const bookingNumber = await bookToSuccess(await customer.newPage(), dateId)
  await customer.close()

  // Payers named per run: the list of open credits is the whole office's.
  const run = randomBytes(3).toString('hex')
  const today = new Date().toISOString().slice(0, 10)
  const file = camtStatement(
    [
      { amount: '40.00', bookedOn: today, ref: `E2E-${run}-1`, txs: [{ payer: `Erika Zahlt ${run}`, ustrd: [`Buchung ${bookingNumber}`] }] },
      { amount: '60.00', bookedOn: today, ref: `E2E-${run}-2`, txs: [{ payer: `Otto Ohnenummer ${run}`, ustrd: ['Busreise Ostsee Oma und Opa'] }] },
      // Twice the same, without any reference of the bank's (issue 46): the second is not booked but offered as a possible duplicate.
      ...[1, 2].map(() => ({ amount: '25.00', bookedOn: today, ref: '', entryRef: null, txs: [{ payer: `Doris Doppelt ${run}`, ustrd: ['Spende Busfahrt'] }] })),
    ],
    { id: `E2E-${run}` },
  )
  const upload = { name: `auszug-${run}.xml`, mimeType: 'application/xml', buffer: Buffer.from(file) }

  await gotoHydrated(page, '/buero/kontoauszuege/')
  await page.getByLabel('E-Mail-Adresse').fill(office.email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoauszüge' })).toBeVisible()

  // No file chosen, then a file that is no statement: refused at the field.
  const reading = page.getByRole('region', { name: 'Kontoauszug einlesen' })
  await reading.getByRole('button', { name: 'Einlesen' }).click()
  await expect(reading.getByLabel('Datei des Kontoauszugs')).toHaveAttribute('aria-invalid', 'true')
  await expect(reading.getByLabel('Datei des Kontoauszugs')).toBeFocused()
  await reading.getByLabel('Datei des Kontoauszugs').setInputFiles({ name: 'rechnung.xml', mimeType: 'application/xml', buffer: Buffer.from('<html>keine Bank</html>') })
  await reading.getByRole('button', { name: 'Einlesen' }).click()
  await expect(reading.getByText(/kein Kontoauszug im Format CAMT\.053/)).toBeVisible()

  await reading.getByLabel('Datei des Kontoauszugs').setInputFiles(upload)
  await reading.getByRole('button', { name: 'Einlesen' }).click()
  const said = reading.getByRole('status')
  await expect(said).toContainText('Eingelesen: 0 Gutschriften zugeordnet, 1 mit abweichendem Betrag zugeordnet, 2 nicht zugeordnet, 1 möglicherweise doppelt (nicht gebucht, bitte prüfen).')
  await expect(said).toBeFocused()

  // The credit without a booking number waits; the office looks the booking up, sees it, then assigns.
  const open = page.getByRole('region', { name: /^Nicht zugeordnete Eingänge/ })
  const doubled = open.getByRole('article').filter({ hasText: `Doris Doppelt ${run}` })
  await expect(doubled).toHaveCount(2)
  await expect(doubled.nth(1)).toContainText(
    `Möglicherweise doppelt: gleicher Betrag, gleicher Tag, gleicher Zahler und Verwendungszweck wie Eintrag 3 im Kontoauszug auszug-${run}.xml (nicht zugeordnet).`,
  )
  const credit = open.getByRole('article').filter({ hasText: `Otto Ohnenummer ${run}` })
  await expect(credit.getByRole('heading', { name: /^60,00 € am / })).toBeVisible()
  await credit.getByLabel('Buchungsnummer').fill('ZZZZ-ZZZZ')
  await credit.getByRole('button', { name: 'Buchung suchen' }).click()
  await expect(credit.getByLabel('Buchungsnummer')).toHaveAttribute('aria-invalid', 'true')
  await expect(credit.getByText(/finden wir keine Buchung/)).toBeVisible()
  await credit.getByLabel('Buchungsnummer').fill(bookingNumber.toLowerCase().replace('-', ''))
  await credit.getByRole('button', { name: 'Buchung suchen' }).click()
  const check = credit.getByRole('region', { name: 'Zuordnung prüfen' })
  await expect(check.getByRole('heading', { name: 'Zuordnung prüfen' })).toBeFocused()
  await expect(check.getByRole('link', { name: bookingNumber })).toBeVisible()
  await expectNoSeriousAxeViolations(page)
  await check.getByRole('button', { name: '60,00 € dieser Buchung zuordnen' }).click()
  await expect(open.getByRole('status')).toHaveText(new RegExp(`Der Eingang über 60,00\\s€ ist der Buchung ${bookingNumber} \\(.+\\) zugeordnet\\.`))
  await expect(open.getByRole('article').filter({ hasText: `Otto Ohnenummer ${run}` })).toHaveCount(0)

  // The same file again: nothing new.
  await reading.getByLabel('Datei des Kontoauszugs').setInputFiles(upload)
  await reading.getByRole('button', { name: 'Einlesen' }).click()
  await expect(said).toContainText('Keine neue Gutschrift. 4 Gutschriften waren schon eingelesen und blieben unverändert.')

  // The statement lists both credits with what became of them; the booking has both payments.
  await page.getByRole('link', { name: `auszug-${run}.xml` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Kontoauszug auszug-${run}.xml` })).toBeVisible()
  const credits = page.getByRole('region', { name: 'Gutschriften (4)' })
  await expect(credits.getByRole('row', { name: new RegExp(`Erika Zahlt ${run}`) })).toContainText('zugeordnet, Betrag weicht ab')
  await expect(credits.getByRole('row', { name: new RegExp(`Otto Ohnenummer ${run}`) })).toContainText(`von Hand zugeordnet (${office.name})`)
  await expectNoSeriousAxeViolations(page)
  await credits.getByRole('row', { name: new RegExp(`Otto Ohnenummer ${run}`) }).getByRole('link', { name: bookingNumber }).click()
  const entries = page.getByRole('region', { name: 'Eingänge und Erstattungen' })
  await expect(entries.getByRole('row')).toHaveCount(3)
  await expect(entries.getByRole('row', { name: /Busreise Ostsee Oma und Opa/ })).toContainText('60,00 €')
  await expect(entries.getByRole('row', { name: new RegExp(`Buchung ${bookingNumber}`) })).toContainText('40,00 €')
  await expect(page.getByRole('region', { name: 'Notizen und Verlauf' })).toContainText('Kontoauszug')
})
