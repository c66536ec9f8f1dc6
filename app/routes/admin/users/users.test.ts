import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getSessionUser, signIn, updateUser } from '#app/modules/accounts/index.server.ts'
import { authAccounts, sessions, users } from '#app/modules/accounts/schema.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import { action as authAction } from '#app/routes/auth/auth.tsx'
import { insertInvoice, insertOrder, insertUser } from '#tests/factories/shop-records.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import type { UserActionResult } from './user-types.ts'
import { action, loader } from './users.tsx'

const { database, admin, customer: casey } = signedInAccountsForFile()
const cookies = { admin: '', casey: '' }
const ids = { admin: '', casey: '' }
const unknownId = '00000000-0000-4000-8000-000000000000'

beforeAll(() => {
  Object.assign(ids, { admin: admin.id, casey: casey.id })
  Object.assign(cookies, { admin: admin.cookie, casey: casey.cookie })
})

function request(path: string, body?: BodyInit, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: 'http://localhost:3000', cookie: cookies.admin, ...headers },
    body,
  })
}

async function load(path: string) {
  return loader({ request: request(path), params: {}, context: {} } as never)
}

type Answer = { data: UserActionResult; init: ResponseInit | null }

async function post(form: Record<string, string>) {
  const answer = (await action({
    request: request('/admin/users', new URLSearchParams(form)),
    params: {},
    context: {},
  } as never)) as unknown as Answer
  return { status: answer.init?.status ?? 200, ...answer.data }
}

async function everything() {
  const stored = await database.db.select().from(users).orderBy(users.id)
  const mails = await database.db.select({ id: mailOutbox.id }).from(mailOutbox)
  return { stored, mails: mails.length }
}

/** Posts `fields` (those left undefined are not sent) and expects the refusal's toast, with nothing changed. */
async function expectRefusedUnchanged(
  fields: Record<string, string | undefined>,
  refusal: { status: number; intent: string; title: string; message: string },
) {
  const before = await everything()
  const form: Record<string, string> = {}
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form[name] = value
  expect(await post(form)).toMatchObject({
    status: refusal.status,
    ok: false,
    intent: refusal.intent,
    toast: { title: refusal.title, description: refusal.message, variant: 'destructive' },
  })
  expect(await everything()).toEqual(before)
}

async function sessionRequest(cookie: string) {
  return getSessionUser(new Request('http://localhost:3000/account', { headers: { cookie } }))
}

describe('the list', () => {
  test('shows name, e-mail, role and joined date, newest first, and marks the admin’s own row', async () => {
    const list = await load('/admin/users')
    expect(list.error).toBeNull()
    expect(list.total).toBeGreaterThanOrEqual(2)
    const casey = list.users.find((user) => user.email === 'casey@example.com')
    expect(casey).toMatchObject({ fullName: 'Casey Customer', role: 'customer', isSelf: false })
    expect(casey?.createdAt).toBeInstanceOf(Date)
    expect(list.users.find((user) => user.email === 'alex@example.com')).toMatchObject({
      role: 'Admin',
      isSelf: true,
      invitationPending: false,
    })
  })

  test('searches name and e-mail; % and _ are plain characters', async () => {
    expect((await load('/admin/users?q=CASEY%20cust')).users.map((user) => user.email)).toEqual(['casey@example.com'])
    expect((await load('/admin/users?q=alex@')).users.map((user) => user.email)).toEqual(['alex@example.com'])
    expect((await load('/admin/users?q=%25')).users).toEqual([])
    expect((await load('/admin/users?q=_')).users).toEqual([])
  })

  test('finds letters beyond ASCII in any case, and a renamed account by its new name', async () => {
    // The search reads the lowercased name and e-mail the database keeps (decision 032, step 7).
    const emile = await insertUser(database.db, { email: 'Emile.Zola@Example.com', name: 'Émile Zoë' })
    const found = async (q: string) =>
      (await load(`/admin/users?q=${encodeURIComponent(q)}`)).users.map((user) => user.email)
    expect(await found('émile')).toEqual(['Emile.Zola@Example.com'])
    expect(await found('ZOË')).toEqual(['Emile.Zola@Example.com'])
    expect(await found('EMILE.ZOLA@')).toEqual(['Emile.Zola@Example.com'])
    await database.db.update(users).set({ name: 'Nana Coupeau' }).where(eq(users.id, emile.id))
    expect(await found('coupeau')).toEqual(['Emile.Zola@Example.com'])
    expect(await found('zoë')).toEqual([])
  })

  test('a bad page or search falls back to the defaults', async () => {
    for (const query of ['page=-1', 'page=abc', 'page=1e99', `q=${'x'.repeat(500)}`, 'q=%00&page=0']) {
      const answer = await load(`/admin/users?${query}`)
      expect(answer.page).toBe(1)
      expect(answer.error).toBeNull()
    }
    expect(await load('/admin/users?page=9')).toMatchObject({ page: 9, pageCount: 1, users: [] })
  })
})

