import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { subscribeToInvoice } from '#app/modules/realtime/index.server.ts'
import { insertUser } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import {
  createInvoice,
  deleteInvoice,
  type InvoiceInput,
  listAllInvoices,
  setInvoiceStatus,
  updateInvoice,
  voidInvoice,
} from './index.server.ts'
import { invoiceItems, invoices } from './schema.server.ts'
import { InvoiceFormSchema, invoiceFormValues, MISSING_CUSTOMER_OR_ITEMS } from './schemas.ts'

let database: TestDatabase
let customerId = ''
const unknownId = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  database = await createTestDatabase()
  customerId = (await insertUser(database.db, { email: 'billed@example.com', name: 'Billie Billed' })).id
})

afterAll(async () => {
  await database.close()
})

function input(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    userId: customerId,
    email: 'billed@example.com',
    status: 'unpaid',
    items: [
      { description: 'Custom bracket design', quantity: 3, unitPriceCents: 1999, productId: null },
      { description: 'Rush fee', quantity: 1, unitPriceCents: 500, productId: null },
    ],
    ...overrides,
  }
}

async function stored(id: string) {
  const [row] = await database.db
    .select({ status: invoices.status, totalCents: invoices.totalCents, paymentDate: invoices.paymentDate })
    .from(invoices)
    .where(eq(invoices.id, id))
  const items = await database.db
    .select({ description: invoiceItems.description, quantity: invoiceItems.quantity })
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, id))
    .orderBy(invoiceItems.position)
  return row ? { ...row, items } : null
}

/** Collects the statuses announced for one invoice while `run` runs. */
async function announcements(invoiceId: string, run: () => Promise<unknown>) {
  const seen: string[] = []
  const unsubscribe = await subscribeToInvoice(invoiceId, (change) => seen.push(change.status))
  try {
    await run()
    // NOTIFY is delivered asynchronously: give it a moment, then look.
    await new Promise((resolve) => setTimeout(resolve, 150))
  } finally {
    await unsubscribe()
  }
  return seen
}

