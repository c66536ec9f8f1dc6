import { beforeEach, describe, expect, test } from 'vitest'
import { policies } from '#app/modules/content/schema.server.ts'
import { adminRouteTest, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import { action, loader } from './policies.tsx'
import type { PolicyActionResult } from './policy-types.ts'

const shop = adminRouteTest()
const page = shop.page('/admin/policies', { loader, action })
const post = (form: Record<string, string>) => page.post<PolicyActionResult>(form)
let returnsId = ''

beforeEach(async () => {
  await shop.db.delete(policies)
  const [row] = await shop.db
    .insert(policies)
    .values({ slug: 'returns', title: 'Returns', summary: 'Within 30 days.', content: 'Full text.' })
    .returning({ id: policies.id })
  returnsId = row.id
})

async function stored() {
  return shop.db
    .select({ slug: policies.slug, title: policies.title, summary: policies.summary, content: policies.content })
    .from(policies)
    .orderBy(policies.position, policies.slug)
}

describe('/admin/policies', () => {
  test('lists every policy with its text', async () => {
    const listed = await page.load()
    expect(listed.policies).toEqual([
      expect.objectContaining({ id: returnsId, slug: 'returns', title: 'Returns', content: 'Full text.' }),
    ])
  })

  test('Create, Update and Delete', async () => {
    expect(await post({ intent: 'create', title: 'Warranty', summary: '', content: 'One year.' })).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Policy Created', description: '“Warranty” is at /policies/warranty.', variant: 'success' },
    })
    expect(
      await post({ intent: 'update', policyId: returnsId, title: 'Returns & Exchanges', content: 'New.' }),
    ).toMatchObject({ ok: true, toast: { title: 'Policy Updated' } })
    expect(await stored()).toEqual([
      { slug: 'returns', title: 'Returns & Exchanges', summary: '', content: 'New.' },
      { slug: 'warranty', title: 'Warranty', summary: '', content: 'One year.' },
    ])
    expect(await post({ intent: 'delete', policyId: returnsId })).toMatchObject({
      ok: true,
      toast: { title: 'Policy Deleted' },
    })
    expect((await stored()).map((policy) => policy.slug)).toEqual(['warranty'])
  })

  test('bad input is refused with a message and changes nothing', async () => {
    const before = await stored()
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: 'create', title: '', content: 'Text' }, 400, 'Title and content are required.'],
      [{ intent: 'create', title: 'Title', content: '   ' }, 400, 'Title and content are required.'],
      [{ intent: 'create' }, 400, 'Title and content are required.'],
      [{ intent: 'create', title: 'x'.repeat(201), content: 'Text' }, 400, 'Title must be at most 200 characters.'],
      [{ intent: 'update', policyId: returnsId, title: 'Title', content: '' }, 400, 'Title and content are required.'],
      [{ intent: 'update', policyId: 'returns', title: 'T', content: 'C' }, 404, 'Policy not found.'],
      [{ intent: 'update', policyId: UNKNOWN_ID, title: 'T', content: 'C' }, 404, 'Policy not found.'],
      [{ intent: 'delete', policyId: '' }, 404, 'Policy not found.'],
      [{ intent: 'delete', policyId: UNKNOWN_ID }, 404, 'Policy not found.'],
      [{ intent: 'publish' }, 400, 'Unknown request.'],
    ]
    for (const [form, status, message] of cases) {
      const answer = await post(form)
      expect(answer, JSON.stringify(form)).toMatchObject({ status, ok: false, toast: { variant: 'destructive' } })
      expect(answer.toast.description).toContain(message)
    }
    expect(await stored()).toEqual(before)
  })

  test('a refused form names each bad field and sends its values back', async () => {
    const before = await stored()
    const form = { intent: 'update', policyId: returnsId, title: '  ', summary: 'x'.repeat(401), content: 'Kept.' }
    const answer = await post(form)
    expect(answer).toMatchObject({
      status: 400,
      ok: false,
      intent: 'update',
      toast: { title: 'Error', description: 'Title and content are required.', variant: 'destructive' },
      fieldErrors: { title: 'Title and content are required.', summary: 'Summary must be at most 400 characters.' },
      values: { policyId: returnsId, title: '  ', summary: 'x'.repeat(401), content: 'Kept.' },
    })
    expect(Object.keys(answer.fieldErrors ?? {}).sort()).toEqual(['summary', 'title'])
    expect(await stored()).toEqual(before)
  })
})
