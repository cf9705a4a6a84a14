import AxeBuilder from '@axe-core/playwright'
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'

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
