import { desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getSessionUser, signIn } from '#app/modules/accounts/index.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import * as auth from '#app/routes/auth/auth.tsx'
import { insertInvoice, insertOrder } from '#tests/factories/shop-records.ts'
import { callRoute, loadRoute, ORIGIN } from '#tests/setup/route-calls.ts'
import { signedInTest } from '#tests/setup/signed-in-test.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { action, loader } from './account.tsx'

// The Settings tab's password change (storefront §5, decision 013): the current password is asked
// for and checked by the auth library, the new one follows the registration rules, and every other
// session of the account ends. The reset form applies the same rules.

const { database, account: casey } = signedInTest('customer')

type Form = { currentPassword?: string; password?: string; confirmPassword?: string }

function changePassword(form: Form, cookie: string | null = casey.cookie) {
  return callRoute(action, {
    url: '/account?tab=settings',
    form: { intent: 'change-password', ...form } as Record<string, string>,
    cookie,
  })
}

/** The action's answer with its headers, which callRoute leaves out. */
async function changePasswordWithHeaders(form: Form, cookie: string) {
  const request = new Request(`${ORIGIN}/account?tab=settings`, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'change-password', ...form } as Record<string, string>),
  })
  const answer = (await action({ request, params: {}, context: { clientIp: '127.0.0.1' } } as never)) as {
    data: { ok: boolean; toast: { title: string } }
    init: ResponseInit | null
  }
  return { data: answer.data, status: answer.init?.status ?? 200, headers: new Headers(answer.init?.headers) }
}

const toastOf = (outcome: { data: unknown }) =>
  (outcome.data as { toast?: { title: string; description?: string } }).toast
const sessionOf = (cookie: string) => getSessionUser(new Request(`${ORIGIN}/account`, { headers: { cookie } }))
const cookieOf = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(';')[0]).join('; ')

