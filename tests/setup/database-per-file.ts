import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

/**
 * The test file's own database: opened before its first test, closed after its last, with the
 * `emptied` tables cleared before each test (in the order given, so a table that references
 * another goes first). A file's own `beforeEach` runs after the clearing, so it can seed.
 * @example
 * const database = testDatabaseForFile({ emptied: [newsUpdates] })
 * test('…', async () => { await database.db.insert(newsUpdates).values(row) })
 */
export function testDatabaseForFile({ emptied = [] }: { emptied?: PgTable[] } = {}): {
  readonly db: TestDatabase['db']
} {
  let opened: TestDatabase | undefined
  beforeAll(async () => {
    opened = await createTestDatabase()
  })
  beforeEach(async () => {
    for (const table of emptied) await opened?.db.delete(table)
  })
  afterAll(async () => {
    await opened?.close()
  })
  return {
    get db() {
      if (!opened) throw new Error('The test database opens in beforeAll; read it inside a hook or a test')
      return opened.db
    },
  }
}
