import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { serverProcess } from '../../scripts/server-process.mjs'

/**
 * Opens a page and waits until React has hydrated it: before that, typing into controlled inputs
 * can be reset and a link click is a full page load instead of a client navigation.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/**
 * Runs axe with the WCAG 2.0/2.1 A and AA rules and expects no serious or critical violation.
 * The failure lists each rule with the elements it found, so a report says where to look.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

// ---------------------------------------------------------------------------------------------
// The booking flow (booking.spec.ts, agency-login.spec.ts)

type Availability = { freePlaces: number; roomTypes: string[]; seats: { seat: string; state: string }[] }

/** Bookable dates of bus trips with a seat plan (`count` at most), found from the trip pages of the demo catalogue. */
/**
 * The last date of the trip `seatPlanDates` finds at `index`: a date no other test books (they take
 * the first date of a trip), for a test that closes it.
 */
export async function lastDateOfTrip(request: APIRequestContext, index: number): Promise<number> {
  return (await datesOfTrip(request, index)).at(-1) ?? 0
}

/** The bookable dates of the trip `seatPlanDates` finds at `index`, in the order its page lists them. */
export async function datesOfTrip(request: APIRequestContext, index: number): Promise<number[]> {
  const tripId = (await seatPlanDates(request, index + 1))[index]?.tripId ?? 1
  const html = await (await request.get(`/reise/${tripId}/`)).text()
  return [...html.matchAll(/href="\/buchung\/(\d+)\/step1\/"/g)].map((match) => Number(match[1]))
}

export async function seatPlanDates(request: APIRequestContext, count = 12): Promise<{ tripId: number; dateId: number }[]> {
  const found: { tripId: number; dateId: number }[] = []
  for (let tripId = 1; tripId <= 80 && found.length < count; tripId++) {
    const html = await (await request.get(`/reise/${tripId}/`)).text()
    for (const match of html.matchAll(/href="\/buchung\/(\d+)\/step1\/"/g)) {
      const dateId = Number(match[1])
      const availability = (await (await request.get(`/api/trip-dates/${dateId}/availability`)).json()) as Availability
      if (availability.seats.length > 0 && availability.freePlaces >= 8 && availability.roomTypes.includes('DZ')) {
        found.push({ tripId, dateId })
        break
      }
    }
  }
  return found
}

/** The next server-function POST (a save or a booking) of the page. */
/**
 * A booking step page, hydrated and with its draft opened (the page's first POST, openBooking): a
 * test that races another browser for a seat must not click before its page knows the plan.
 */
export async function gotoOpenedBooking(page: Page, url: string): Promise<void> {
  const id = serverFunctionIds().get('openBooking') ?? 'openBooking'
  const opened = page.waitForResponse((r) => r.url().includes(`/_serverFn/${id}`) && r.ok())
  await gotoHydrated(page, url)
  await opened
}

export const saved = (page: Page) => page.waitForResponse((r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST')

/** The first free seats, every second one, each pinned by its label (the plan changes as seats are picked). */
export async function freeSeats(page: Page, n: number): Promise<Locator[]> {
  const free = page.getByRole('button', { name: /, frei$/ })
  const labels: string[] = []
  for (let i = 0; i < n; i++) labels.push((await free.nth(i * 2).innerText()).trim())
  return labels.map((label) => seatButton(page, label))
}

export const seatButton = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^Platz ${label},`) })

/** `first`: how step 1 names the first traveller ('Person 1', or the booking person's name when it is known). */
export async function fillStep1(page: Page, first = 'Person 1'): Promise<string[]> {
  const [a, b] = await freeSeats(page, 2)
  const labels = [(await a!.innerText()).trim(), (await b!.innerText()).trim()]
  await page.getByRole('radio', { name: new RegExp(`^${first}`) }).check()
  await Promise.all([saved(page), a!.click()])
  await page.getByRole('radio', { name: /^Person 2/ }).check()
  await Promise.all([saved(page), b!.click()])
  await page.getByLabel(`Zustieg für ${first}`).selectOption({ index: 1 })
  await page.getByLabel('Zustieg für Person 2').selectOption({ index: 1 })
  return labels
}

/** The booking person's e-mail address and surname other than the usual test customer's. */
export type Booker = { email?: string; lastname?: string }

export async function fillStep2(page: Page, booker: Booker = {}): Promise<void> {
  const person = (n: number) => page.getByRole('group', { name: new RegExp(`^Person ${n}`) })
  await person(1).getByRole('textbox', { name: 'Vorname', exact: true }).fill('Anna')
  await person(1).getByRole('textbox', { name: 'Nachname', exact: true }).fill(booker.lastname ?? 'Muster')
  await person(1).getByRole('textbox', { name: 'Straße', exact: true }).fill('Hauptstraße')
  await person(1).getByRole('textbox', { name: 'Hausnummer', exact: true }).fill('12a')
  await person(1).getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('33602')
  await person(1).getByRole('textbox', { name: 'Ort', exact: true }).fill('Bielefeld')
  await person(1).getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill(booker.email ?? 'anna.muster@example.de')
  await person(1).getByRole('textbox', { name: 'Telefon', exact: true }).fill('0521 987654')
  await person(2).getByRole('textbox', { name: 'Vorname', exact: true }).fill('Bernd')
  await person(2).getByRole('textbox', { name: 'Nachname', exact: true }).fill('Muster')
}

export async function next(page: Page, step: number): Promise<void> {
  await page.getByRole('button', { name: 'Weiter' }).click()
  await expect(page).toHaveURL(new RegExp(`/step${step}/$`))
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Schritt ${step}`) })).toBeVisible()
}

