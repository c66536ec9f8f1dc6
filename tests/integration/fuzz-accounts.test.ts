import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import * as account from '#app/routes/account/account.tsx'
import * as invoiceDetail from '#app/routes/account/invoice-detail.tsx'
import * as createOrder from '#app/routes/account/order.tsx'
import * as myQuotes from '#app/routes/account/quotes.tsx'
import * as auth from '#app/routes/auth/auth.tsx'
import * as orderProducts from '#app/routes/resources/order-products.ts'
import { insertInvoice, insertProduct } from '#tests/factories/shop-records.ts'
import {
  anyForm,
  expectNoPrototypePollution,
  type FormEntries,
  fineText,
  formBody,
  fuzzRoute,
  idText,
  invalidFormBody,
  nastyText,
} from '#tests/setup/fuzz.ts'
import { createTestAccount, TEST_PASSWORD, type TestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'

vi.mock('#app/wiring/viewer.server.ts', async (importOriginal) => {
  const { rememberedViewerModule } = await import('#tests/setup/remembered-viewer.ts')
  return rememberedViewerModule(importOriginal as never)
})

// A thousand bodies per property take a while on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

// Issue 10: the auth page's four forms, the account's profile and password, and Pay Now, asked with
// generated bodies. A 5xx, a thrown error or a console.error fails; all-invalid inputs change nothing.
//
// Sign-in, registration and a password change hash the password (scrypt, about 0.1 s here, on
// purpose, and also for an unknown account so as not to tell which exist). The generators send
// bodies that get that far now and then, not a thousand times, so the suite stays fast.

let database: TestDatabase
let customer: TestAccount
let other: TestAccount
const ids = { ownInvoice: '', otherInvoice: '', paidInvoice: '', mount: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  customer = await createTestAccount(database, 'customer')
  other = await createTestAccount(database, 'robin@example.com', { name: 'Robin Other' })
  const { db } = database
  const ownItems = [{ description: 'Custom print', quantity: 1, unitPriceCents: 1500 }]
  ids.mount = (await insertProduct(db, { title: 'Bike Mount', priceCents: 2499, stockQuantity: 4 })).id
  ids.ownInvoice = (await insertInvoice(db, { userId: customer.id, email: customer.email, items: ownItems })).id
  ids.otherInvoice = (await insertInvoice(db, { userId: other.id, email: other.email, totalCents: 900 })).id
  ids.paidInvoice = (
    await insertInvoice(db, { userId: customer.id, email: customer.email, status: 'paid', totalCents: 700 })
  ).id
})

afterAll(async () => {
  expectNoPrototypePollution()
  await database.close()
})

const email = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('casey@example.com', 'CASEY@example.com ', 'ü@exämple.de', 'a@b', '@example.com', 'a b@c.de'),
)
const strongPassword = fc.constantFrom('Aa1!aaaa', TEST_PASSWORD, 'Ünïcödé-1!', 'Emoji😀1a!')
const password = nastyText(strongPassword, fc.string({ minLength: 8, maxLength: 12 }))
const name = nastyText(fc.lorem({ maxCount: 3 }), fc.constantFrom('Casey Customer', 'مرحبا', 'Zoë 😀'))
const intents = ['login', 'register', 'reset-password', 'update-password'] as const

