import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from './db.server.ts'
import { durationOf, queriesOf, timeRequest } from './request-timing.server.ts'

let database: Database
beforeAll(async () => {
  database = await openDatabase({ dataDir: null })
})
afterAll(() => database.close())

test('counts the statements a request sends, and only its own', async () => {
  const [answer, timing] = await timeRequest(async () => {
    await database.db.execute(sql`select 1`)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 2`)
      await tx.execute(sql`select 3`)
    })
    return 'done'
  })
  expect(answer).toBe('done')
  // Two selects inside the transaction, one outside (begin and commit are not statements of the page).
  expect(queriesOf(timing)).toBe(3)
  expect(durationOf(timing)).toBeGreaterThanOrEqual(0)

  // Two requests at once keep their own counts.
  const [[, one], [, two]] = await Promise.all([
    timeRequest(() => database.db.execute(sql`select 1`)),
    timeRequest(async () => {
      await database.db.execute(sql`select 1`)
      await database.db.execute(sql`select 2`)
    }),
  ])
  expect(queriesOf(one)).toBe(1)
  expect(queriesOf(two)).toBe(2)
})

test('reads nothing from a header it did not write', () => {
  expect(queriesOf(null)).toBeNull()
  expect(durationOf('cache;desc=hit')).toBeNull()
})
