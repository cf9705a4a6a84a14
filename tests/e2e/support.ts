import type { Page } from '@playwright/test'

/**
 * Opens a page and waits until React has hydrated it: before that, typing into controlled inputs
 * can be reset and a link click is a full page load instead of a client navigation.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}