describe('InvoiceFormSchema', () => {
  const valid = {
    userId: '5b0c6a57-3f0e-4d4e-9f7a-2c1d8e6b9a10',
    status: 'unpaid',
    items: [
      { description: ' Scan of a part ', quantity: '2', unitPrice: '12.5', productId: '' },
      { description: '', quantity: '1', unitPrice: '', productId: '' },
    ],
  }
  const withItem = (item: Partial<(typeof valid.items)[0]>) => ({ ...valid, items: [{ ...valid.items[0], ...item }] })
  const firstProblem = (form: unknown) => {
    const result = InvoiceFormSchema.safeParse(form)
    if (result.success) throw new Error('expected the form to be refused')
    return result.error.issues[0].message
  }

  test('takes dollars as integer cents, trims, and drops blank rows', () => {
    expect(InvoiceFormSchema.parse(valid)).toEqual({
      userId: valid.userId,
      status: 'unpaid',
      items: [{ description: 'Scan of a part', quantity: 2, unitPriceCents: 1250, productId: null }],
    })
    expect(InvoiceFormSchema.parse(withItem({ unitPrice: '0.07' })).items[0].unitPriceCents).toBe(7)
    expect(InvoiceFormSchema.parse(withItem({ unitPrice: '1000000' })).items[0].unitPriceCents).toBe(100_000_000)
  })

  test('a missing customer or no items gets the back-office message, titled Error', () => {
    for (const form of [
      { ...valid, userId: '' },
      { ...valid, userId: 'not-a-uuid' },
      { ...valid, items: [] },
    ]) {
      const result = InvoiceFormSchema.safeParse(form)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]).toMatchObject({ message: MISSING_CUSTOMER_OR_ITEMS, params: { title: 'Error' } })
    }
    expect(firstProblem({ ...valid, items: [valid.items[1]] })).toBe(MISSING_CUSTOMER_OR_ITEMS)
  })

  test.each([
    ['0', 'Quantity must be'],
    ['1.5', 'Quantity must be'],
    ['-1', 'Quantity must be'],
    ['abc', 'Quantity must be'],
    ['100001', 'Quantity must be'],
  ])('quantity %s is refused', (quantity, message) => {
    expect(firstProblem(withItem({ quantity }))).toContain(message)
  })

  test.each(['-1', '1.234', '1e3', 'ten', '1000000.01'])('unit price %s is refused', (unitPrice) => {
    expect(firstProblem(withItem({ unitPrice }))).toMatch(/^Unit price must be/)
  })

  test('other problems: a description, the status, the product, the total', () => {
    expect(firstProblem(withItem({ description: ' ', unitPrice: '5' }))).toBe('Each item needs a description.')
    expect(firstProblem(withItem({ description: 'x'.repeat(201) }))).toContain('at most 200 characters')
    expect(firstProblem({ ...valid, status: 'refunded' })).toBe('Choose a status: quote, unpaid or paid.')
    expect(firstProblem(withItem({ productId: 'nope' }))).toBe('Choose a product from the list.')
    const huge = {
      ...valid,
      items: Array.from({ length: 11 }, () => ({ ...valid.items[0], quantity: '100000', unitPrice: '1000' })),
    }
    expect(firstProblem(huge)).toBe('The invoice total must be at most $10,000,000.00.')
    expect(firstProblem({ ...valid, items: Array.from({ length: 101 }, () => valid.items[0]) })).toContain(
      'at most 100',
    )
  })

  test('reads the repeated form fields row by row and never a total', () => {
    const form = new FormData()
    form.set('userId', valid.userId)
    form.set('status', 'quote')
    form.set('total', '0.01')
    for (const [description, quantity, unitPrice] of [
      ['Design', '2', '30'],
      ['Print', '4', '5.25'],
    ]) {
      form.append('description', description)
      form.append('quantity', quantity)
      form.append('unitPrice', unitPrice)
      form.append('productId', '')
    }
    form.append('description', 'Missing the rest')
    const parsed = InvoiceFormSchema.safeParse(invoiceFormValues(form))
    expect(parsed.success).toBe(false)
    form.delete('description')
    form.append('description', 'Design')
    form.append('description', 'Print')
    expect(InvoiceFormSchema.parse(invoiceFormValues(form))).toEqual({
      userId: valid.userId,
      status: 'quote',
      items: [
        { description: 'Design', quantity: 2, unitPriceCents: 3000, productId: null },
        { description: 'Print', quantity: 4, unitPriceCents: 525, productId: null },
      ],
    })
  })
})

describe('createInvoice', () => {
  test('stores the items in order and computes the total on the server', async () => {
    const saved = await createInvoice(input())
    expect(saved).toMatchObject({ status: 'unpaid', totalCents: 3 * 1999 + 500 })
    expect(await stored(saved.id)).toEqual({
      status: 'unpaid',
      totalCents: 6497,
      paymentDate: null,
      items: [
        { description: 'Custom bracket design', quantity: 3 },
        { description: 'Rush fee', quantity: 1 },
      ],
    })
  })

  test('a paid invoice is paid now; a quote is not', async () => {
    const paid = await createInvoice(input({ status: 'paid' }))
    expect((await stored(paid.id))?.paymentDate).toBeInstanceOf(Date)
    const quote = await createInvoice(input({ status: 'quote' }))
    expect((await stored(quote.id))?.paymentDate).toBeNull()
  })

  test('bad input throws before anything is written', async () => {
    const before = await database.db.$count(invoices)
    const bad: InvoiceInput[] = [
      input({ items: [] }),
      input({ userId: 'nope' }),
      input({ status: 'refunded' as never }),
      input({ items: [{ description: 'x', quantity: 0, unitPriceCents: 100, productId: null }] }),
      input({ items: [{ description: 'x', quantity: 1, unitPriceCents: -100, productId: null }] }),
      input({ items: [{ description: 'x', quantity: 1.5, unitPriceCents: 100, productId: null }] }),
      input({ items: [{ description: ' ', quantity: 1, unitPriceCents: 100, productId: null }] }),
    ]
    for (const candidate of bad) await expect(createInvoice(candidate)).rejects.toThrow()
    expect(await database.db.$count(invoices)).toBe(before)
  })
})

