import { beforeAll, describe, expect, test } from 'vitest'
import { quotes } from '#app/modules/quotes/schema.server.ts'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { callRoute } from '#tests/setup/route-calls.ts'
import { signedInTest } from '#tests/setup/signed-in-test.ts'
import { action } from './quotes.tsx'

// Save Quote's refusal names each line's problem by its place in the list (`items.1.quantity`),
// for the quote builder to show beside that line's quantity.

const { database, account: casey } = signedInTest('casey@example.com')
let productId = ''

beforeAll(async () => {
  productId = (await insertProduct(database.db, { title: 'Knob Set', priceCents: 899 })).id
})

describe('a refused quote', () => {
  test('names the line at fault, and saves nothing', async () => {
    const items = [
      { productId, quantity: 2 },
      { productId, quantity: 2_000_000 },
    ]
    const outcome = await callRoute(action, {
      url: '/quotes',
      cookie: casey.cookie,
      form: { intent: 'save', items: JSON.stringify(items) },
    })
    expect(outcome).toEqual({
      status: 400,
      location: null,
      data: {
        ok: false,
        intent: 'save',
        toast: {
          title: 'Failed to save quote',
          description: 'Each quantity must be at most 1,000,000.',
          variant: 'destructive',
        },
        fieldErrors: { 'items.1.quantity': 'Each quantity must be at most 1,000,000.' },
      },
    })
    expect(await database.db.select().from(quotes)).toEqual([])
  })
})