describe('edit', () => {
  test('changes name and role; the new role applies on the user’s next request', async () => {
    expect((await sessionRequest(cookies.casey))?.isAdmin).toBe(false)
    const answer = await post({
      intent: 'update',
      userId: ids.casey,
      fullName: '  Casey Promoted ',
      email: 'casey@example.com',
      role: 'Admin',
    })
    expect(answer).toMatchObject({ status: 200, ok: true, toast: { title: 'User Updated!', variant: 'success' } })
    const [row] = await database.db.select().from(users).where(eq(users.id, ids.casey))
    expect(row).toMatchObject({ name: 'Casey Promoted', role: 'Admin', emailVerified: true })
    // The same session cookie, no new sign-in.
    expect((await sessionRequest(cookies.casey))?.isAdmin).toBe(true)

    await post({
      intent: 'update',
      userId: ids.casey,
      fullName: 'Casey Customer',
      email: 'casey@example.com',
      role: 'customer',
    })
    expect((await sessionRequest(cookies.casey))?.isAdmin).toBe(false)
  })

  test('a changed e-mail is stored lower-case and must be confirmed again', async () => {
    const dana = await insertUser(database.db, { email: 'dana@example.com', name: 'Dana', emailVerified: true })
    const answer = await post({
      intent: 'update',
      userId: dana.id,
      fullName: 'Dana',
      email: ' Dana.New@Example.com ',
      role: 'customer',
    })
    expect(answer).toMatchObject({ status: 200, ok: true })
    const [row] = await database.db.select().from(users).where(eq(users.id, dana.id))
    expect(row).toMatchObject({ email: 'dana.new@example.com', emailVerified: false })
    await database.db.delete(users).where(eq(users.id, dana.id))
  })

  const valid = () => ({
    intent: 'update',
    userId: ids.casey,
    fullName: 'Casey Customer',
    email: 'casey@example.com',
    role: 'customer',
  })
  test.each([
    ['no user id', { userId: undefined }, 404, 'User not found. It may have been deleted already.'],
    ['a malformed user id', { userId: "1' or '1'='1" }, 404, 'User not found. It may have been deleted already.'],
    ['an unknown user', { userId: unknownId }, 404, 'User not found. It may have been deleted already.'],
    ['no e-mail', { email: undefined }, 400, 'Email is required.'],
    ['a blank e-mail', { email: '   ' }, 400, 'Email is required.'],
    ['an invalid e-mail', { email: 'not-an-email' }, 400, 'Please enter a valid email address.'],
    ['another user’s e-mail', { email: 'ALEX@example.com' }, 400, 'A user with this e-mail already exists.'],
    ['a role in the wrong case', { role: 'admin' }, 400, 'Please choose the role customer or Admin.'],
    ['no role', { role: undefined }, 400, 'Please choose the role customer or Admin.'],
    ['a name that is too long', { fullName: 'x'.repeat(121) }, 400, 'Full name must be at most 120 characters.'],
    ['a NUL in the name', { fullName: 'Casey\u0000' }, 400, 'Full name contains a character that is not allowed.'],
    ['a NUL in the e-mail', { email: 'ca\u0000sey@example.com' }, 400, 'Please enter a valid email address.'],
  ])('with %s is refused with Update failed and changes nothing', async (_name, change, status, message) => {
    await expectRefusedUnchanged(
      { ...valid(), ...change },
      { status, intent: 'update', title: 'Update failed', message },
    )
  })

  test('a refused form names each bad field, for the dialog to show beside it', async () => {
    const before = await everything()
    const answer = await post({ ...valid(), email: 'not-an-email', role: 'admin' })
    expect(answer).toMatchObject({
      status: 400,
      ok: false,
      intent: 'update',
      toast: { title: 'Update failed', description: 'Please enter a valid email address.' },
      fieldErrors: {
        email: 'Please enter a valid email address.',
        role: 'Please choose the role customer or Admin.',
      },
    })
    expect(Object.keys(answer.fieldErrors ?? {}).sort()).toEqual(['email', 'role'])
    expect(await post({ intent: 'invite', email: '', fullName: 'x'.repeat(121) })).toMatchObject({
      status: 400,
      intent: 'invite',
      toast: { title: 'Invitation failed' },
      fieldErrors: { email: 'Email is required.', fullName: 'Full name must be at most 120 characters.' },
    })
    // A refused id is not a field of the form: still 404, with no field named.
    const gone = await post({ ...valid(), userId: 'not-a-uuid', email: 'not-an-email' })
    expect(gone).toMatchObject({
      status: 404,
      toast: { description: 'User not found. It may have been deleted already.' },
    })
    expect(gone.fieldErrors).toBeUndefined()
    expect(await everything()).toEqual(before)
  })

  test('the last admin cannot be demoted; an admin may step down while another remains', async () => {
    const before = await everything()
    expect(
      await post({
        intent: 'update',
        userId: ids.admin,
        fullName: 'Alex Admin',
        email: 'alex@example.com',
        role: 'customer',
      }),
    ).toMatchObject({
      status: 400,
      ok: false,
      toast: { title: 'Update failed', description: 'At least one admin is required.' },
    })
    expect(await everything()).toEqual(before)

    await database.db.update(users).set({ role: 'Admin' }).where(eq(users.id, ids.casey))
    const input = { fullName: 'Alex Admin', email: 'alex@example.com', role: 'customer' } as const
    expect(await updateUser(ids.admin, input)).toEqual({ ok: true })
    // Casey is the only admin now.
    expect(await updateUser(ids.casey, { ...input, email: 'casey@example.com' })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'At least one admin is required.',
    })
    await database.db.update(users).set({ role: 'Admin' }).where(eq(users.id, ids.admin))
    await database.db.update(users).set({ role: 'customer' }).where(eq(users.id, ids.casey))
  })
})

