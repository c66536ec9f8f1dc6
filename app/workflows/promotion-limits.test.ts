import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { checkouts, orders } from '#app/modules/orders/schema.server.ts'
import { type CheckoutOutcome, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { customerAddress, insertProduct, insertPromotion, insertUser } from '#tests/factories/shop-records.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { handlePaymentEvent } from './checkout/handle-payment-event.server.ts'
import { startCartCheckout } from './checkout/start-cart-checkout.server.ts'
import { listAdminOrders } from './list-admin-orders.server.ts'
import { listAdminPromotions } from './list-admin-promotions.server.ts'
import { priceCart } from './price-cart.server.ts'
import { PROMOTION_SIGN_IN, PROMOTION_USED_BY_YOU, PROMOTION_USED_UP } from './promotion-limits.server.ts'

// A promotion's usage limits, counted from the orders that used it and the checkouts still open
// at the provider. On PostgreSQL (`npm run test:pg`) the racing checkouts run on separate connections.
const publicUrl = 'http://localhost:3000'
let database: TestDatabase
let productId = ''

beforeAll(async () => {
  database = await createTestDatabase()
  productId = (await insertProduct(database.db, { title: 'Desk Organiser', priceCents: 1000, stockQuantity: 500 })).id
})

beforeEach(() => {
  installDemoPayments()
})

afterAll(async () => {
  setPaymentProvider(null)
  await database?.close()
})

type Buyer = { id: string; email: string } | null
let browsers = 0

const items = () => [{ cartId: 'a', id: productId, title: 'Desk Organiser', quantity: 1 }]
/** 1000 less 10%, plus the flat 5.00 shipping. */
const discountedTotal = 1000 - 100 + 500

function checkout(code: string, buyer: Buyer = null) {
  browsers += 1
  return startCartCheckout({
    items: items(),
    promoCode: code,
    expectedTotalCents: discountedTotal,
    viewer: buyer,
    browserToken: `promo-browser-${browsers}`,
    clientAddress: `2001:db8:1::${browsers.toString(16)}`,
    publicUrl,
  })
}

async function sessionOf(code: string, buyer: Buyer = null) {
  const started = await checkout(code, buyer)
  if (!('url' in started)) throw new Error(started.message)
  return started.url.replace('/demo-checkout/', '')
}

/** The provider reports the session paid: the order is placed with the promotion. */
async function pay(sessionId: string) {
  const session: CheckoutOutcome = {
    id: sessionId,
    status: 'complete',
    paymentStatus: 'paid',
    reference: null,
    amountTotalCents: discountedTotal,
    customerEmail: 'guest@example.com',
    shippingAddress: customerAddress,
    paymentReference: `pi_${sessionId}`,
  }
  const id = `evt_${sessionId}`
  const result = await handlePaymentEvent('demo', {
    id,
    type: 'checkout.completed',
    session,
    raw: { id, type: 'checkout.completed' },
  })
  expect(result).toMatchObject({ outcome: 'completed' })
}

const price = (code: string, buyer: Buyer = null) => priceCart({ items: items(), promoCode: code, buyer })

describe('a usage limit in total', () => {
  test('an open checkout holds a use; the next buyer is refused until it lapses', async () => {
    const promotion = await insertPromotion(database.db, { code: 'ONCEONLY', usageLimit: 1 })
    expect(await price('onceonly')).toMatchObject({ promoValid: true, discountCents: 100, promoProblem: null })

    const sessionId = await sessionOf('ONCEONLY')
    const [held] = await database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId))
    expect(held.promotionId).toBe(promotion.id)

    expect(await price('ONCEONLY')).toMatchObject({
      promoValid: false,
      discountCents: 0,
      promoProblem: PROMOTION_USED_UP,
    })
    expect(await checkout('ONCEONLY')).toEqual({ error: 'Checkout Error', message: PROMOTION_USED_UP })

    // The checkout lapses at the provider: its use is free again.
    await database.db.update(checkouts).set({ status: 'expired' }).where(eq(checkouts.id, held.id))
    expect(await price('ONCEONLY')).toMatchObject({ promoValid: true, discountCents: 100 })
  })

  test('a paid order uses it up, the list counts it and links its orders; a cancelled order gives it back', async () => {
    const promotion = await insertPromotion(database.db, { code: 'PAIDONCE', usageLimit: 1 })
    await pay(await sessionOf('PAIDONCE'))
    const [order] = await database.db.select().from(orders).where(eq(orders.promotionId, promotion.id))
    expect(order).toMatchObject({ promoCode: 'PAIDONCE', discountCents: 100, totalCents: discountedTotal })

    expect(await checkout('PAIDONCE')).toEqual({ error: 'Checkout Error', message: PROMOTION_USED_UP })
    const { promotions } = await listAdminPromotions({ limit: 100, offset: 0 })
    expect(promotions.find((row) => row.id === promotion.id)).toMatchObject({ uses: 1, usageLimit: 1 })
    const used = await listAdminOrders({ status: 'all', search: '', promotionId: promotion.id, limit: 10, offset: 0 })
    expect(used.orders.map((row) => row.id)).toEqual([order.id])

    await database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id))
    expect(await price('PAIDONCE')).toMatchObject({ promoValid: true })
    const after = await listAdminPromotions({ limit: 100, offset: 0 })
    expect(after.promotions.find((row) => row.id === promotion.id)?.uses).toBe(0)
  })

  test('twenty buyers at once for the last two uses: exactly two checkouts get the discount', async () => {
    await insertPromotion(database.db, { code: 'RACE2', usageLimit: 2 })
    const results = await Promise.all(Array.from({ length: 20 }, () => checkout('RACE2')))
    const accepted = results.filter((result) => 'url' in result)
    expect(accepted).toHaveLength(2)
    for (const result of results.filter((result) => !('url' in result))) {
      expect(result).toEqual({ error: 'Checkout Error', message: PROMOTION_USED_UP })
    }
  }, 60_000)
})

describe('a limit per customer', () => {
  test('a guest is asked to sign in; a customer may use it their number of times, another customer still can', async () => {
    const promotion = await insertPromotion(database.db, { code: 'ONEEACH', perCustomerLimit: 1 })
    const first = await insertUser(database.db, { email: 'first@example.com' })
    const second = await insertUser(database.db, { email: 'second@example.com' })

    expect(await price('ONEEACH')).toMatchObject({ promoValid: false, promoProblem: PROMOTION_SIGN_IN })
    expect(await checkout('ONEEACH')).toEqual({ error: 'Checkout Error', message: PROMOTION_SIGN_IN })

    const buyer = { id: first.id, email: first.email }
    expect(await price('ONEEACH', buyer)).toMatchObject({ promoValid: true, discountCents: 100 })
    await pay(await sessionOf('ONEEACH', buyer))
    expect(await price('ONEEACH', buyer)).toMatchObject({ promoValid: false, promoProblem: PROMOTION_USED_BY_YOU })
    expect(await checkout('ONEEACH', buyer)).toEqual({ error: 'Checkout Error', message: PROMOTION_USED_BY_YOU })

    // A guest order placed earlier with the customer's e-mail counts as theirs too.
    const other = { id: second.id, email: second.email }
    expect(await price('ONEEACH', other)).toMatchObject({ promoValid: true })
    await database.db.insert(orders).values({
      email: 'SECOND@example.com',
      status: 'processing',
      paymentStatus: 'paid',
      totalCents: 900,
      promoCode: 'ONEEACH',
      promotionId: promotion.id,
    })
    expect(await price('ONEEACH', other)).toMatchObject({ promoValid: false, promoProblem: PROMOTION_USED_BY_YOU })
  })
})
