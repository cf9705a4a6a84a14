import { rmSync } from 'node:fs'

/**
 * Deletes the temporary data and mail folders playwright.config.ts made for this run; without this every
 * run left its database (tens of MB) in /tmp. A folder passed in through E2E_DATA_DIR belongs to
 * whoever passed it and stays, so only the path the config noted in E2E_TEMP_DATA_DIR goes.
 */
export default function globalTeardown(): void {
  for (const [temp, given] of [
    ['E2E_TEMP_DATA_DIR', 'E2E_DATA_DIR'],
    ['E2E_TEMP_MAIL_DIR', 'E2E_MAIL_DIR'],
  ] as const) {
    const dir = process.env[temp]
    if (!dir || dir !== process.env[given]) continue
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
    delete process.env[temp]
  }
}
