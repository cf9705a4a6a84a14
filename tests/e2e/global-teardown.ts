import { rmSync } from 'node:fs'

/**
 * Deletes the temporary data folder playwright.config.ts made for this run; without this every
 * run left its database (tens of MB) in /tmp. A folder passed in through E2E_DATA_DIR belongs to
 * whoever passed it and stays, so only the path the config noted in E2E_TEMP_DATA_DIR goes.
 */
export default function globalTeardown(): void {
  const dir = process.env.E2E_TEMP_DATA_DIR
  if (!dir || dir !== process.env.E2E_DATA_DIR) return
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
  delete process.env.E2E_TEMP_DATA_DIR
}
