// Customer accounts (issue 27) in Chromium against the production build, with the mails at a real
// SMTP server: register, confirm by the mailed link, see a booking made earlier with that address,
// link a guest booking by number, surname and departure day, download its PDF, change the phone
// number, sign out; sign in again by password, by sign-in link and after a new password. Another
// customer never sees the booking (page, server function, PDF), and no account page is kept.
import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import type { BrowserContext, Page, Request } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../app/server/db/seed/seed.server'
import { bookToSuccess, expectNoSeriousAxeViolations, fillStep1, gotoHydrated, mailsWith, next, seatPlanDates } from './support'

const PASSWORD = 'Mit dem Bus an die Ostsee'

/** The newest mail to `to` whose subject contains `subject`, once it has arrived: its text. */
async function mailTo(to: string, subject: string): Promise<string> {
  const find = async () => {
    for (const raw of mailsWith(to).reverse()) {
      const mail = await simpleParser(raw)
      if (mail.subject?.includes(subject)) return mail.text ?? ''
    }
    return null
  }
  await expect.poll(find, { timeout: 20_000 }).not.toBeNull()
  return (await find()) ?? ''
}

/** The path and query of the link to `path` in a mail's text. */
function linkIn(text: string, path: string): string {
  const url = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?token=[^\\s]+`).exec(text)?.[0]
  if (!url) throw new Error(`no ${path} link in the mail`)
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

/** The departure day of a booking, from the calendar file of the browser that booked it. */
async function departureOf(context: BrowserContext, bookingNumber: string): Promise<string> {
  const ics = await (await context.request.get(`/buchung/bestaetigung/${bookingNumber}/reise.ics`)).text()
  const [, y, m, d] = /DTSTART[^:]*:(\d{4})(\d{2})(\d{2})/.exec(ics) ?? []
  return `${y}-${m}-${d}`
}

async function register(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, '/registrierung/')
  await page.getByRole('textbox', { name: 'Vorname' }).fill('Erika')
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Kontofrau')
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click()
  await expect(page.getByText(/Fast geschafft: Wir haben Ihnen eine E-Mail geschickt/)).toBeVisible()
}

async function confirmByMail(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, linkIn(await mailTo(email, 'Bitte bestätigen Sie Ihre E-Mail-Adresse'), '/registrierung/bestaetigen/'))
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click()
  await expect(page).toHaveURL(/\/konto\/\?hinweis=bestaetigt$/)
  await expect(page.getByText('Ihre E-Mail-Adresse ist bestätigt')).toBeVisible()
}

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await gotoHydrated(page, '/anmelden/')
  const form = page.getByRole('form', { name: 'Mit E-Mail-Adresse und Passwort' })
  await form.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email)
  await form.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password)
  await form.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(/\/konto\/$/)
}

const header = (page: Page) => page.getByRole('banner')

test('register, confirm, see and link bookings, download the PDF, change the phone, sign out', async ({ page, browser, request }) => {
  test.setTimeout(180_000)
  const dates = await seatPlanDates(request, 36)
  const email = `erika.${randomUUID().slice(0, 8)}@example.de`
  const guest = await browser.newContext()
  const booking = await guest.newPage()
  // Booked as a guest with the address of the account to come, and once under another address.
  const own = await bookToSuccess(booking, dates[34]?.dateId ?? 0, 'ueberweisung', { email, lastname: 'Kontofrau' })
  const other = await bookToSuccess(booking, dates[35]?.dateId ?? 0, 'ueberweisung', { email: `anders.${randomUUID().slice(0, 8)}@example.de`, lastname: 'Gastmann' })
  const otherDeparture = await departureOf(guest, other)
  await guest.close()

  await register(page, email)
  await expectNoSeriousAxeViolations(page)
  await confirmByMail(page, email)
  await expect(header(page).getByRole('link', { name: 'Mein Konto' })).toBeVisible()

  // The booking with the account's address is there at once; the other is not.
  await page.getByRole('navigation', { name: 'Mein Konto' }).getByRole('link', { name: 'Meine Buchungen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Buchungen' })).toBeVisible()
  await expect(page.getByText(`Buchungsnummer ${own}`)).toBeVisible()
  await expect(page.getByText(`Buchungsnummer ${other}`)).toHaveCount(0)
  await expectNoSeriousAxeViolations(page)

  // The guest booking: a wrong surname finds nothing, the right details link it.
  const linkForm = page.getByRole('form', { name: 'Eine Buchung hinzufügen' })
  await linkForm.getByLabel('Buchungsnummer').fill(other)
  await linkForm.getByLabel('Nachname der buchenden Person').fill('Falsch')
  await linkForm.getByLabel('Abreisedatum').fill(otherDeparture)
  await linkForm.getByRole('button', { name: 'Buchung hinzufügen' }).click()
  await expect(page.getByText(/Wir haben keine Buchung mit dieser Buchungsnummer/)).toBeVisible()
  // A mistyped number: its hint alone, the last answer goes.
  await linkForm.getByLabel('Buchungsnummer').fill('12')
  await linkForm.getByRole('button', { name: 'Buchung hinzufügen' }).click()
  await expect(linkForm.getByText(/so ein, wie sie in Ihrer Bestätigung steht/)).toBeVisible()
  await expect(page.getByText(/Wir haben keine Buchung mit dieser Buchungsnummer/)).toHaveCount(0)
  // Typed as people do: small letters, no hyphen.
  await linkForm.getByLabel('Buchungsnummer').fill(other.replace('-', '').toLowerCase())
  await linkForm.getByLabel('Nachname der buchenden Person').fill('gastmann')
  // Leaving the field shows the number as the confirmation writes it.
  await expect(linkForm.getByLabel('Buchungsnummer')).toHaveValue(other)
  await linkForm.getByRole('button', { name: 'Buchung hinzufügen' }).click()
  await expect(page.getByText('Die Buchung ist jetzt in Ihrem Konto.')).toBeVisible()
  await expect(page.getByText(`Buchungsnummer ${other}`)).toBeVisible()

  // One booking: trip, payment plan with the bank details, the PDF.
  await page.getByRole('listitem').filter({ hasText: `Buchungsnummer ${own}` }).getByRole('link').click()
  await expect(page.getByText(`Buchungsnummer ${own}`)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Ihre Reise' })).toContainText('Anna Kontofrau')
  const payment = page.getByRole('region', { name: /^Zahlung/ })
  await expect(payment.locator('dt:text-is("Verwendungszweck") + dd')).toHaveText(own)
  await expect(payment.getByRole('img', { name: /^GiroCode für eine Überweisung/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText('Buchung eingegangen')
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: /Buchungsbestätigung.*\(PDF\)/ }).click()
  const pdf = await (await download).path()
  expect((await import('node:fs')).readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
  await expectNoSeriousAxeViolations(page)

  // The phone number: saved in the account and on the coming booking, which is confirmed anew.
  await page.getByRole('navigation', { name: 'Mein Konto' }).getByRole('link', { name: 'Meine Daten' }).click()
  const contact = page.getByRole('form', { name: 'Anschrift und Telefon' })
  await contact.getByLabel('Straße').fill('Lindenweg')
  await contact.getByLabel('Hausnummer').fill('3')
  await contact.getByLabel('Postleitzahl').fill('33602')
  await contact.getByLabel('Ort').fill('Bielefeld')
  await contact.getByLabel('Telefon').fill('0521 555123')
  await contact.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText(/Ihre Kontaktdaten sind gespeichert und in Ihre(r|n) .*gebuchten Reise/)).toBeVisible()
  // The changed confirmation of the coming booking (its PDF carries the new address).
  await mailTo(email, `Ihre geänderte Buchung ${own}`)
  await page.reload()
  await expect(page.getByRole('form', { name: 'Anschrift und Telefon' }).getByLabel('Telefon')).toHaveValue('0521 555123')
  await expectNoSeriousAxeViolations(page)

  // Signing out: the header says "Anmelden" again, and Mein Konto asks for the sign-in.
  await page.getByRole('button', { name: 'Abmelden' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await expect(header(page).getByRole('link', { name: 'Anmelden' })).toBeVisible()
  await page.goto(`/konto/buchungen/${own}/`)
  await expect(page).toHaveURL(/\/anmelden\/\?weiter=/)
  // Back in with the password, the page asked for opens.
  const form = page.getByRole('form', { name: 'Mit E-Mail-Adresse und Passwort' })
  await form.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email)
  await form.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(new RegExp(`/konto/buchungen/${own}/$`))
})

test('sign-in link and a new password by mail; the same answer for an address without an account', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const email = `link.${randomUUID().slice(0, 8)}@example.de`
  await register(page, email)
  await confirmByMail(page, email)
  await page.getByRole('button', { name: 'Abmelden' }).first().click()
  await expect(header(page).getByRole('link', { name: 'Anmelden' })).toBeVisible()
  // The confirmation link clicked once more: it says the address is confirmed, and where to sign in.
  await gotoHydrated(page, linkIn(await mailTo(email, 'Bitte bestätigen Sie Ihre E-Mail-Adresse'), '/registrierung/bestaetigen/'))
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click()
  await expect(page.getByText('Ihre E-Mail-Adresse ist bereits bestätigt – bitte melden Sie sich an.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible()

  // The sign-in link, asked for on the sign-in page; an unknown address reads the same answer.
  await gotoHydrated(page, '/anmelden/')
  const linkForm = page.getByRole('form', { name: 'Ohne Passwort: Anmeldelink per E-Mail' })
  await linkForm.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(`niemand.${randomUUID().slice(0, 8)}@example.de`)
  await linkForm.getByRole('button', { name: 'Anmeldelink schicken' }).click()
  const answer = page.getByText(/Wenn zu dieser E-Mail-Adresse ein Kundenkonto besteht/)
  await expect(answer).toBeVisible()
  const unknownAnswer = await answer.innerText()
  await linkForm.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email)
  await linkForm.getByRole('button', { name: 'Anmeldelink schicken' }).click()
  await expect(answer).toHaveText(unknownAnswer)
  const link = linkIn(await mailTo(email, 'Ihr Anmeldelink'), '/anmelden/link/')
  // Opened in another browser (the phone that got the mail): one click signs in there, once.
  const phone = await browser.newContext()
  const phonePage = await phone.newPage()
  await gotoHydrated(phonePage, link)
  await phonePage.getByRole('button', { name: 'Jetzt anmelden' }).click()
  await expect(phonePage).toHaveURL(/\/konto\/$/)
  await expect(phonePage.getByRole('heading', { level: 1, name: 'Guten Tag, Erika Kontofrau' })).toBeVisible()
  await gotoHydrated(page, link)
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click()
  await expect(page.getByText(/Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt/)).toBeVisible()

  // A new password by mail: it works, the old one does not, and the phone is signed out.
  await gotoHydrated(page, '/passwort/')
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email)
  await page.getByRole('button', { name: 'Link schicken' }).click()
  await expect(page.getByText(/Wenn zu dieser E-Mail-Adresse ein Kundenkonto besteht, haben wir Ihnen einen Link für ein neues Passwort/)).toBeVisible()
  const resetLink = linkIn(await mailTo(email, 'Ihr Link für ein neues Passwort'), '/passwort/')
  await gotoHydrated(page, resetLink)
  await expect(page.getByText(`Für Ihr Kundenkonto ${email}`)).toBeVisible()
  await page.getByRole('textbox', { name: 'Neues Passwort' }).fill('Ein ganz neues Passwort 2027')
  await page.getByRole('button', { name: 'Passwort speichern' }).click()
  await expect(page.getByText('Ihr neues Passwort gilt.', { exact: false })).toBeVisible()
  // Used: the link's page says so at once, with the way to a new one, and asks for nothing.
  await gotoHydrated(page, resetLink)
  await expect(page.getByText(/Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt/)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Neues Passwort' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Einen neuen Link anfordern' })).toHaveAttribute('href', '/passwort/')
  await phonePage.goto('/konto/')
  await expect(phonePage).toHaveURL(/\/anmelden\//)
  await phone.close()
  await gotoHydrated(page, '/anmelden/')
  const form = page.getByRole('form', { name: 'Mit E-Mail-Adresse und Passwort' })
  await form.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email)
  await form.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByText('E-Mail-Adresse oder Passwort stimmen nicht.')).toBeVisible()
  await signIn(page, email, 'Ein ganz neues Passwort 2027')
  await expectNoSeriousAxeViolations(page)
})

test('pay by the GiroCode shown: the office records it and the account shows it; cancel with the fee shown first', async ({ page, browser, request }) => {
  test.setTimeout(180_000)
  const dates = await seatPlanDates(request, 38)
  const email = `zahlt.${randomUUID().slice(0, 8)}@example.de`
  const guest = await browser.newContext()
  const bookingNumber = await bookToSuccess(await guest.newPage(), dates[37]?.dateId ?? 0, 'ueberweisung', { email })
  await guest.close()
  await register(page, email)
  await confirmByMail(page, email)
  await gotoHydrated(page, `/konto/buchungen/${bookingNumber}/`)

  // What the customer transfers: the first amount due, as the GiroCode's caption names it.
  const payment = page.getByRole('region', { name: /^Zahlung/ })
  const caption = await payment.locator('figcaption').innerText()
  const due = /über ([\d.,]+\s€)/.exec(caption)?.[1] ?? ''
  expect(due).not.toBe('')

  // The office records the transfer on the booking's page.
  const officeContext = await browser.newContext()
  const office = await officeContext.newPage()
  await gotoHydrated(office, `/buero/buchungen/${bookingNumber}/`)
  await office.getByLabel('E-Mail-Adresse').fill(DEMO_STAFF[0]?.email ?? '')
  await office.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
  await office.getByRole('button', { name: 'Anmelden' }).click()
  const form = office.getByRole('form', { name: 'Zahlung oder Erstattung erfassen' })
  await form.getByLabel('Betrag in Euro').fill(due.replace(/\s/g, ' '))
  await form.getByLabel('Zahlungsweg').selectOption({ label: 'Überweisung' })
  await form.getByRole('button', { name: 'Erfassen' }).click()
  await expect(form.getByRole('status')).toContainText('ist erfasst')
  await officeContext.close()

  // The account shows it: the instalment is paid, the list says so.
  await page.reload()
  await expect(payment.getByRole('row', { name: /^Anzahlung/ })).toContainText('bezahlt')
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText('Zahlung erfasst')
  await gotoHydrated(page, '/konto/buchungen/')
  await expect(page.getByRole('listitem').filter({ hasText: `Buchungsnummer ${bookingNumber}` })).toContainText('Gebucht · Anzahlung bezahlt')

  // A fellow traveller's new name goes to the office, as a mail and a note on the booking.
  await gotoHydrated(page, `/konto/buchungen/${bookingNumber}/`)
  const rename = page.getByRole('form', { name: 'Namensänderung beantragen' })
  await rename.getByLabel('Person').selectOption({ label: 'Bernd Muster' })
  await rename.getByLabel('Neuer Vorname').fill('Berta')
  await rename.getByLabel('Neuer Nachname').fill('Muster')
  await rename.getByRole('button', { name: 'Anfrage senden' }).click()
  await expect(page.getByText('Ihre Anfrage ist bei uns: Bernd Muster soll Berta Muster werden.', { exact: false })).toBeVisible()
  expect(await mailTo('info@sonnenland-reisen.example', `Namensänderung angefragt: Buchung ${bookingNumber}`)).toContain('Bernd Muster → Berta Muster')

  // Cancelling: the fee and the refund are shown before anything happens; "Nicht stornieren" keeps the booking.
  await gotoHydrated(page, `/konto/buchungen/${bookingNumber}/`)
  const cancel = page.getByRole('region', { name: 'Reise stornieren' })
  await cancel.getByRole('button', { name: 'Stornokosten berechnen' }).click()
  const check = cancel.getByRole('region', { name: 'Ihre Stornierung' })
  await expect(check.getByRole('heading', { name: 'Ihre Stornierung' })).toBeFocused()
  await expect(check.locator('dt:text-is("Stornogebühr") + dd')).toContainText('%')
  await expect(check.locator('dt:text-is("Bereits bezahlt") + dd')).toHaveText(due)
  await check.getByRole('button', { name: 'Nicht stornieren' }).click()
  await expect(cancel.getByRole('button', { name: 'Stornokosten berechnen' })).toBeFocused()
  await cancel.getByRole('button', { name: 'Stornokosten berechnen' }).click()
  await expectNoSeriousAxeViolations(page)
  // A fast double click cancels once.
  await check.getByRole('button', { name: 'kostenpflichtig stornieren' }).dblclick()
  await expect(cancel.getByRole('status')).toContainText('Ihre Buchung ist storniert.')
  await expect(page.getByText(`Buchungsnummer ${bookingNumber} · storniert`)).toBeVisible()
  await mailTo(email, `Stornobestätigung für Ihre Buchung ${bookingNumber}`)
  const subjects = await Promise.all(mailsWith(email).map(async (raw) => (await simpleParser(raw)).subject ?? ''))
  expect(subjects.filter((subject) => subject.startsWith('Stornobestätigung'))).toHaveLength(1)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText('Buchung storniert')
  // The trip's instalments are no longer offered for payment, and the list names the fee.
  await expect(page.getByRole('region', { name: 'Zahlung' })).toContainText('Die Raten des Reisepreises sind nicht mehr fällig')
  await expect(page.getByRole('link', { name: /^Zur Zahlung/ })).toHaveCount(0)
  await gotoHydrated(page, '/konto/buchungen/')
  await expect(page.getByText(new RegExp(`Buchungsnummer ${bookingNumber} · [1-9]\\d* Person(en)? · Stornogebühr`))).toBeVisible()
  await page.goBack()
  // The Stornorechnung is among the booking's documents, as a PDF.
  const invoice = page.waitForEvent('download')
  await page.getByRole('region', { name: 'Ihre Unterlagen' }).getByRole('link', { name: /^Stornorechnung Nr\./ }).click()
  expect((await import('node:fs')).readFileSync(await (await invoice).path()).subarray(0, 5).toString()).toBe('%PDF-')
  await expect(page.getByRole('button', { name: 'Stornokosten berechnen' })).toHaveCount(0)
})

const wishlistLink = (page: Page, text: string) => header(page).getByRole('link', { name: `Merkliste, ${text}` })

test('the Merkliste of one browser appears in another after sign-in; a booking starts with the account’s data', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const [first, second, forBooking] = (await seatPlanDates(request, 41)).slice(38)
  const email = `merkt.${randomUUID().slice(0, 8)}@example.de`
  // The computer: a trip on the list before the account exists, kept through the registration.
  await gotoHydrated(page, `/reise/${first?.tripId}/`)
  await page.getByRole('button', { name: 'Auf die Merkliste' }).click()
  await expect(wishlistLink(page, '1 Reise')).toBeVisible()
  await register(page, email)
  await confirmByMail(page, email)
  await expect(wishlistLink(page, '1 Reise')).toBeVisible()

  // The phone: its own trip, then the sign-in brings the computer's as well.
  const phone = await browser.newContext()
  const phonePage = await phone.newPage()
  await gotoHydrated(phonePage, `/reise/${second?.tripId}/`)
  await phonePage.getByRole('button', { name: 'Auf die Merkliste' }).click()
  await signIn(phonePage, email)
  await expect(wishlistLink(phonePage, '2 Reisen')).toBeVisible()
  // Removed on the phone while its page still reads the account's list, gone on the computer at its
  // next page (once the phone has sent it: the header counts the browser's list at once, the
  // account hears of it a moment later). The read is held until the click: a change made while it
  // is on its way must reach the account too.
  let releaseRead = () => {}
  const readHeld = new Promise<void>((resolve) => (releaseRead = resolve))
  await phonePage.route('**/_serverFn/**', async (route) => {
    if ((route.request().postData() ?? '').includes('pull')) await readHeld
    await route.continue()
  })
  const sent = phonePage.waitForResponse((response) => response.url().includes('/_serverFn/') && (response.request().postData() ?? '').includes('replace'))
  await gotoHydrated(phonePage, `/reise/${first?.tripId}/`)
  await phonePage.getByRole('button', { name: 'Von der Merkliste entfernen' }).click()
  await expect(wishlistLink(phonePage, '1 Reise')).toBeVisible()
  releaseRead()
  expect((await sent).ok()).toBe(true)
  await gotoHydrated(page, `/reise/${first?.tripId}/`)
  await expect(wishlistLink(page, '1 Reise')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Auf die Merkliste' })).toBeVisible()
  // Put back on the phone, whose page is left before the change reaches the account (its sending
  // fails): the next page sends it, on top of the account's list, and the computer has it too.
  const isReplacement = (request: Request) => (request.postData() ?? '').includes('replace')
  await phonePage.unroute('**/_serverFn/**')
  await phonePage.route('**/_serverFn/**', (route) => (isReplacement(route.request()) ? route.abort() : route.continue()))
  const failed = phonePage.waitForEvent('requestfailed', isReplacement)
  await phonePage.getByRole('button', { name: 'Auf die Merkliste' }).click()
  await failed
  await phonePage.unroute('**/_serverFn/**')
  const resent = phonePage.waitForResponse((response) => response.url().includes('/_serverFn/') && isReplacement(response.request()))
  await gotoHydrated(phonePage, `/reise/${second?.tripId}/`)
  expect((await resent).ok()).toBe(true)
  await expect(wishlistLink(phonePage, '2 Reisen')).toBeVisible()
  await gotoHydrated(page, `/reise/${first?.tripId}/`)
  await expect(wishlistLink(page, '2 Reisen')).toBeVisible()
  await phone.close()

  // The account's data go into a new booking's booking person (editable).
  await gotoHydrated(page, '/konto/daten/')
  const contact = page.getByRole('form', { name: 'Anschrift und Telefon' })
  await contact.getByLabel('Straße').fill('Am Markt')
  await contact.getByLabel('Hausnummer').fill('7')
  await contact.getByLabel('Postleitzahl').fill('33602')
  await contact.getByLabel('Ort').fill('Bielefeld')
  await contact.getByLabel('Telefon').fill('0521 444555')
  await contact.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Ihre Kontaktdaten sind gespeichert.')).toBeVisible()
  await gotoHydrated(page, `/buchung/${forBooking?.dateId}/step1/`)
  await fillStep1(page, 'Erika Kontofrau')
  await next(page, 2)
  const booker = page.getByRole('group', { name: 'Person 1 (bucht die Reise)' })
  await expect(booker.getByRole('textbox', { name: 'Vorname', exact: true })).toHaveValue('Erika')
  await expect(booker.getByRole('textbox', { name: 'Nachname', exact: true })).toHaveValue('Kontofrau')
  await expect(booker.getByRole('textbox', { name: 'Straße', exact: true })).toHaveValue('Am Markt')
  await expect(booker.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true })).toHaveValue(email)
  await expect(booker.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveValue('0521 444555')
})

test('a passkey made in Meine Daten signs in without e-mail or password (Chromium’s virtual authenticator)', async ({ page }) => {
  test.setTimeout(90_000)
  const email = `passkey.${randomUUID().slice(0, 8)}@example.de`
  await register(page, email)
  await confirmByMail(page, email)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })

  await gotoHydrated(page, '/konto/daten/')
  const passkeys = page.getByRole('region', { name: 'Passkeys' })
  await passkeys.getByRole('button', { name: 'Passkey einrichten' }).click()
  await expect(passkeys.getByText('Der Passkey ist gespeichert.', { exact: false })).toBeVisible()
  await expect(passkeys.getByRole('button', { name: /^Entfernen.*Passkey Chrome/ })).toBeVisible()
  await expectNoSeriousAxeViolations(page)

  await page.getByRole('button', { name: 'Abmelden' }).first().click()
  await expect(header(page).getByRole('link', { name: 'Anmelden' })).toBeVisible()
  await gotoHydrated(page, '/anmelden/?weiter=/konto/daten/')
  await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click()
  await expect(page).toHaveURL(/\/konto\/daten\/$/)
  await expect(passkeys.getByText(/zuletzt genutzt am/)).toBeVisible()
})

test('what is typed in Meine Daten and not yet saved survives reload, Back and Forward; saving forgets it', async ({ page }) => {
  test.setTimeout(90_000)
  const email = `entwurf.${randomUUID().slice(0, 8)}@example.de`
  await register(page, email)
  await confirmByMail(page, email)
  await gotoHydrated(page, '/konto/daten/')
  const contact = () => page.getByRole('form', { name: 'Anschrift und Telefon' })
  await contact().getByLabel('Ort').fill('Detmold')
  await contact().getByLabel('Telefon').fill('05231 7788')
  const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.reload()
  await hydrated()
  await expect(contact().getByLabel('Telefon')).toHaveValue('05231 7788')
  await expect(contact().getByLabel('Ort')).toHaveValue('Detmold')
  await page.goBack()
  await expect(page).toHaveURL(/\/konto\/\?hinweis=bestaetigt$/)
  await page.goForward()
  await hydrated()
  await expect(contact().getByLabel('Telefon')).toHaveValue('05231 7788')
  // Saved: the account has it, and nothing typed is kept any more.
  await contact().getByLabel('Straße').fill('Lange Straße')
  await contact().getByLabel('Hausnummer').fill('9')
  await contact().getByLabel('Postleitzahl').fill('32756')
  await contact().getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Ihre Kontaktdaten sind gespeichert.')).toBeVisible()
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('ungesendet:')))).toEqual([])
  await page.reload()
  await hydrated()
  await expect(contact().getByLabel('Telefon')).toHaveValue('05231 7788')
  await expect(contact().getByLabel('Straße')).toHaveValue('Lange Straße')
})

test('signed out in another tab: an action says so with the way back, and what was typed stays; registration keeps names, never the password', async ({ page }) => {
  test.setTimeout(90_000)
  const email = `zweiter.tab.${randomUUID().slice(0, 8)}@example.de`
  const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await gotoHydrated(page, '/registrierung/')
  await page.getByRole('textbox', { name: 'Vorname' }).fill('Erika')
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Kontofrau')
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD)
  await page.reload()
  await hydrated()
  await expect(page.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Erika')
  await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(email)
  await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toHaveValue('')
  // "Passwort anzeigen" shows what is typed.
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD)
  await page.getByRole('checkbox', { name: 'Passwort anzeigen' }).check()
  await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toHaveAttribute('type', 'text')
  await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click()
  await expect(page.getByText(/Fast geschafft/)).toBeVisible()
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('ungesendet:')))).toEqual([])
  // Sent: a reload shows that state again, not an empty form inviting a second registration.
  await page.reload()
  await hydrated()
  await expect(page.getByRole('heading', { level: 1, name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Eine andere E-Mail-Adresse registrieren' })).toBeVisible()
  await confirmByMail(page, email)

  await gotoHydrated(page, '/konto/daten/')
  const contact = () => page.getByRole('form', { name: 'Anschrift und Telefon' })
  await contact().getByLabel('Straße').fill('Lindenweg')
  await contact().getByLabel('Hausnummer').fill('3')
  await contact().getByLabel('Postleitzahl').fill('33602')
  await contact().getByLabel('Ort').fill('Bielefeld')
  await contact().getByLabel('Telefon').fill('0170 1234567')
  // Signed out in a second tab, with a click before that page's code has arrived: it is held and sent.
  const other = await page.context().newPage()
  let releaseApp = () => {}
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve))
  await other.route('**/assets/hydrate-*.js', async (route) => {
    await appHeld
    await route.continue()
  })
  await other.goto('/konto/')
  await other.getByRole('button', { name: 'Abmelden' }).first().click()
  releaseApp()
  await expect(other).toHaveURL(/^https?:\/\/[^/]+\/$/)
  await expect(header(other).getByRole('link', { name: 'Anmelden' })).toBeVisible()
  await other.close()

  await contact().getByRole('button', { name: 'Speichern' }).click()
  // The answer stands above the form: it takes the focus, so that it is in view on a phone too.
  await expect(page.getByRole('alert').filter({ hasText: 'Sie sind nicht mehr angemeldet' })).toBeFocused()
  await expect(page.getByRole('alert').filter({ hasText: 'Sie sind nicht mehr angemeldet' })).toBeInViewport()
  await expect(contact().getByLabel('Telefon')).toHaveValue('0170 1234567')
  await expectNoSeriousAxeViolations(page)
  await page.getByRole('link', { name: 'Erneut anmelden' }).click()
  await expect(page).toHaveURL(/\/anmelden\/\?weiter=/)
  const form = page.getByRole('form', { name: 'Mit E-Mail-Adresse und Passwort' })
  // The address this tab was signed in with is filled in.
  await expect(form.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(email)
  await form.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(/\/konto\/daten\/$/)
  await expect(contact().getByLabel('Telefon')).toHaveValue('0170 1234567')
  await expect(page.getByText('Ihre Eingaben von vorhin sind wieder eingetragen.', { exact: false })).toBeVisible()

  // Signed in, the sign-in and registration pages say so instead of showing their forms.
  for (const path of ['/anmelden/', '/registrierung/']) {
    await gotoHydrated(page, path)
    await expect(page.getByText(/Sie sind bereits als/)).toBeVisible()
    await expect(page.getByRole('main').getByRole('form')).toHaveCount(0)
  }
})

test('a travel insurance added in Mein Konto: the new total first, then booked at exactly that total', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const date = (await seatPlanDates(request, 42))[41]
  const email = `versichert.${randomUUID().slice(0, 8)}@example.de`
  const guest = await browser.newContext()
  const bookingNumber = await bookToSuccess(await guest.newPage(), date?.dateId ?? 0, 'ueberweisung', { email })
  await guest.close()
  await register(page, email)
  await confirmByMail(page, email)
  await gotoHydrated(page, `/konto/buchungen/${bookingNumber}/`)
  const section = page.getByRole('region', { name: 'Reiseversicherung abschließen' })
  await section.getByLabel('Person').selectOption({ label: 'Bernd Muster' })
  await section.getByRole('button', { name: 'Preis berechnen' }).click()
  const check = section.getByRole('region', { name: 'Ihre Reiseversicherung' })
  const total = await check.locator('dt:text-is("Reisepreis neu") + dd strong').innerText()
  await expectNoSeriousAxeViolations(page)
  await check.getByRole('button', { name: 'kostenpflichtig abschließen' }).click()
  await expect(section.getByRole('status')).toContainText(`Ihr Reisepreis beträgt jetzt ${total}`)
  await mailTo(email, `Ihre geänderte Buchung ${bookingNumber}`)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText('Reiseversicherung geändert')
  // Bernd is insured now; only Anna may still get one.
  await expect(page.getByRole('region', { name: 'Reiseversicherung abschließen' }).getByLabel('Person').locator('option')).toHaveText(['Anna Muster'])
})

test('another customer never sees a booking: not its page, not the owner’s server-function call, not its PDF', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const dates = await seatPlanDates(request, 37)
  const owner = `besitzer.${randomUUID().slice(0, 8)}@example.de`
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  const bookingNumber = await bookToSuccess(ownerPage, dates[36]?.dateId ?? 0, 'ueberweisung', { email: owner })
  // The owner's own call of the booking's server function, as their browser makes it on a click.
  await register(ownerPage, owner)
  await confirmByMail(ownerPage, owner)
  await gotoHydrated(ownerPage, '/konto/buchungen/')
  const call = ownerPage.waitForRequest((r) => r.url().includes('/_serverFn/') && r.method() === 'GET' && r.url().includes(bookingNumber))
  await ownerPage.getByRole('listitem').filter({ hasText: `Buchungsnummer ${bookingNumber}` }).getByRole('link').click()
  const sent = await call
  const url = sent.url()
  // The headers the app's call carries (its server-function marker), without the owner's cookies.
  const callHeaders = { ...Object.fromEntries(Object.entries(sent.headers()).filter(([k]) => ['x-tsr-serverfn', 'accept'].includes(k))), 'sec-fetch-site': 'same-origin' }
  expect((await ownerContext.request.get(url, { headers: callHeaders })).status()).toBe(200)
  await ownerContext.close()

  const stranger = `fremd.${randomUUID().slice(0, 8)}@example.de`
  await register(page, stranger)
  await confirmByMail(page, stranger)
  await gotoHydrated(page, `/konto/buchungen/${bookingNumber}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Buchung nicht gefunden' })).toBeVisible()
  await expect(page.getByText(bookingNumber, { exact: false })).toHaveCount(0)
  // The PDF and calendar file of the booking, and its invoices, with the stranger's session: 404.
  for (const file of [`/buchung/bestaetigung/${bookingNumber}/bestaetigung.pdf`, `/buchung/bestaetigung/${bookingNumber}/reise.ics`, `/konto/buchungen/${bookingNumber}/rechnungen/${new Date().getFullYear()}-000001.pdf`]) {
    const answer = await page.request.get(file)
    expect(answer.status(), file).toBe(404)
  }
  // The owner's server-function call, sent with the stranger's session and with none: 404, nothing of it.
  for (const caller of [page.request, request]) {
    const answer = await caller.get(url, { headers: callHeaders })
    expect(answer.status()).toBe(404)
    expect(await answer.text()).not.toContain('Muster')
  }
  // The account's data as a file: only the stranger's own.
  const exported = await page.request.get('/konto/daten/meine-daten.json')
  expect(exported.status()).toBe(200)
  expect(await exported.text()).not.toContain(bookingNumber)
  // Without any session: the data file is a 404 too.
  expect((await request.get('/konto/daten/meine-daten.json')).status()).toBe(404)
})