describe('updateInvoice', () => {
  test('replaces the items, recomputes the total and tells open invoice pages', async () => {
    const { id } = await createInvoice(input())
    let saved: Awaited<ReturnType<typeof updateInvoice>> = null
    const seen = await announcements(id, async () => {
      saved = await updateInvoice(
        id,
        input({
          status: 'quote',
          items: [{ description: 'Only line', quantity: 4, unitPriceCents: 250, productId: null }],
        }),
      )
    })
    expect(saved).toEqual({ id, status: 'quote', totalCents: 1000 })
    expect(seen).toEqual(['quote'])
    expect(await stored(id)).toMatchObject({ totalCents: 1000, items: [{ description: 'Only line', quantity: 4 }] })
  })

  test('paid keeps its first payment date; unpaid clears it', async () => {
    const { id } = await createInvoice(input())
    await updateInvoice(id, input({ status: 'paid' }))
    const paidAt = (await stored(id))?.paymentDate
    expect(paidAt).toBeInstanceOf(Date)
    await updateInvoice(id, input({ status: 'paid', items: [input().items[0]] }))
    expect((await stored(id))?.paymentDate).toEqual(paidAt)
    await updateInvoice(id, input({ status: 'unpaid' }))
    expect((await stored(id))?.paymentDate).toBeNull()
  })

  test('an unknown or malformed id changes nothing and is null', async () => {
    expect(await updateInvoice(unknownId, input())).toBeNull()
    expect(await updateInvoice('not-a-uuid', input())).toBeNull()
    const { id } = await createInvoice(input())
    await expect(updateInvoice(id, input({ items: [] }))).rejects.toThrow()
    expect((await stored(id))?.items).toHaveLength(2)
  })
})

describe('setInvoiceStatus', () => {
  test('sets any status, with the payment date, and announces only a change', async () => {
    const { id } = await createInvoice(input({ status: 'quote' }))
    const seen = await announcements(id, async () => {
      expect(await setInvoiceStatus(id, 'paid')).toMatchObject({ id, status: 'paid', changed: true })
      expect(await setInvoiceStatus(id, 'paid')).toMatchObject({ changed: false })
    })
    expect(seen).toEqual(['paid'])
    const paidAt = (await stored(id))?.paymentDate
    expect(paidAt).toBeInstanceOf(Date)
    await setInvoiceStatus(id, 'paid')
    expect((await stored(id))?.paymentDate).toEqual(paidAt)
    expect(await announcements(id, () => setInvoiceStatus(id, 'unpaid'))).toEqual(['unpaid'])
    expect((await stored(id))?.paymentDate).toBeNull()
  })

  test('an unknown, malformed id or status is null', async () => {
    const { id } = await createInvoice(input())
    expect(await setInvoiceStatus(unknownId, 'paid')).toBeNull()
    expect(await setInvoiceStatus('nope', 'paid')).toBeNull()
    expect(await setInvoiceStatus(id, 'refunded' as never)).toBeNull()
    expect((await stored(id))?.status).toBe('unpaid')
  })
})

describe('deleteInvoice', () => {
  test('deletes the invoice with its items, once', async () => {
    const { id } = await createInvoice(input())
    expect(await deleteInvoice(id)).toBe('deleted')
    expect(await stored(id)).toBeNull()
    expect(await database.db.$count(invoiceItems, eq(invoiceItems.invoiceId, id))).toBe(0)
    expect(await deleteInvoice(id)).toBe('not-found')
    expect(await deleteInvoice('not-a-uuid')).toBe('not-found')
  })

  test('a paid invoice stays: it is a record of money taken', async () => {
    const { id } = await createInvoice(input())
    await setInvoiceStatus(id, 'paid')
    expect(await deleteInvoice(id)).toBe('paid')
    expect((await stored(id))?.status).toBe('paid')
    expect(await database.db.$count(invoiceItems, eq(invoiceItems.invoiceId, id))).toBeGreaterThan(0)
  })
})

