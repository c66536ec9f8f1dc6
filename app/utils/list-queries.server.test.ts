import { eq, or, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { COUNT_LIMIT } from '#app/rules/list-counts.ts'
import { insertOrder, insertUser } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { orders } from './db-schema.server.ts'
import { inSubquery, iterateNewestFirst, selectNewestFirstPage, sharedIds } from './list-queries.server.ts'

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

test('a page is the same newest-first slice whether its matches are few (sorted) or many (walked)', async () => {
  const { db } = database
  const base = Date.parse('2026-01-01T00:00:00Z')
  // Three orders a second, so ties on the time are broken by id; more than COUNT_LIMIT for "many".
  const made = (email: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      email,
      subtotalCents: 100,
      totalCents: 100,
      createdAt: new Date(base - Math.floor(i / 3) * 1000),
    }))
  for (const [email, count] of [
    ['few@example.com', 40],
    ['many@example.com', COUNT_LIMIT + 10],
  ] as const) {
    for (let start = 0; start < count; start += 500) {
      await db.insert(orders).values(made(email, count).slice(start, start + 500))
    }
  }
  const all = await db.select({ id: orders.id, email: orders.email, createdAt: orders.createdAt }).from(orders)
  const newestFirst = (email: string) =>
    all
      .filter((order) => order.email === email)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((order) => order.id)

  for (const [email, total] of [
    ['few@example.com', 40],
    ['many@example.com', COUNT_LIMIT + 1],
  ] as const) {
    const expected = newestFirst(email)
    for (const offset of [0, 7, 35, expected.length - 3]) {
      const page = await selectNewestFirstPage(
        db,
        orders,
        { id: orders.id },
        { where: eq(orders.email, email), limit: 10, offset },
      )
      expect(page.total).toBe(total)
      expect(page.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + 10))
    }
  }
})

test('an export reads every row once, newest first, even rows made within one millisecond', async () => {
  const { db } = database
  const email = 'export@example.com'
  // Microseconds apart within one millisecond, and ties on the time broken by the id: a cursor cut
  // to a JavaScript Date's milliseconds skipped the later rows of its millisecond.
  const times = ['2026-02-01T10:00:00.123456Z', '2026-02-01T10:00:00.123100Z', '2026-02-01T10:00:00.123000Z']
  for (const time of [...times, ...times]) {
    await db.insert(orders).values({ email, subtotalCents: 100, totalCents: 100, createdAt: sql`${time}::timestamptz` })
  }
  const expected = (
    await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.email, email))
      .orderBy(sql`created_at desc, id desc`)
  ).map((row) => row.id)
  expect(expected).toHaveLength(6)
  for (const batchSize of [1, 2, 4, 6, 10]) {
    const batches: { id: string }[][] = []
    const select = (position: Parameters<Parameters<typeof iterateNewestFirst>[0]>[0]) =>
      db
        .select({ id: orders.id, ...position })
        .from(orders)
        .$dynamic()
    for await (const batch of iterateNewestFirst(select, { from: orders, where: eq(orders.email, email), batchSize })) {
      batches.push(batch)
    }
    expect(
      batches.flat().map((row) => row.id),
      `batches of ${batchSize}`,
    ).toEqual(expected)
    // The position the batches continue from stays inside the export.
    expect(Object.keys(batches[0]?.[0] ?? {})).toEqual(['id'])
  }
})
