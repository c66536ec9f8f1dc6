import { or, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { insertOrder, insertUser } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { orders } from './db-schema.server.ts'
import { inSubquery, selectNewestFirstPage, sharedIds } from './list-queries.server.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

test('ids a page and its count both filter on are one common table expression, read once', async () => {
  const { db } = database
  const casey = await insertUser(db, { email: 'casey@example.com', name: 'Casey Shared' })
  const robin = await insertUser(db, { email: 'robin@example.com', name: 'Robin Other' })
  const customers = sharedIds(db, 'matching_customers', sql`(select id from users where name ilike ${'%shared%'})`)
  const where = or(inSubquery(orders.userId, customers.ids), sql`false`)
  const query = db.with(customers.cte).select({ id: orders.id }).from(orders).where(where).toSQL()
  expect(query.sql).toMatch(/^with "matching_customers" as \(\(select id from users where name ilike \$1\)\)/)
  expect(query.sql.match(/from users/g)).toHaveLength(1)

  const mine = [(await insertOrder(db, { userId: casey.id })).id, (await insertOrder(db, { userId: casey.id })).id]
  await insertOrder(db, { userId: robin.id })
  const page = await selectNewestFirstPage(db, orders, { id: orders.id }, { where, limit: 1, shared: [customers] })
  expect(page.total).toBe(2)
  expect(page.rows).toHaveLength(1)
  expect(mine).toContain(page.rows[0]?.id)
  // A page past the end has no row to carry the count, which is asked again, with the CTE.
  const pastEnd = await selectNewestFirstPage(
    db,
    orders,
    { id: orders.id },
    { where, limit: 1, offset: 5, shared: [customers] },
  )
  expect(pastEnd).toEqual({ rows: [], total: 2 })
})
