import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { releaseStock, reserveStock } from '#app/modules/catalog/index.server.ts'
import {
  attachCheckoutSession,
  type CheckoutLineDto,
  countCheckoutsSince,
  createCheckoutRecord,
  expireOpenCheckoutsOfHolder,
  type HoldScope,
  heldUnitsByProduct,
  lockHoldScope,
  markCheckoutExpired,
  type OrderShippingAddress,
} from '#app/modules/orders/index.server.ts'
import { getPaymentProvider } from '#app/modules/payments/index.server.ts'
import { hasSpecAddress, withAddressDefaults } from '#app/rules/address.ts'
import type { ModelFileRef } from '#app/rules/model-files.ts'
import { printOptionsText } from '#app/rules/print-line.ts'
import { getDb } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'
import { checkLineModelFiles } from '../model-files/line-model-files.server.ts'
import { type PriceCartItem, type PricedCart, priceCart } from '../price-cart.server.ts'
import { claimPromotionUse } from '../promotion-limits.server.ts'
import { CHECKOUT_SESSION_MINUTES, HOLD_LIMITS, holdProblem } from './hold-limits.ts'
import type { StartCheckoutResult } from './types.ts'

/**
 * A cart line as the browser sends it; the title is only used to name a line that is gone. A
 * made-to-order line also carries its note and its 3D model (the file's id and upload token).
 */
export type CheckoutCartItem = PriceCartItem & {
  title?: string
  note?: string | null
  modelFile?: ModelFileRef | null
}

export type StartCartCheckoutInput = {
  items: readonly CheckoutCartItem[]
  promoCode?: string | null
  /** The total the cart showed; a different server total means prices changed meanwhile. */
  expectedTotalCents: number
  /** The cart's 'Ship to' country: shipping is priced for it and the hosted page takes only it. */
  country?: string | null
  viewer: { id: string; email: string } | null
  /**
   * The browser that asks: a token it keeps in a cookie. A new checkout from the same browser
   * releases the one before (the same customer in another browser keeps both).
   */
  browserToken: string | null
  /** The client's address as TRUST_PROXY resolves it (an IPv6 one as its /64); guests' hold limits count per address. */
  clientAddress: string | null
  /** The shop's absolute address, for the provider's success and cancel URLs. */
  publicUrl: string
}

/** Until the provider's session gives its own expiry: a little over the session's own lifetime. */
const PROVISIONAL_EXPIRY_MINUTES = CHECKOUT_SESSION_MINUTES + 5

/** Nothing is reserved or released: the transaction is rolled back and the cart is told why. */
class CheckoutRefused extends Error {
  constructor(readonly result: StartCheckoutResult) {
    super('Checkout refused')
  }
}

type Holder = { key: string | null; kind: 'guest' | 'customer'; scope: HoldScope }

/** Step 0: which browser holds the stock, and whose other checkouts count with its own. */
function holderOf(input: StartCartCheckoutInput): Holder {
  const key = input.browserToken ? `browser:${input.browserToken}` : null
  if (input.viewer) return { key, kind: 'customer', scope: { userId: input.viewer.id } }
  return { key, kind: 'guest', scope: { guestAddress: input.clientAddress ?? 'unknown' } }
}

const checkoutError = (message: string): StartCheckoutResult => ({ error: 'Checkout Error', message })

/**
 * Step 2: refuse a cart the server would not charge as shown; nothing is reserved. What the buyer
 * already holds in an open checkout counts as available: starting again releases it.
 */
