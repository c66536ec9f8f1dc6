import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { pingDatabase } from './db.server.ts'
import { newsletterSubscribers, products } from './db-schema.server.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('database', () => {
  test('migrations create every table and the trigram extension', async () => {
    const tables = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] }
    const names = tables.rows.map((row) => row.table_name)
    for (const expected of ['products', 'orders', 'invoices', 'quotes', 'reviews', 'promotions', 'mail_outbox']) {
      expect(names).toContain(expected)
    }
    const extension = (await database.db.execute(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    )) as unknown as { rows: unknown[] }
    expect(extension.rows).toHaveLength(1)
  })

  test('case-insensitive title search works on the trigram-indexed column', async () => {
    await database.db.insert(products).values([{ title: 'Rugged Tablet Case' }, { title: 'Desk Organiser' }])
    const found = await database.db
      .select({ title: products.title })
      .from(products)
      .where(sql`${products.title} ilike ${'%TABLET%'}`)
    expect(found).toEqual([{ title: 'Rugged Tablet Case' }])
  })

  test('constraints reject bad data', async () => {
    await expect(database.db.insert(products).values({ title: 'Broken', stockQuantity: -1 })).rejects.toThrow()
    await database.db.insert(newsletterSubscribers).values({ email: 'a@example.com' })
    await expect(database.db.insert(newsletterSubscribers).values({ email: 'a@example.com' })).rejects.toThrow()
  })

  test('NOTIFY reaches a listener', async () => {
    const received: string[] = []
    const unlisten = await database.listen('test_channel', (payload) => received.push(payload))
    await database.notify('test_channel', 'hello')
    await expect.poll(() => received, { timeout: 3000 }).toEqual(['hello'])
    await unlisten()
  })

  test('the readiness ping answers', async () => {
    expect(await pingDatabase(database)).toBe(true)
  })
})
