import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// Browser tests run against the production build (`vite build` first) in Debian's Chromium,
// on a fresh embedded database in a temporary data folder. A folder this config made is noted in
// E2E_TEMP_DATA_DIR so the global teardown deletes it (one given in E2E_DATA_DIR is left alone).
// Worker processes load this config again but inherit E2E_DATA_DIR, so they make no folder.
const port = Number(process.env.E2E_PORT ?? 3100)
// The servers of the browser tests (and those they start themselves) count every mail they send:
// the scheduled notices would add theirs. The jobs are tested on both databases in integration.
process.env.SCHEDULED_JOBS ??= 'off'
const givenDataDir = process.env.E2E_DATA_DIR
const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'reisen-e2e-'))
process.env.E2E_DATA_DIR = dataDir
if (givenDataDir === undefined) process.env.E2E_TEMP_DATA_DIR = dataDir
// Mails of the site go to a real SMTP server on loopback that writes them into this folder.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 25)
const givenMailDir = process.env.E2E_MAIL_DIR
const mailDir = givenMailDir ?? mkdtempSync(join(tmpdir(), 'reisen-e2e-mail-'))
process.env.E2E_MAIL_DIR = mailDir
if (givenMailDir === undefined) process.env.E2E_TEMP_MAIL_DIR = mailDir
process.env.E2E_SMTP_PORT = String(smtpPort)

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  // The fuzzers load the machine for a minute each (the search fuzz the shared server's embedded
  // database, which answers one query at a time): they run after every other test, so that no
  // test's timing waits behind them.
  projects: [
    { name: 'browser', testIgnore: /-fuzz\.spec\.ts$/ },
    { name: 'fuzz', testMatch: /-fuzz\.spec\.ts$/, dependencies: ['browser'] },
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node tests/support/smtp-sink.mjs',
      port: smtpPort,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { E2E_MAIL_DIR: mailDir, E2E_SMTP_PORT: String(smtpPort) },
    },
    {
      command: 'node scripts/serve.mjs',
      url: `http://localhost:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        // Every test is a client of 127.0.0.1: the per-client limits are tested on a server of their own.
        CLIENT_LIMIT_SCALE: '100',
        SCHEDULED_JOBS: 'off',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // A production start that sends mail needs its public origin (the links in the mails).
        SITE_URL: `http://localhost:${port}`,
        MAIL_FROM: 'Sonnenland Reisen <buchung@sonnenland-reisen.example>',
        // The browser tests count the seats and bookings they make themselves; the demo bookings
        // are tested in tests/integration/office-demo-bookings.test.ts.
        SEED_BOOKINGS: '0',
      },
    },
  ],
})