function checkPricedCart(
  input: StartCartCheckoutInput,
  cart: PricedCart,
  heldByBuyer: ReadonlyMap<string, number>,
): StartCheckoutResult | null {
  if (
    cart.lines.length === 0 &&
    cart.unavailable.length === 0 &&
    cart.selectionRequired.length === 0 &&
    cart.printProblems.length === 0
  ) {
    return { error: 'Cart is Empty', message: 'There are no items in your cart to check out.' }
  }
  const gone = cart.unavailable[0]
  if (gone !== undefined) {
    const title = input.items.find((item) => item.cartId === gone)?.title?.trim()
    return checkoutError(
      `${title ? `"${title}"` : 'An item in your cart'} is no longer available. Remove it from your cart to continue.`,
    )
  }
  if (cart.selectionRequired.length > 0) {
    return { error: 'Selection Required', message: 'Please select a product variation before adding to cart.' }
  }
  const printProblem = cart.printProblems[0]
  if (printProblem !== undefined) {
    const title = input.items.find((item) => item.cartId === printProblem.cartId)?.title?.trim()
    return checkoutError(
      `${title ? `"${title}"` : 'A print in your cart'}: ${printProblem.message} Remove it from your cart to continue.`,
    )
  }
  const wanted = new Map<string, number>()
  const products = cart.lines.flatMap((line) =>
    line.productId === null ? [] : [{ ...line, productId: line.productId }],
  )
  for (const line of products) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity)
  for (const line of products) {
    const quantity = wanted.get(line.productId) ?? 0
    const available = line.stockQuantity + (heldByBuyer.get(line.productId) ?? 0)
    if (quantity <= available) continue
    return checkoutError(
      available <= 0
        ? `"${line.title}" is out of stock. Remove it from your cart to continue.`
        : `Only ${available} of "${line.title}" left in stock. Lower the quantity to continue.`,
    )
  }
  if (cart.totalCents !== input.expectedTotalCents) {
    return checkoutError('Prices in your cart have changed. Please review the new total and try again.')
  }
  return null
}

/**
 * The priced lines as the checkout and later the order keep them, with the variation's id and a
 * made-to-order line's note and model file.
 */
function snapshotLines(input: StartCartCheckoutInput, cart: PricedCart): CheckoutLineDto[] {
  return cart.lines.map((line) => {
    const item = input.items.find((candidate) => candidate.cartId === line.cartId)
    const variationId = item?.selectedVariation?.id
    return {
      productId: line.productId,
      title: line.title,
      variation: variationId && line.variationName ? { id: variationId, name: line.variationName } : null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalPriceCents: line.lineTotalCents,
      note: item?.note?.trim() || null,
      modelFileId: item?.modelFile?.id ?? null,
      quoteModelId: line.quoteModelId,
      print: line.print,
    }
  })
}

/** The signed-in customer's saved address, whole or not (a visitor has none). */
async function savedAddress(viewer: StartCartCheckoutInput['viewer']) {
  return viewer ? ((await retrieveProfile(viewer.id))?.shippingAddress ?? null) : null
}

/** Step 3: the saved address as the checkout's own, when every field is filled in. */
function profileAddress(address: Awaited<ReturnType<typeof savedAddress>>): OrderShippingAddress | null {
  return address && hasSpecAddress(address) ? withAddressDefaults(address) : null
}

/**
 * Starts paying for a browser cart: prices it on the server, refuses it when a line is gone, out
 * of stock or priced differently than the cart showed, or when the buyer would hold more than the
 * hold limits allow; releases the buyer's earlier open checkout, reserves the stock and records the
 * checkout in one transaction, then (outside it) opens the provider's hosted checkout. When the
 * provider fails, the stock is released again. Nothing a browser sends as a price is used.
 * @example
 * const result = await startCartCheckout({ items, promoCode: 'SUMMER15', expectedTotalCents: 5227, viewer, publicUrl })
 * if ('url' in result) redirect(result.url)
 */