describe('voidInvoice', () => {
  test('a paid or unpaid invoice is voided once, announced, and kept with its items and payment date', async () => {
    const paid = await createInvoice(input({ status: 'paid' }))
    const paidAt = (await stored(paid.id))?.paymentDate
    expect(await announcements(paid.id, async () => expect(await voidInvoice(paid.id)).toBe('voided'))).toEqual([
      'void',
    ])
    expect(await stored(paid.id)).toMatchObject({ status: 'void', paymentDate: paidAt })
    expect((await stored(paid.id))?.items).toHaveLength(2)
    const [row] = await database.db
      .select({ voidedAt: invoices.voidedAt, version: invoices.version })
      .from(invoices)
      .where(eq(invoices.id, paid.id))
    expect(row?.voidedAt).toBeInstanceOf(Date)
    // A payment session opened for the invoice before can no longer match it.
    expect(row?.version).toBe(2)
    expect(await voidInvoice(paid.id)).toBe('void')

    const unpaid = await createInvoice(input())
    expect(await voidInvoice(unpaid.id)).toBe('voided')
    expect((await stored(unpaid.id))?.status).toBe('void')
  })

  test('a void invoice cannot be changed, set to another status or deleted', async () => {
    const { id } = await createInvoice(input())
    await voidInvoice(id)
    expect(await setInvoiceStatus(id, 'paid')).toBe('void')
    expect(await updateInvoice(id, input({ status: 'unpaid', items: [input().items[0]] }))).toBe('void')
    expect(await deleteInvoice(id)).toBe('void')
    expect(await stored(id)).toMatchObject({ status: 'void', paymentDate: null })
    expect((await stored(id))?.items).toHaveLength(2)
  })

  test('a quote is deleted rather than voided; an unknown id is not found', async () => {
    const { id } = await createInvoice(input({ status: 'quote' }))
    expect(await voidInvoice(id)).toBe('quote')
    expect((await stored(id))?.status).toBe('quote')
    expect(await voidInvoice(unknownId)).toBe('not-found')
    expect(await voidInvoice('not-a-uuid')).toBe('not-found')
  })
})

describe('listAllInvoices', () => {
  test('every customer’s invoices, newest first, by status, in pages, with their items', async () => {
    await database.db.delete(invoices)
    const other = await insertUser(database.db, { email: 'other-customer@example.com', name: 'Other' })
    const first = await createInvoice(input({ status: 'quote' }))
    const second = await createInvoice(input({ userId: other.id, email: 'other-customer@example.com' }))
    const third = await createInvoice(input({ status: 'paid' }))
    const days = [first.id, second.id, third.id]
    for (const [index, id] of days.entries()) {
      await database.db
        .update(invoices)
        .set({ createdAt: new Date(Date.UTC(2026, 0, index + 1)) })
        .where(eq(invoices.id, id))
    }
    const all = await listAllInvoices({ limit: 50 })
    expect(all.total).toBe(3)
    expect(all.invoices.map((invoice) => invoice.id)).toEqual([third.id, second.id, first.id])
    expect(all.invoices[1]).toMatchObject({ userId: other.id, email: 'other-customer@example.com', totalCents: 6497 })
    expect(all.invoices[0].items.map((item) => item.description)).toEqual(['Custom bracket design', 'Rush fee'])

    const quotes = await listAllInvoices({ status: 'quote', limit: 50 })
    expect(quotes).toMatchObject({ total: 1, invoices: [{ id: first.id }] })
    const secondPage = await listAllInvoices({ limit: 2, offset: 2 })
    expect(secondPage).toMatchObject({ total: 3, invoices: [{ id: first.id }] })
  })
})
