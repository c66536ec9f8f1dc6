import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/schema.server.ts'
import { insertProductCategory } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { parseEnv } from '../utils/env.server.ts'
import { prepareDatabase } from './startup.server.ts'

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database?.close()
})

test('demo accounts are made only with the demo data: never on a database that already holds a shop', async () => {
  // A live shop's database, with its catalogue and no account yet; DEMO_DATA switched on by mistake.
  await insertProductCategory(database.db, { name: 'Our own category' })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-startup-'))
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'true' })
  await prepareDatabase(database, env)
  const [{ value }] = await database.db.select({ value: count() }).from(users)
  expect(value).toBe(0)
  expect(existsSync(path.join(dataDir, 'demo-accounts.txt'))).toBe(false)
})