export async function bookToSuccess(page: Page, dateId: number, payment: 'ueberweisung' | 'lastschrift' = 'ueberweisung', booker: Booker = {}): Promise<string> {
  await gotoHydrated(page, `/buchung/${dateId}/step1/`)
  await fillStep1(page)
  await next(page, 2)
  await fillStep2(page, booker)
  await next(page, 3)
  if (payment === 'lastschrift') {
    await page.getByRole('radio', { name: /^SEPA-Lastschrift/ }).check()
    await page.getByLabel('Kontoinhaberin oder Kontoinhaber').fill('Anna Muster')
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00')
    await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check()
  } else {
    await page.getByRole('radio', { name: /^Überweisung/ }).check()
  }
  await next(page, 4)
  await page.getByRole('checkbox', { name: /Reisebedingungen/ }).check()
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check()
  await page.getByRole('button', { name: 'zahlungspflichtig buchen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Buchung!' })).toBeVisible()
  return shownBookingNumber(page)
}

/** The booking number as the confirmation or success page says it: 'Ihre Buchungsnummer: 7K4P-9XQ2'. */
export async function shownBookingNumber(page: Page): Promise<string> {
  const sentence = await page.getByText(/^Ihre Buchungsnummer:/).first().innerText()
  const number = /Ihre Buchungsnummer:\s*([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(sentence)?.[1]
  if (!number) throw new Error(`no booking number in "${sentence}"`)
  return number
}

/** The raw mails the SMTP sink of the browser tests received that contain the text. */
export function mailsWith(text: string): string[] {
  const dir = process.env.E2E_MAIL_DIR ?? ''
  return readdirSync(dir)
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((raw) => raw.includes(text))
}

/** The first such mail, or null. */
export function mailWith(text: string): string | null {
  return mailsWith(text)[0] ?? null
}

// ---------------------------------------------------------------------------------------------
// Servers of their own (server-lifecycle.spec.ts, operations.spec.ts): the production build in a
// child process, with its output kept for the test to read.

const entry = join(process.env.BUILD_OUT_DIR ?? '.output', 'server/index.mjs')

export function startServer(env: Record<string, string>, node = process.execPath) {
  // No demo bookings unless a test asks for them (they would only make its start slower).
  const server = serverProcess(entry, { ...process.env, LOG_LEVEL: 'info', SEED_BOOKINGS: '0', ...env })
  const child = spawn(node, server.args, { env: server.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let errors = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    errors += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output, errors: () => errors }
}

export async function waitForHealth(port: number): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).status
        } catch {
          return 0
        }
      },
      { timeout: 90_000, intervals: [200] },
    )
    .toBe(200)
}

/**
 * A server of the spec's own on `port`, on a new data folder: started before its tests, stopped
 * and its folder removed after them (its settings in `env`).
 */
export function useServerOfItsOwn(port: number, folderPrefix: string, env: Record<string, string>): void {
  let dataDir = ''
  let server: ReturnType<typeof startServer> | null = null
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    dataDir = mkdtempSync(join(tmpdir(), folderPrefix))
    server = startServer({ PORT: String(port), DATA_DIR: dataDir, SEED_TRIPS: '5', LOG_LEVEL: 'error', ...env })
    await waitForHealth(port)
  })
  test.afterAll(async () => {
    test.setTimeout(60_000)
    if (server) {
      server.child.kill('SIGTERM')
      await server.exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  })
}

/** The server functions of the build under test by name, as its SSR bundle lists them (id → function). */
export function serverFunctionIds(): Map<string, string> {
  const ssr = readFileSync(join(process.env.BUILD_OUT_DIR ?? '.output', 'server/_ssr/ssr.mjs'), 'utf8')
  return new Map([...ssr.matchAll(/"([0-9a-f]{64})": \{\s*functionName: "(\w+)_createServerFn_handler"/g)].map((m) => [m[2] ?? '', m[1] ?? '']))
}

/** The text of the QR code the locator shows, read from a screenshot by a QR decoder (jsQR). */
export async function decodeQrCode(locator: Locator): Promise<string | null> {
  const { data, info } = await sharp(await locator.screenshot({ scale: 'device' })).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null
}