export async function startCartCheckout(input: StartCartCheckoutInput): Promise<StartCheckoutResult> {
  // Step 1: price the cart from the database, shipping to the cart's country.
  const holder = holderOf(input)
  const saved = await savedAddress(input.viewer)
  const [cart, heldByBuyer] = await Promise.all([
    priceCart({
      items: input.items,
      promoCode: input.promoCode,
      country: input.country,
      savedCountry: saved?.country || null,
      buyer: input.viewer,
    }),
    holder.key ? heldUnitsByProduct({ holderKey: holder.key }) : new Map<string, number>(),
  ])
  // Step 2: the cart must be what the customer saw, and in stock. A code whose usage limits now
  // refuse it is named as such, rather than as a change of price.
  if (input.promoCode && cart.promoProblem) return checkoutError(cart.promoProblem)
  const refused = checkPricedCart(input, cart, heldByBuyer)
  if (refused) return refused
  const lines = snapshotLines(input, cart)
  // Step 2b: every attached 3D model exists and was uploaded from this browser (or by this customer).
  const fileProblem = await checkLineModelFiles(
    cart.lines.map((line) => ({
      title: line.title,
      modelFile: input.items.find((item) => item.cartId === line.cartId)?.modelFile ?? null,
    })),
    input.viewer,
  )
  if (fileProblem) return checkoutError(fileProblem)
  const promoCode = cart.discountCents > 0 ? cart.promoCode : null
  const promotionId = promoCode ? cart.promotionId : null
  const shippingAddress = profileAddress(saved)
  const provider = getPaymentProvider()

  // Step 4: within the holder's limits, release their earlier checkout, reserve the stock and
  // record the checkout, all or nothing.
  const db = await getDb()
  let checkoutId: string
  let released: Awaited<ReturnType<typeof expireOpenCheckoutsOfHolder>>
  try {
    ;({ checkoutId, released } = await db.transaction(async (tx) => {
      await lockHoldScope(holder.scope, tx)
      const limits = HOLD_LIMITS[holder.kind]
      if ((await countCheckoutsSince(holder.scope, new Date(Date.now() - 60_000), tx)) >= limits.perMinute) {
        throw new CheckoutRefused({
          error: 'Too many requests',
          message: 'Please wait a minute before starting another checkout.',
        })
      }
      const released = holder.key ? await expireOpenCheckoutsOfHolder(holder.key, tx) : []
      for (const earlier of released) await releaseStock(earlier.lines, tx)
      // A print of the customer's own model takes no stock, so no hold limit counts it.
      const stockLines = lines.flatMap((line) =>
        line.productId === null ? [] : [{ ...line, productId: line.productId }],
      )
      const problem = holdProblem(holder.kind, stockLines, await heldUnitsByProduct(holder.scope, tx))
      if (problem) throw new CheckoutRefused(checkoutError(problem))
      // The promotion's last use goes to one checkout: its row is locked while its uses are counted.
      if (promotionId) {
        const used = await claimPromotionUse(promotionId, input.viewer, tx)
        if (used) throw new CheckoutRefused(checkoutError(used))
      }
      const reserved = await reserveStock(lines, tx)
      if (!reserved.ok) {
        const title = lines.find((line) => line.productId === reserved.productId)?.title ?? 'An item'
        throw new CheckoutRefused(
          checkoutError(`Sorry, "${title}" just sold out. Lower the quantity or remove it to continue.`),
        )
      }
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
          promotionId,
          provider: provider.name,
          expiresAt: new Date(Date.now() + PROVISIONAL_EXPIRY_MINUTES * 60_000),
          holderKey: holder.key,
          clientAddress: input.clientAddress,
        },
        tx,
      )
      return { checkoutId: id, released }
    }))
  } catch (error) {
    if (error instanceof CheckoutRefused) return error.result
    throw error
  }
  // The reserved (and any released) stock shows on product pages.
  announcePublicChange('stock reserved for a checkout')
  // The released checkouts can no longer be paid either (best effort: a payment that still
  // arrives places the order and takes the stock, see handle-payment-event).
  await Promise.all(
    released.map(async (earlier) => {
      if (!earlier.providerSessionId || earlier.provider !== provider.name) return
      await provider.expireCheckout(earlier.providerSessionId).catch((error: unknown) => {
        logger.warn({ err: error, checkoutId: earlier.id }, 'An earlier checkout could not be expired')
      })
    }),
  )

  // Step 5: open the hosted checkout; a network call, so never inside the transaction.
  try {
    const session = await provider.createCheckout({
      reference: { kind: 'cart', id: checkoutId },
      lines: lines.map((line) => ({
        name: line.title,
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
        ...(line.print
          ? { description: printOptionsText(line.print) }
          : line.variation
            ? { description: line.variation.name }
            : {}),
      })),
      discount: promoCode ? { code: promoCode, amountCents: cart.discountCents } : null,
      shippingCents: cart.shippingCents,
      customerEmail: input.viewer?.email ?? null,
      // Everyone gives or confirms the address a parcel needs on the hosted page (a customer's
      // saved one prefilled), in the country shipping was priced for.
      collectShippingAddress: true,
      shippingCountries: [cart.shipTo.country],
      successUrl: `${input.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.publicUrl}/cart?checkout=cancelled`,
      expiresInMinutes: CHECKOUT_SESSION_MINUTES,
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
    announcePublicChange('stock released by a failed checkout')
    return checkoutError(
      error instanceof Error && error.message ? error.message : 'An unexpected error occurred during checkout.',
    )
  }
}
