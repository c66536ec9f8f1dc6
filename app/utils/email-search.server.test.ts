import { ilike, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { newsletterSubscribers } from './db-schema.server.ts'
import { emailContaining } from './email-search.server.ts'
import { containing } from './like-patterns.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
  await database.db
    .insert(newsletterSubscribers)
    .values(
      [
        'casey@example.com',
        'joann@example.com',
        'ann@example.org',
        'casey.lee@gmail.com',
        'a@b.co',
        'c_y@example.com',
      ].map((email) => ({ email })),
    )
})
afterAll(async () => {
  await database.close()
})

async function emailsWhere(where: SQL) {
  const rows = await database.db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(newsletterSubscribers.email)
  return rows.map((row) => row.email)
}

test('finds the same e-mails as a plain contains-search, whole addresses, parts and domains alike', async () => {
  const searches = [
    'casey@example.com',
    'ANN@EXAMPLE',
    'ann@example.org',
    'casey',
    '@example.com',
    'a@b.co',
    'c_y@ex',
    'y@e',
  ]
  for (const text of searches) {
    expect(await emailsWhere(emailContaining(newsletterSubscribers.email, text)), text).toEqual(
      await emailsWhere(ilike(newsletterSubscribers.email, containing(text))),
    )
  }
  expect(await emailsWhere(emailContaining(newsletterSubscribers.email, 'ann@example'))).toEqual([
    'ann@example.org',
    'joann@example.com',
  ])
  // A typed wildcard is a letter like any other.
  expect(await emailsWhere(emailContaining(newsletterSubscribers.email, 'c_y@example.com'))).toEqual([
    'c_y@example.com',
  ])
})

test('asks the index only for the part up to the @ of a whole address', () => {
  const query = database.db
    .select()
    .from(newsletterSubscribers)
    .where(emailContaining(newsletterSubscribers.email, 'casey@example.com'))
    .toSQL()
  expect(query.params).toEqual(['%casey@%', '%casey@example.com%'])
  expect(query.sql).toContain(`("newsletter_subscribers"."email" || '') ilike`)
})
