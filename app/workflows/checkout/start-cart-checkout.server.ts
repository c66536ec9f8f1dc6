import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { releaseStock, reserveStock } from '#app/modules/catalog/index.server.ts'
import {
  attachCheckoutSession,
  type CheckoutLineDto,
  createCheckoutRecord,
  markCheckoutExpired,
  type OrderShippingAddress,
} from '#app/modules/orders/index.server.ts'
import { getPaymentProvider } from '#app/modules/payments/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { type PriceCartItem, type PricedCart, priceCart } from '../price-cart.server.ts'
import type { StartCheckoutResult } from './types.ts'

/** A cart line as the browser sends it; the title is only used to name a line that is gone. */
export type CheckoutCartItem = PriceCartItem & { title?: string }

export type StartCartCheckoutInput = {
  items: readonly CheckoutCartItem[]
  promoCode?: string | null
  /** The total the cart showed; a different server total means prices changed meanwhile. */
  expectedTotalCents: number
  viewer: { id: string; email: string } | null
  /** The shop's absolute address, for the provider's success and cancel URLs. */
  publicUrl: string
}

/** Until the provider's session gives its own expiry; long enough for any provider's session. */
const PROVISIONAL_EXPIRY_MINUTES = 60

class OutOfStockError extends Error {
  constructor(readonly productId: string) {
    super(`Product ${productId} is out of stock`)
  }
}

const checkoutError = (message: string): StartCheckoutResult => ({ error: 'Checkout Error', message })

/** Step 2: refuse a cart the server would not charge as shown; nothing is reserved. */
function checkPricedCart(input: StartCartCheckoutInput, cart: PricedCart): StartCheckoutResult | null {
  if (cart.lines.length === 0 && cart.unavailable.length === 0) {
    return { error: 'Cart is Empty', message: 'There are no items in your cart to check out.' }
  }
  const gone = cart.unavailable[0]
  if (gone !== undefined) {
    const title = input.items.find((item) => item.cartId === gone)?.title?.trim()
    return checkoutError(
      `${title ? `"${title}"` : 'An item in your cart'} is no longer available. Remove it from your cart to continue.`,
    )
  }
  const wanted = new Map<string, number>()
  for (const line of cart.lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity)
  for (const line of cart.lines) {
    const quantity = wanted.get(line.productId) ?? 0
    if (quantity <= line.stockQuantity) continue
    return checkoutError(
      line.stockQuantity <= 0
        ? `"${line.title}" is out of stock. Remove it from your cart to continue.`
        : `Only ${line.stockQuantity} of "${line.title}" left in stock. Lower the quantity to continue.`,
    )
  }
  if (cart.totalCents !== input.expectedTotalCents) {
    return checkoutError('Prices in your cart have changed. Please review the new total and try again.')
  }
  return null
}

/** The priced lines as the checkout and later the order keep them, with the variation's id. */
function snapshotLines(input: StartCartCheckoutInput, cart: PricedCart): CheckoutLineDto[] {
  return cart.lines.map((line) => {
    const variationId = input.items.find((item) => item.cartId === line.cartId)?.selectedVariation?.id
    return {
      productId: line.productId,
      title: line.title,
      variation: variationId && line.variationName ? { id: variationId, name: line.variationName } : null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalPriceCents: line.lineTotalCents,
    }
  })
}

/** Step 3: the signed-in customer's address from the profile, when every field is filled in. */
async function profileAddress(viewer: StartCartCheckoutInput['viewer']): Promise<OrderShippingAddress | null> {
  if (!viewer) return null
  const address = (await retrieveProfile(viewer.id))?.shippingAddress
  return address && Object.values(address).every((value) => value.trim()) ? address : null
}

/**
 * Starts paying for a browser cart: prices it on the server, refuses it when a line is gone, out
 * of stock or priced differently than the cart showed, reserves the stock and records the
 * checkout in one transaction, then (outside it) opens the provider's hosted checkout. When the
 * provider fails, the stock is released again. Nothing a browser sends as a price is used.
 * @example
 * const result = await startCartCheckout({ items, promoCode: 'SUMMER15', expectedTotalCents: 5227, viewer, publicUrl })
 * if ('url' in result) redirect(result.url)
 */
export async function startCartCheckout(input: StartCartCheckoutInput): Promise<StartCheckoutResult> {
  // Step 1: price the cart from the database.
  const cart = await priceCart({ items: input.items, promoCode: input.promoCode })
  // Step 2: the cart must be what the customer saw, and in stock.
  const refused = checkPricedCart(input, cart)
  if (refused) return refused
  const lines = snapshotLines(input, cart)
  const promoCode = cart.discountCents > 0 ? cart.promoCode : null
  const shippingAddress = await profileAddress(input.viewer)
  const provider = getPaymentProvider()

  // Step 4: reserve the stock and record the checkout, all or nothing.
  const db = await getDb()
  let checkoutId: string
  try {
    checkoutId = await db.transaction(async (tx) => {
      const reserved = await reserveStock(lines, tx)
      if (!reserved.ok) throw new OutOfStockError(reserved.productId)
      const { id } = await createCheckoutRecord(
        {
          userId: input.viewer?.id ?? null,
          email: input.viewer?.email ?? null,
          shippingAddress,
          lines,
          subtotalCents: cart.subtotalCents,
          discountCents: cart.discountCents,
          shippingCents: cart.shippingCents,
          totalCents: cart.totalCents,
          promoCode,
          provider: provider.name,
          expiresAt: new Date(Date.now() + PROVISIONAL_EXPIRY_MINUTES * 60_000),
        },
        tx,
      )
      return id
    })
  } catch (error) {
    if (!(error instanceof OutOfStockError)) throw error
    const title = lines.find((line) => line.productId === error.productId)?.title ?? 'An item'
    return checkoutError(`Sorry, "${title}" just sold out. Lower the quantity or remove it to continue.`)
  }

  // Step 5: open the hosted checkout; a network call, so never inside the transaction.
  try {
    const session = await provider.createCheckout({
      reference: { kind: 'cart', id: checkoutId },
      lines: lines.map((line) => ({
        name: line.title,
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
        ...(line.variation ? { description: line.variation.name } : {}),
      })),
      discount: promoCode ? { code: promoCode, amountCents: cart.discountCents } : null,
      shippingCents: cart.shippingCents,
      customerEmail: input.viewer?.email ?? null,
      collectShippingAddress: !input.viewer,
      successUrl: `${input.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.publicUrl}/cart?checkout=cancelled`,
    })
    // Step 6: remember the session, so its events and /success find this checkout.
    await attachCheckoutSession(checkoutId, { providerSessionId: session.id, expiresAt: session.expiresAt })
    return { url: session.url }
  } catch (error) {
    // Compensation: nothing was charged, so give the stock back at once.
    logger.warn({ err: error, checkoutId }, 'The payment provider refused the checkout')
    await db.transaction(async (tx) => {
      if (await markCheckoutExpired(checkoutId, tx)) await releaseStock(lines, tx)
    })
    return checkoutError(
      error instanceof Error && error.message ? error.message : 'An unexpected error occurred during checkout.',
    )
  }
}
