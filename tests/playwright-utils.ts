import { test as base, expect, type Page } from '@playwright/test'

/**
 * The shared test fixture: fails a test on any uncaught page error or console error, as a
 * customer-visible JavaScript failure should never pass unnoticed.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpectedConsoleError(message.text())) {
          errors.push(`console.error: ${message.text()}`)
        }
      })
      await use(errors)
      expect(errors, 'the page logged errors').toEqual([])
    },
    { auto: true },
  ],
})

// A 4xx answer we asked for on purpose (a 404 page, a refused request) is logged by Chromium as
// "Failed to load resource"; that is the browser reporting the status, not a script failing.
function isExpectedConsoleError(text: string) {
  return /Failed to load resource: the server responded with a status of 4\d\d/.test(text)
}

export { expect }

/** Waits until React has hydrated the page, so client-side handlers are attached. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** A unique e-mail address for one test run. */
export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}
