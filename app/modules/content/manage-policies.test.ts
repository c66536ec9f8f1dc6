import { beforeEach, expect, test } from 'vitest'
import { insertPolicy } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { UNKNOWN_ID } from '#tests/setup/test-database.ts'
import { createPolicy, deletePolicy, listAdminPolicies, slugFromTitle, updatePolicy } from './manage-policies.server.ts'
import { PolicyFormSchema } from './policy-schemas.ts'
import { policies } from './schema.server.ts'
import { listPolicies, retrievePolicy } from './service.server.ts'

const database = testDatabaseForFile({ emptied: [policies] })

beforeEach(async () => {
  await insertPolicy(database.db, {
    slug: 'returns',
    title: 'Returns',
    summary: 'Within 30 days.',
    content: 'Full text.',
    position: 1,
  })
})

test('a new policy goes after the others, with a free address from its title', async () => {
  const warranty = await createPolicy({ title: 'Warranty & Repairs', summary: '', content: 'One year.\n\nMore.' })
  expect(warranty.slug).toBe('warranty-repairs')
  const again = await createPolicy({ title: 'Warranty & repairs!', summary: 'Card text', content: 'Two.' })
  expect(again.slug).toBe('warranty-repairs-2')
  const returns = await createPolicy({ title: 'Returns', summary: '', content: 'Another.' })
  expect(returns.slug).toBe('returns-2')
  expect((await listAdminPolicies()).map((policy) => policy.slug)).toEqual([
    'returns',
    'warranty-repairs',
    'warranty-repairs-2',
    'returns-2',
  ])
  // The public card shows the summary, or the start of the text when there is none.
  const cards = await listPolicies()
  expect(cards.map((card) => card.summary)).toEqual(['Within 30 days.', 'One year.', 'Card text', 'Another.'])
  expect((await retrievePolicy(warranty.id))?.content).toBe('One year.\n\nMore.')
})

test('an edit keeps the address; a deleted policy is not found', async () => {
  const created = await createPolicy({ title: 'Privacy', summary: '', content: 'We keep little.' })
  const saved = await updatePolicy(created.id, { title: 'Privacy Notice', summary: 'S', content: 'Nothing sold.' })
  expect(saved).toMatchObject({ id: created.id, slug: 'privacy', title: 'Privacy Notice', content: 'Nothing sold.' })
  expect(Date.parse(saved?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(created.updatedAt))
  expect(await deletePolicy(created.id)).toBe(true)
  expect(await retrievePolicy(created.id)).toBeNull()
  expect(await retrievePolicy('privacy')).toBeNull()
})

test('unknown or malformed ids change nothing', async () => {
  const form = { title: 'T', summary: '', content: 'C' }
  for (const id of [UNKNOWN_ID, 'returns', '']) {
    expect(await updatePolicy(id, form)).toBeNull()
    expect(await deletePolicy(id)).toBe(false)
  }
  expect((await listAdminPolicies()).map((policy) => policy.title)).toEqual(['Returns'])
})

test('addresses and the form schema', () => {
  expect(slugFromTitle('  Shipping — Worldwide  ')).toBe('shipping-worldwide')
  expect(slugFromTitle('Café Policy')).toBe('cafe-policy')
  expect(slugFromTitle('!!!')).toBe('policy')
  expect(slugFromTitle('x'.repeat(100))).toHaveLength(60)
  expect(PolicyFormSchema.parse({ title: ' A ', content: ' B ' })).toEqual({ title: 'A', summary: '', content: 'B' })
  for (const bad of [{ title: '', content: 'B' }, { title: 'A', content: ' ' }, {}]) {
    expect(PolicyFormSchema.safeParse(bad).error?.issues[0].message).toBe('Title and content are required.')
  }
  expect(PolicyFormSchema.safeParse({ title: 'A', summary: 'x'.repeat(401), content: 'B' }).success).toBe(false)
})