/** A value now and then (one body in 50), null otherwise: for what reaches the password hash. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary, weight: 1 }, { arbitrary: fc.constant(null), weight: 49 })

const authFields = {
  email: nastyText(email),
  // A sign-in or registration with a password reaches the hash: mostly the field is left bad.
  password: fc.oneof({ arbitrary: nastyText(), weight: 1 }, { arbitrary: fc.constantFrom('', ' '), weight: 19 }),
  confirmPassword: nastyText(strongPassword),
  fullName: name,
  token: nastyText(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_-'), minLength: 24 })),
  invited: fc.constantFrom('1', '0', ''),
  redirectTo: nastyText(fc.constantFrom('/account', '//evil.example', 'https://evil.example', '/admin')),
}

function authForm(intent: fc.Arbitrary<string>, fields = authFields) {
  // Now and then the password is one that passes every rule, with its confirmation.
  return fc.tuple(intent, formBody(fields), rarely(strongPassword)).map(([chosen, form, strong]): FormEntries => {
    const rest = form.filter(([field]) => field !== 'intent')
    const withStrong: FormEntries = strong
      ? [
          ...rest.filter(([field]) => field !== 'password' && field !== 'confirmPassword'),
          ['password', strong],
          ['confirmPassword', strong],
        ]
      : rest
    return [['intent', chosen], ...withStrong]
  })
}

describe('the auth page', () => {
  test.each(intents)('%s: any form', async (intent) => {
    await fuzzRoute({
      handler: auth.action,
      inputs: authForm(fc.constant(intent)),
      call: (form) => ({ url: '/auth', form }),
    })
  })

  test('any intent, or none', async () => {
    await fuzzRoute({
      handler: auth.action,
      inputs: authForm(nastyText(fc.constantFrom(...intents))),
      call: (form) => ({ url: '/auth', form }),
    })
  })

  test.each([
    // Any character may be part of a password: only a bad address is certainly refused.
    ['login', ['email']],
    ['register', ['fullName', 'email']],
    ['reset-password', ['email']],
    ['update-password', ['token']],
  ] as const)('%s: an invalid form is refused and changes nothing', async (intent, required) => {
    await fuzzRoute({
      handler: auth.action,
      inputs: invalidFormBody(authFields, [...required]).map(
        (form): FormEntries => [['intent', intent], ...form.filter(([field]) => field !== 'intent')],
      ),
      call: (form) => ({ url: '/auth', form }),
      changesNothing: true,
      check: (outcome) => expect(outcome.status).toBeGreaterThanOrEqual(400),
    })
  })
})

describe('the account', () => {
  const profileFields = {
    intent: fc.constant('update-profile'),
    fullName: name,
    street: name,
    city: name,
    state: name,
    zip: nastyText(fc.constantFrom('78701', 'SW1A 1AA')),
  }

  test('profile: any form', async () => {
    await fuzzRoute({
      handler: account.action,
      inputs: anyForm(
        {
          intent: fc.constant('update-profile'),
          fullName: fineText(120),
          street: fineText(200),
          city: fineText(100),
          state: fineText(100),
          zip: fineText(20),
        },
        { ...profileFields, intent: nastyText(fc.constantFrom('update-profile', 'change-password')) },
      ),
      call: (form) => ({ url: '/account', form, cookie: customer.cookie }),
    })
  })

  test('profile: a field with a control character is refused and changes nothing', async () => {
    await fuzzRoute({
      handler: account.action,
      inputs: invalidFormBody(profileFields, ['fullName', 'street', 'city', 'state', 'zip'], {
        blankIsInvalid: false,
      }).map((form): FormEntries => [['intent', 'update-profile'], ...form.filter(([field]) => field !== 'intent')]),
      call: (form) => ({ url: '/account', form, cookie: customer.cookie }),
      changesNothing: true,
      check: (outcome) => expect(outcome.status).toBe(400),
    })
  })

  // Two passwords that match are rare but for `rarely`: each one checked is hashed. The current
  // password (decision 013) is now and then the right one, so a change is saved now and then too.
  const passwordFields = {
    currentPassword: nastyText(fc.constant(TEST_PASSWORD)),
    password,
    confirmPassword: nastyText(),
  }

  test('password: any form (now and then a good one, which is saved)', async () => {
    await fuzzRoute({
      handler: account.action,
      inputs: fc.tuple(formBody(passwordFields), rarely(strongPassword), passwordFields.currentPassword).map(
        ([form, strong, current]): FormEntries => [
          ['intent', 'change-password'],
          ...(strong
            ? ([
                ['currentPassword', current],
                ['password', strong],
                ['confirmPassword', strong],
              ] satisfies FormEntries)
            : form),
        ],
      ),
      call: (form) => ({ url: '/account', form, cookie: customer.cookie }),
    })
  })

  test('password: two passwords that differ, or a short one, are refused and change nothing', async () => {
    await fuzzRoute({
      handler: account.action,
      inputs: fc
        .tuple(password, password, fc.boolean(), passwordFields.currentPassword)
        .filter(([first, second]) => first !== second || first.length < 8)
        .map(
          ([first, second, same, current]): FormEntries => [
            ['intent', 'change-password'],
            ['password', first],
            ['confirmPassword', same && first.length < 8 ? first : second],
            ['currentPassword', current],
          ],
        )
        .filter((form) => form[1][1] !== form[2][1] || form[1][1].length < 8),
      call: (form) => ({ url: '/account', form, cookie: customer.cookie }),
      changesNothing: true,
      check: (outcome) => expect(outcome.status).toBe(400),
    })
  })
})

describe('invoice Pay Now', () => {
  test('any invoice address and body (the own unpaid one opens a checkout)', async () => {
    await fuzzRoute({
      handler: invoiceDetail.action,
      inputs: fc.tuple(
        idText(ids.ownInvoice, ids.otherInvoice, ids.paidInvoice),
        formBody({ intent: nastyText(fc.constant('pay')) }),
      ),
      call: ([invoiceId, form]) => ({ url: '/invoices/x', params: { invoiceId }, form, cookie: customer.cookie }),
    })
  })

  test('someone else’s, a paid or an unknown invoice is refused and changes nothing', async () => {
    await fuzzRoute({
      handler: invoiceDetail.action,
      inputs: fc.tuple(
        idText(ids.otherInvoice, ids.paidInvoice).filter((id) => id !== ids.ownInvoice),
        formBody({ intent: nastyText(fc.constant('pay')) }),
      ),
      call: ([invoiceId, form]) => ({ url: '/invoices/x', params: { invoiceId }, form, cookie: customer.cookie }),
      changesNothing: true,
      check: (outcome) => expect([302, 400]).toContain(outcome.status),
    })
  })
})

describe('the lists a customer picks products from', () => {
  const queryOf = (entries: FormEntries) => new URLSearchParams(entries).toString()
  const cursor = fc.constantFrom('eyJ4IjoxfQ', 'WyJwaWNrIixmYWxzZSwiQmlrZSIsIngiXQ', '%%', '')
  const pickerQuery = formBody({
    q: nastyText(fc.constantFrom('mount', 'Bike', 'MOUNT')),
    after: nastyText(cursor),
    before: nastyText(cursor),
  })

  test('Create an Order and My Quotes: any query string lists a page', async () => {
    await fuzzRoute({
      changesNothing: true,
      handler: (args: { params: { page: string } } & Record<string, unknown>) =>
        (args.params.page === 'order' ? createOrder.loader : myQuotes.loader)(args as never),
      inputs: fc.tuple(fc.constantFrom('order', 'quotes'), pickerQuery),
      call: ([page, query]) => ({ url: `/${page}?${queryOf(query)}`, params: { page }, cookie: customer.cookie }),
      check: (outcome) => {
        expect(outcome.status).toBe(200)
        expect(outcome.data).toMatchObject({ signedIn: true })
      },
    })
  })

  test('the order panel’s products: any ids answer the products or a clear refusal', async () => {
    const idList = fc.array(idText(ids.mount), { maxLength: 4 }).map((list) => list.join(','))
    await fuzzRoute({
      changesNothing: true,
      handler: orderProducts.loader,
      inputs: formBody({ ids: nastyText(idList) }),
      call: (query) => ({ url: `/resources/order-products?${queryOf(query)}`, cookie: customer.cookie }),
      check: (outcome) => expect([200, 400]).toContain(outcome.status),
    })
  })
})
