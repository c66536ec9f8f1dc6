import { mkdirSync } from 'node:fs'
import { chromium, type FullConfig } from '@playwright/test'
import { demoSessionFile, readDemoAccounts, signInThroughForm } from './playwright-utils.ts'

/**
 * One sign-in per demo role for the whole run: the demo admin and customer sign in once through
 * the login form here, and `logIn` hands their session cookies to every test that signs them in
 * (tests of signing in itself use accounts of their own and the form).
 */
export default async function globalSetup(config: FullConfig) {
  const { baseURL, launchOptions } = config.projects[0].use
  const browser = await chromium.launch(launchOptions)
  try {
    for (const account of Object.values(readDemoAccounts())) {
      const context = await browser.newContext({ baseURL })
      const page = await context.newPage()
      await signInThroughForm(page, account)
      const file = demoSessionFile(account.email)
      mkdirSync(file.replace(/\/[^/]+$/, ''), { recursive: true })
      await context.storageState({ path: file })
      await context.close()
    }
  } finally {
    await browser.close()
  }
}
