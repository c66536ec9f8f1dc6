import { afterAll, beforeAll } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { testDatabaseForFile } from './database-per-file.ts'
import { createTestAccount, type TestAccount } from './test-accounts.ts'

type Who = Parameters<typeof createTestAccount>[1]
type AccountOptions = Parameters<typeof createTestAccount>[2]

/**
 * What a test file of a signed-in page sets up alike: its own database and one account signed in
 * before its first test, with the auth library's memory (sessions, rate limits) reset around the
 * file. `account` is filled in before the first test, so it can be taken apart at once. Call it
 * first in the file: its hooks run before the file's own.
 * @example
 * const { database, account: casey } = signedInTest('customer')
 * test('…', async () => callRoute(loader, { url: '/account', cookie: casey.cookie }))
 */
export function signedInTest(who: Who, options?: AccountOptions) {
  const database = testDatabaseForFile()
  const account: TestAccount = { id: '', email: '', name: '', password: '', cookie: '' }
  beforeAll(async () => {
    resetAuth()
    Object.assign(account, await createTestAccount(database, who, options))
  })
  afterAll(() => {
    resetAuth()
  })
  return { database, account }
}