describe('delete', () => {
  test('an admin cannot delete their own account', async () => {
    const before = await everything()
    expect(await post({ intent: 'delete', userId: ids.admin })).toMatchObject({
      status: 400,
      ok: false,
      intent: 'delete',
      toast: { title: 'Deletion failed', description: 'You cannot delete your own account.', variant: 'destructive' },
    })
    expect(await everything()).toEqual(before)
  })

  test('deletes the account and signs it out; its orders and invoices stay, marked with its e-mail', async () => {
    const robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Buyer' })
    const order = await insertOrder(database.db, { userId: robin.id, email: null, totalCents: 1200 })
    const invoice = await insertInvoice(database.db, { userId: robin.id, email: null, totalCents: 1200 })
    const billed = await insertInvoice(database.db, {
      userId: robin.id,
      email: 'billing@robin.example',
      status: 'paid',
      totalCents: 500,
    })
    expect(await sessionRequest(robin.cookie)).not.toBeNull()

    expect(await post({ intent: 'delete', userId: robin.id })).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'User Deleted', variant: 'success' },
    })
    expect(await database.db.select().from(users).where(eq(users.id, robin.id))).toEqual([])
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, robin.id))).toEqual([])
    expect(await sessionRequest(robin.cookie)).toBeNull()
    const [keptOrder] = await database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(keptOrder).toMatchObject({ userId: null, email: 'robin@example.com', totalCents: 1200 })
    const kept = await database.db.select().from(invoices)
    expect(kept.find((row) => row.id === invoice.id)).toMatchObject({ userId: null, email: 'robin@example.com' })
    expect(kept.find((row) => row.id === billed.id)).toMatchObject({ userId: null, email: 'billing@robin.example' })
  })

  test.each([
    ['no id', undefined],
    ['a malformed id', 'not-a-uuid'],
    ['an unknown id', unknownId],
  ])('with %s is refused with Deletion failed and changes nothing', async (_name, userId) => {
    const before = await everything()
    expect(await post(userId === undefined ? { intent: 'delete' } : { intent: 'delete', userId })).toMatchObject({
      status: 404,
      ok: false,
      toast: { title: 'Deletion failed', description: 'User not found. It may have been deleted already.' },
    })
    expect(await everything()).toEqual(before)
  })
})

