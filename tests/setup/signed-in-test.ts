import { afterAll, beforeAll } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { testDatabaseForFile } from './database-per-file.ts'
import {
  createTestAccount,
  createTestAccounts,
  ROLE_ACCOUNTS,
  type TestAccount,
  type TestRole,
} from './test-accounts.ts'

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

/**
 * What a test file that signs in as both demo roles sets up alike: its own database, then Alex
 * Admin and Casey Customer signed in before its first test, with the auth library's memory reset
 * around the file. The accounts can be taken apart at once; reading one's fields before the
 * file's first hook has run throws, as `database.db` does. Call it first in the file: a
 * `beforeAll` of the file's own runs after it, so it can add accounts, storage or records.
 * @example
 * const { database, admin, customer: casey } = signedInAccountsForFile()
 * test('…', async () => callRoute(loader, { url: '/admin/settings', cookie: admin.cookie }))
 */
export function signedInAccountsForFile(): { database: ReturnType<typeof testDatabaseForFile> } & Record<
  TestRole,
  TestAccount
> {
  const database = testDatabaseForFile()
  let signedIn: Record<TestRole, TestAccount> | undefined
  beforeAll(async () => {
    resetAuth()
    signedIn = await createTestAccounts(database)
  })
  afterAll(() => {
    resetAuth()
  })
  const accountOf = (role: TestRole) => () => {
    if (!signedIn) {
      throw new Error(`${ROLE_ACCOUNTS[role].name} signs in in beforeAll; read the account inside a hook or a test`)
    }
    return signedIn[role]
  }
  return {
    database,
    admin: accountFilledLater(accountOf('admin')),
    customer: accountFilledLater(accountOf('customer')),
  }
}

const ACCOUNT_FIELDS = ['id', 'email', 'name', 'password', 'cookie'] as const satisfies (keyof TestAccount)[]

/** An account whose fields are read from `account()` when asked, so it can be destructured before it exists. */
function accountFilledLater(account: () => TestAccount): TestAccount {
  const fields = {} as TestAccount
  for (const field of ACCOUNT_FIELDS) {
    Object.defineProperty(fields, field, { enumerable: true, get: () => account()[field] })
  }
  return fields
}
