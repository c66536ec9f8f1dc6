import { listVisibleProducts } from '#app/modules/catalog/index.server.ts'
import { createQuote } from '#app/modules/quotes/index.server.ts'

const DAY = 24 * 60 * 60 * 1000

/**
 * The demo customer's history, so the portal is not empty on a first look: a quote saved a month
 * ago, long expired (My Quotes shows it as expired and it can no longer be accepted).
 * @example await seedDemoCustomerHistory(customer.id)
 */
export async function seedDemoCustomerHistory(customerId: string) {
  const products = (await listVisibleProducts()).filter((product) => product.stockQuantity > 0).slice(0, 2)
  if (products.length === 0) return
  await createQuote(
    customerId,
    products.map((product, index) => ({
      productId: product.id,
      title: product.title,
      quantity: index + 2,
      unitPriceCents: product.priceCents,
      totalPriceCents: product.priceCents * (index + 2),
    })),
    new Date(Date.now() - 30 * DAY),
  )
}