describe('invite', () => {
  test('creates the account without a password and e-mails a link that sets one and signs in', async () => {
    const answer = await post({ intent: 'invite', email: ' Nia@Example.com ', fullName: 'Nia New', role: 'Admin' })
    expect(answer).toMatchObject({ status: 200, ok: true, intent: 'invite', toast: { title: 'Invitation Sent' } })
    const [nia] = await database.db.select().from(users).where(eq(users.email, 'nia@example.com'))
    expect(nia).toMatchObject({ name: 'Nia New', role: 'Admin', emailVerified: true })
    expect(await database.db.select().from(authAccounts).where(eq(authAccounts.userId, nia.id))).toEqual([])
    const listed = (await load('/admin/users?q=nia')).users
    expect(listed).toMatchObject([{ email: 'nia@example.com', invitationPending: true }])

    const mail = await latestMailTo('nia@example.com', 'invitation')
    expect(mail?.subject).toBe('You are invited to LayerWorks 3D')
    expect(mail?.text).toContain('Hi Nia New,')
    expect(mail?.text).toContain('Alex Admin invited you')
    const link = new URL(mail?.text.match(/https?:\/\/\S+update-password\S+/)?.[0] ?? '')
    expect(link.pathname).toBe('/update-password')
    expect(link.searchParams.get('invited')).toBe('1')
    const token = link.searchParams.get('token') ?? ''

    // A password-less account cannot sign in.
    expect((await signIn({ email: 'nia@example.com', password: 'Nia-pass-123!' })).ok).toBe(false)

    const accepted = (await authAction({
      request: new Request('http://localhost:3000/auth', {
        method: 'POST',
        headers: { origin: 'http://localhost:3000' },
        body: new URLSearchParams({
          intent: 'update-password',
          token,
          invited: '1',
          password: 'Nia-pass-123!',
          confirmPassword: 'Nia-pass-123!',
        }),
      }),
      params: {},
      context: { clientIp: '127.0.0.1' },
    } as never)) as Response
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('location')).toBe('/account')
    const sessionCookie = accepted.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith('layerworks.'))
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
    expect(await sessionRequest(sessionCookie)).toMatchObject({ email: 'nia@example.com', isAdmin: true })
    expect((await load('/admin/users?q=nia')).users).toMatchObject([{ invitationPending: false }])
  })

  test('an invitation not accepted yet is sent again with a new link', async () => {
    await post({ intent: 'invite', email: 'omar@example.com', fullName: '' })
    const first = await latestMailTo('omar@example.com', 'invitation')
    expect(first?.text).toContain('Hello,')
    const again = await post({ intent: 'invite', email: 'omar@example.com', fullName: '' })
    expect(again).toMatchObject({ status: 200, ok: true, toast: { title: 'Invitation Sent' } })
    expect(again.toast.description).toContain('a new invitation was sent')
    const second = await latestMailTo('omar@example.com', 'invitation')
    expect(second?.id).not.toBe(first?.id)
    const [omar] = await database.db.select().from(users).where(eq(users.email, 'omar@example.com'))
    expect(omar.role).toBe('customer')
  })

  test.each([
    ['a registered e-mail', { email: 'Casey@example.com' }, 409, 'A user with this e-mail already exists.'],
    ['no e-mail', { email: undefined }, 400, 'Email is required.'],
    ['an invalid e-mail', { email: 'casey@' }, 400, 'Please enter a valid email address.'],
    ['an unknown role', { role: 'Owner' }, 400, 'Please choose the role customer or Admin.'],
    ['a name that is too long', { fullName: 'x'.repeat(200) }, 400, 'Full name must be at most 120 characters.'],
    ['a NUL in the e-mail', { email: 'new\u0000@example.com' }, 400, 'Please enter a valid email address.'],
  ])(
    'with %s is refused with a clear message, sends nothing and changes nothing',
    async (_name, change, status, message) => {
      const form = { intent: 'invite', email: 'new@example.com', fullName: '', role: 'customer', ...change }
      await expectRefusedUnchanged(form, { status, intent: 'invite', title: 'Invitation failed', message })
    },
  )
})

test('an unknown intent or a body that is not a form is refused', async () => {
  const before = await everything()
  expect(await post({ intent: 'create' })).toMatchObject({ status: 400, ok: false, intent: null })
  expect(await post({})).toMatchObject({ status: 400, toast: { description: 'Unknown request.' } })
  const json = (await action({
    request: request('/admin/users', '{"intent":"delete"', { 'content-type': 'application/json' }),
    params: {},
    context: {},
  } as never)) as unknown as Answer
  expect(json.init?.status).toBe(400)
  expect(await everything()).toEqual(before)
})

test('the list shows 25 accounts a page, newest first, and the rest on the next page', async () => {
  for (let n = 1; n <= 27; n++) {
    await insertUser(database.db, { name: `Paged Person ${n}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)) })
  }
  const first = await load('/admin/users?q=Paged%20Person')
  expect(first).toMatchObject({ total: 27, pageCount: 2 })
  expect(first.users.map((user) => user.fullName)).toEqual(
    Array.from({ length: 25 }, (_, index) => `Paged Person ${27 - index}`),
  )
  const second = await load('/admin/users?q=Paged%20Person&page=2')
  expect(second.users.map((user) => user.fullName)).toEqual(['Paged Person 2', 'Paged Person 1'])
})
