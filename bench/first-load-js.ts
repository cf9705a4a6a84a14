// JavaScript a phone downloads on the first load of the start page, a trip page, a category and a
// search page: every script response Chromium receives until the page is idle, counted as sent
// (compressed) and as parsed (decoded), beside the budget of 150 KB compressed. Printed apart: what
// arrived until the page was hydrated, and the rest (spec 9's preload of the main menu's pages,
// about a second after start).
//
//   npx vite build && npm run bench:js
//   env: BUILD_OUT_DIR (.output), CHROMIUM_PATH (/usr/bin/chromium)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { freePort, root, startServer, stopServer } from './support'

/** Compressed JavaScript per first page load (issue 12). */
const BUDGET_KB = 150
const entry = join(resolve(root, process.env.BUILD_OUT_DIR ?? '.output'), 'server/index.mjs')

type Load = { path: string; files: number; sentKb: number; decodedKb: number; hydratedFiles: number; hydratedSentKb: number }

async function firstLoad(base: string, path: string): Promise<Load> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
  try {
    // A fresh context: nothing cached, as on a first visit.
    const context = await browser.newContext()
    const page = await context.newPage()
    const scripts: Promise<{ sent: number; decoded: number; beforeHydration: boolean }>[] = []
    let hydrated = false
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      const beforeHydration = !hydrated
      scripts.push(
        Promise.all([response.request().sizes(), response.body()]).then(([sizes, body]) => ({
          sent: sizes.responseBodySize,
          decoded: body.byteLength,
          beforeHydration,
        })),
      )
    })
    await page.goto(`${base}${path}`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    hydrated = true
    await page.waitForLoadState('networkidle')
    const sizes = await Promise.all(scripts)
    const early = sizes.filter((s) => s.beforeHydration)
    await context.close()
    const kb = (bytes: number) => Math.round(bytes / 102.4) / 10
    return {
      path,
      files: sizes.length,
      sentKb: kb(sizes.reduce((sum, s) => sum + s.sent, 0)),
      decodedKb: kb(sizes.reduce((sum, s) => sum + s.decoded, 0)),
      hydratedFiles: early.length,
      hydratedSentKb: kb(early.reduce((sum, s) => sum + s.sent, 0)),
    }
  } finally {
    await browser.close()
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reisen-bench-js-'))
  const port = await freePort()
  const server = await startServer({ entry, port, env: { DATA_DIR: dataDir, SEED_TRIPS: '20', DATABASE_URL: undefined } })
  const base = `http://127.0.0.1:${port}`
  try {
    const pages = ['/', '/reise/1/', '/reiseuebersicht/busreisen/', '/reiseuebersicht/search/--------/']
    const loads: Load[] = []
    for (const path of pages) loads.push(await firstLoad(base, path))
    console.log(`\nJavaScript beim ersten Laden (Chromium, ohne Cache); Budget ${BUDGET_KB} KB komprimiert`)
    console.log(
      `  ${'Seite'.padEnd(38)} ${'Dateien'.padStart(7)} ${'komprimiert'.padStart(12)} ${'entpackt'.padStart(10)}  Budget  ${'bis hydriert'.padStart(20)}`,
    )
    const verdict = (kb: number) => (kb <= BUDGET_KB ? '✓' : `✗ (${(kb / BUDGET_KB).toFixed(2)}×)`)
    for (const load of loads) {
      console.log(
        `  ${load.path.padEnd(38)} ${String(load.files).padStart(7)} ${`${load.sentKb} KB`.padStart(12)} ${`${load.decodedKb} KB`.padStart(10)}  ${verdict(load.sentKb)}  ${`${load.hydratedFiles} Dateien, ${load.hydratedSentKb} KB`.padStart(20)} ${verdict(load.hydratedSentKb)}`,
      )
    }
  } finally {
    await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