describe('changing the password in the account', () => {
  test('without the current password it is refused', async () => {
    const outcome = await changePassword({ password: 'New-pass-42!', confirmPassword: 'New-pass-42!' })
    expect(outcome.status).toBe(400)
    expect(toastOf(outcome)).toMatchObject({ description: 'Please enter your current password.' })
  })

  test('a wrong current password is refused with a clear message and changes nothing', async () => {
    const outcome = await changePassword({
      currentPassword: 'Not-my-pass-1!',
      password: 'New-pass-42!',
      confirmPassword: 'New-pass-42!',
    })
    expect(outcome.status).toBe(400)
    expect(toastOf(outcome)).toEqual({
      title: 'Password Update Failed',
      description: 'Your current password is incorrect.',
      variant: 'destructive',
    })
    expect(outcome.data).toMatchObject({ fieldErrors: { currentPassword: 'Your current password is incorrect.' } })
    expect((await signIn({ email: casey.email, password: casey.password })).ok).toBe(true)
    expect(await sessionOf(casey.cookie)).not.toBeNull()
  })

  test.each([
    [{ password: 'short', confirmPassword: 'other' }, 'Passwords do not match.', 'Passwords do not match.'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password too short', 'Password must be at least 8 characters.'],
    [
      { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      'Weak Password',
      'Password must contain an uppercase letter, contain a number',
    ],
    [
      { password: 'Brandnewpass1', confirmPassword: 'Brandnewpass1' },
      'Weak Password',
      'Password must contain a special character',
    ],
  ])('%j is refused: %s', async (form, title, description) => {
    const outcome = await changePassword({ currentPassword: casey.password, ...form })
    expect(outcome.status).toBe(400)
    expect(toastOf(outcome)?.title).toBe(title)
    if (description) expect(toastOf(outcome)?.description).toBe(description)
  })

  test('signed out: Auth session missing!', async () => {
    const outcome = await changePassword(
      { currentPassword: casey.password, password: 'New-pass-42!', confirmPassword: 'New-pass-42!' },
      null,
    )
    expect(outcome.status).toBe(401)
    expect(toastOf(outcome)).toMatchObject({
      title: 'Auth session missing!',
      description: 'Please log in again to change your password.',
    })
  })

  test('the right current password and a strong new one: saved, other sessions end, this one goes on', async () => {
    const elsewhere = await signIn({ email: casey.email, password: casey.password })
    if (!elsewhere.ok) throw new Error('could not sign in a second time')
    const otherDevice = cookieOf(elsewhere.setCookies)
    expect(await sessionOf(otherDevice)).not.toBeNull()

    const answer = await changePasswordWithHeaders(
      { currentPassword: casey.password, password: 'Brand-new-pass1!', confirmPassword: 'Brand-new-pass1!' },
      casey.cookie,
    )
    expect(answer.status).toBe(200)
    expect(answer.data).toEqual({
      ok: true,
      intent: 'change-password',
      toast: { title: 'Password changed successfully!', variant: 'success' },
    })

    // This browser gets a new session cookie; every earlier session is over.
    const fresh = cookieOf(answer.headers.getSetCookie())
    expect(fresh).toMatch(/session_token=/)
    expect((await sessionOf(fresh))?.email).toBe(casey.email)
    expect(await sessionOf(otherDevice)).toBeNull()
    expect(await sessionOf(casey.cookie)).toBeNull()

    expect((await signIn({ email: casey.email, password: casey.password })).ok).toBe(false)
    expect((await signIn({ email: casey.email, password: 'Brand-new-pass1!' })).ok).toBe(true)
  })
})

describe('a refused form names the field at fault, to be shown beside it', () => {
  let robin = { cookie: '', password: '' }
  beforeAll(async () => {
    robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Customer' })
  })

  test('the new password and its confirmation', async () => {
    const current = { currentPassword: robin.password }
    const mismatch = await changePassword({ ...current, password: 'x', confirmPassword: 'y' }, robin.cookie)
    expect(mismatch.data).toMatchObject({ ok: false, fieldErrors: { confirmPassword: 'Passwords do not match.' } })
    const short = await changePassword({ ...current, password: 'short', confirmPassword: 'short' }, robin.cookie)
    expect(short.data).toMatchObject({ fieldErrors: { password: 'Password must be at least 8 characters.' } })
  })

  test('the profile: each field that is wrong', async () => {
    const outcome = await callRoute(action, {
      url: '/account',
      cookie: robin.cookie,
      form: { intent: 'update-profile', fullName: 'Casey', zip: '1'.repeat(21), country: 'XX', phone: 'call me' },
    })
    expect(outcome.status).toBe(400)
    expect(outcome.data).toMatchObject({
      ok: false,
      intent: 'update-profile',
      toast: { title: 'Error updating profile', description: 'Zip must be at most 20 characters.' },
      fieldErrors: {
        zip: 'Zip must be at most 20 characters.',
        country: 'Choose a country from the list.',
        phone: 'Enter the phone number with digits, spaces and + ( ) - only.',
      },
    })
    expect(Object.keys((outcome.data as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      'country',
      'phone',
      'zip',
    ])
  })
})

describe('the reset form applies the registration rules too', () => {
  test.each([
    ['brand-new-pass', 'Weak Password'],
    ['Brandnewpass1', 'Weak Password'],
    ['short', 'Password too short'],
  ])('%s is refused: %s', async (password, title) => {
    const outcome = await callRoute(auth.action, {
      url: '/auth',
      form: { intent: 'update-password', token: 'a-reset-token', password, confirmPassword: password },
    })
    expect(outcome.status).toBe(400)
    expect(toastOf(outcome)?.title).toBe(title)
  })
})

describe('the account page reads only its open tab', () => {
  // An account of its own: the password tests above end casey's other sessions.
  let jordan = casey
  let orderId = ''
  let invoiceId = ''
  beforeAll(async () => {
    jordan = await createTestAccount(database, 'jordan@example.com')
    const order = await insertOrder(database.db, {
      userId: jordan.id,
      email: jordan.email,
      lines: [{ title: 'Custom Hook', quantity: 2, unitPriceCents: 1500 }],
    })
    orderId = order.id
    invoiceId = (await insertInvoice(database.db, { userId: jordan.id, orderId, totalCents: 3000 })).id
  })
  const open = (tab: string) => loadRoute(loader, { url: `/account?tab=${tab}`, cookie: jordan.cookie })

  test('the orders tab: the orders with their lines, each linked to its invoice', async () => {
    const page = await open('orders')
    expect(page.orders.map((order) => order.id)).toEqual([orderId])
    expect(page.orders[0]?.items).toMatchObject([{ title: 'Custom Hook', quantity: 2 }])
    expect(page.invoiceOf).toEqual({ [orderId]: invoiceId })
    expect(page.invoices).toEqual([])
  })

  test('the invoices tab: the invoices, no orders', async () => {
    const page = await open('invoices')
    expect(page.invoices.map((invoice) => invoice.id)).toEqual([invoiceId])
    expect(page.orders).toEqual([])
    expect(page.invoiceOf).toEqual({})
  })

  test.each(['profile', 'settings', 'nonsense'])('the %s tab: the profile, and neither list', async (tab) => {
    const page = await open(tab)
    expect(page.profile.email).toBe(jordan.email)
    expect(page.orders).toEqual([])
    expect(page.invoices).toEqual([])
    expect(page.invoiceOf).toEqual({})
  })
})

describe('the account lists come a page at a time', () => {
  let morgan = casey
  const orderIds: string[] = []
  const invoiceOfOrder: Record<string, string> = {}
  let othersOrder = ''
  beforeAll(async () => {
    morgan = await createTestAccount(database, 'morgan@example.com')
    const { db } = database
    // 25 orders, each with its invoice, a minute apart but two at the same time (their ids decide).
    for (let index = 0; index < 25; index++) {
      const createdAt = new Date(Date.UTC(2026, 5, 1, 12, index === 24 ? 22 : index))
      const order = await insertOrder(db, {
        userId: morgan.id,
        email: morgan.email,
        createdAt,
        totalCents: 100 + index,
      })
      orderIds.unshift(order.id)
      const invoice = await insertInvoice(db, {
        userId: morgan.id,
        orderId: order.id,
        totalCents: 100 + index,
        createdAt,
      })
      invoiceOfOrder[order.id] = invoice.id
    }
    othersOrder = (await insertOrder(db, { userId: casey.id, email: casey.email })).id
  })
  const open = (query: string) => loadRoute(loader, { url: `/account?${query}`, cookie: morgan.cookie })
  const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id)
  /** The newest first, ties on the time by id, as the list reads them. */
  const newestFirst = async (kind: 'orders' | 'invoices') => {
    const table = kind === 'orders' ? orders : invoices
    const rows = await database.db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.userId, morgan.id))
      .orderBy(desc(table.createdAt), desc(table.id))
    return idsOf(rows)
  }

  test('Orders: 20 a page, newest first, each linked to its invoice; Next and Previous keep the tab', async () => {
    const expected = await newestFirst('orders')
    expect([...expected].sort()).toEqual([...orderIds].sort())
    const first = await open('tab=orders')
    expect(idsOf(first.orders)).toEqual(expected.slice(0, 20))
    expect(first.invoiceOf).toEqual(Object.fromEntries(expected.slice(0, 20).map((id) => [id, invoiceOfOrder[id]])))
    expect(first.previousHref).toBeNull()
    expect(first.nextHref).toMatch(/^\/account\?tab=orders&after=[\w-]+$/)
    const second = await open(first.nextHref?.split('?')[1] ?? '')
    expect(idsOf(second.orders)).toEqual(expected.slice(20))
    expect(second.nextHref).toBeNull()
    expect(second.previousHref).toMatch(/^\/account\?tab=orders&before=[\w-]+$/)
    const back = await open(second.previousHref?.split('?')[1] ?? '')
    expect(idsOf(back.orders)).toEqual(expected.slice(0, 20))
    expect([...first.orders, ...second.orders].map((order) => order.id)).not.toContain(othersOrder)
  })

  test('Invoices: 20 a page, newest first', async () => {
    const expected = await newestFirst('invoices')
    const first = await open('tab=invoices')
    expect(idsOf(first.invoices)).toEqual(expected.slice(0, 20))
    expect(first.nextHref).toMatch(/^\/account\?tab=invoices&after=[\w-]+$/)
    const second = await open(first.nextHref?.split('?')[1] ?? '')
    expect(idsOf(second.invoices)).toEqual(expected.slice(20))
  })

  test('a cursor that is malformed, or of the other tab, reads the first page', async () => {
    const expected = (await newestFirst('orders')).slice(0, 20)
    const invoicesNext = (await open('tab=invoices')).nextHref?.split('after=')[1] ?? ''
    for (const query of ['tab=orders&after=%%', 'tab=orders&before=eyJ4IjoxfQ', `tab=orders&after=${invoicesNext}`]) {
      expect(idsOf((await open(query)).orders), query).toEqual(expected)
    }
  })
})