test('a signed-in customer gets catalogue pages from the page cache, the same as everybody; the header asks after load', async ({ page, request }) => {
  const email = `cache.${randomUUID().slice(0, 8)}@example.de`
  await register(page, email)
  await confirmByMail(page, email)
  const cookies = (await page.context().cookies()).map((c) => c.name)
  expect(cookies).toEqual(expect.arrayContaining(['konto.session_token', 'konto_angemeldet']))
  const path = `/reisekalender/?seitencache=${randomUUID()}`
  expect((await request.get(path)).headers()['x-cache']).toBe('MISS')
  const signedIn = await page.request.get(path)
  expect(signedIn.headers()['x-cache']).toBe('HIT')
  const html = await signedIn.text()
  expect(html).not.toContain('Kontofrau')
  expect(html).not.toContain(email)
  // In the browser the header then says "Mein Konto".
  await gotoHydrated(page, path)
  await expect(header(page).getByRole('link', { name: 'Mein Konto' })).toBeVisible()
  // On a 360 px phone it is the first line of the menu (the operator's name keeps its room).
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(header(page).getByRole('link', { name: 'Mein Konto' })).toBeHidden()
  await header(page).getByRole('button', { name: 'Menü' }).click()
  await expect(header(page).getByRole('link', { name: 'Mein Konto' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

test('account and sign-in pages are never kept: no-store, and no copy from the page cache', async ({ request }) => {
  for (const path of ['/konto/', '/anmelden/', '/registrierung/', '/passwort/', '/anmelden/link/?token=abc', '/KONTO/buchungen/']) {
    const first = await request.get(path, { maxRedirects: 0 })
    const second = await request.get(path, { maxRedirects: 0 })
    expect(first.status(), path).toBeLessThan(500)
    expect(second.headers()['x-cache'], path).toBeUndefined()
    expect(second.headers()['cache-control'], path).toContain('no-store')
  }
})
