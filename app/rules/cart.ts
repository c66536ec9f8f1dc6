import { z } from 'zod'
import { type LineAttachments, LineNoteSchema, ModelFileRefSchema, StoredLineAttachmentsShape } from './model-files.ts'
import { changeLine, parseStoredList } from './stored-list.ts'
import { singleLine } from './text.ts'

export const CART_STORAGE_KEY = 'cartItems'

export const CartItemSchema = z.object({
  cartId: z.string().min(1),
  id: z.string().min(1),
  title: z.string(),
  quantity: z.number().int().min(1),
  selectedVariation: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  // A made-to-order line's note and 3D model (each dropped on its own when corrupt).
  ...StoredLineAttachmentsShape,
})
export type CartItem = z.infer<typeof CartItemSchema>

const StoredCartSchema = z.array(CartItemSchema)

/** Reads the stored cart; anything corrupt or unreadable is an empty cart. */
export function parseStoredCart(raw: string | null | undefined): CartItem[] {
  return parseStoredList(StoredCartSchema, raw)
}

/** The number shown on the cart badge: the sum of all line quantities. */
export function cartQuantity(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0)
}

export const PROMO_CODE_STORAGE_KEY = 'promoCode'
export const SHIP_TO_STORAGE_KEY = 'shipToCountry'

/** 'de' → 'DE'; anything that is not two letters is null (the server then picks the country). */
export function normalizeCountryCode(raw: string | null | undefined): string | null {
  const code = raw?.trim().toUpperCase() ?? ''
  return /^[A-Z]{2}$/.test(code) ? code : null
}
export const PROMO_CODE_MAX_LENGTH = 40
export const MIN_LINE_QUANTITY = 1
export const MAX_LINE_QUANTITY = 9999
export const MAX_CART_LINES = 100

/** A line quantity: a whole number from 1 to 9999; anything unreadable is 1. */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_LINE_QUANTITY
  return Math.min(MAX_LINE_QUANTITY, Math.max(MIN_LINE_QUANTITY, Math.floor(value)))
}

/** What the cart's quantity field holds; a non-numeric value becomes 1 (spec §5). */
export function parseQuantityInput(text: string): number {
  return clampQuantity(Number.parseInt(text.trim(), 10))
}

/** The cart with one line's quantity set, never below 1 (spec §4). */
export function setCartItemQuantity(items: readonly CartItem[], cartId: string, quantity: number): CartItem[] {
  const next = clampQuantity(quantity)
  return changeLine(items, 'cartId', cartId, { quantity: next })
}

/** The cart with a line's note or 3D model changed. */
export function updateCartItem(items: readonly CartItem[], cartId: string, change: LineAttachments): CartItem[] {
  return changeLine(items, 'cartId', cartId, change)
}

/** The cart without the line of that cartId. */
export function removeCartItem(items: readonly CartItem[], cartId: string): CartItem[] {
  return items.filter((item) => item.cartId !== cartId)
}

/** A promotion code as stored and sent: trimmed and upper-cased; blank or over-long is no code. */
export function normalizePromoCode(text: string | null | undefined): string | null {
  const code = text?.trim().toUpperCase() ?? ''
  return code && code.length <= PROMO_CODE_MAX_LENGTH ? code : null
}

export type CartProduct = { id: string; title: string }
export type CartVariation = { id: string; name: string }

/**
 * The cart after adding: a line with the same product and the same variation grows, anything
 * else becomes a new line (spec §4). A line never grows past MAX_LINE_QUANTITY.
 */
export function mergeIntoCart(
  items: readonly CartItem[],
  product: CartProduct,
  variation: CartVariation | null,
  quantity: number,
  newCartId: () => string,
): CartItem[] {
  const amount = clampQuantity(quantity)
  const variationId = variation?.id ?? null
  const index = items.findIndex(
    (item) => item.id === product.id && (item.selectedVariation?.id ?? null) === variationId,
  )
  if (index >= 0) {
    return items.map((item, i) => (i === index ? { ...item, quantity: clampQuantity(item.quantity + amount) } : item))
  }
  return [
    ...items,
    {
      cartId: newCartId(),
      id: product.id,
      title: product.title,
      quantity: amount,
      selectedVariation: variation ? { id: variation.id, name: variation.name } : null,
    },
  ]
}

/** A cart line as the browser sends it to the server; only ids and quantities are used. */
export const CartRequestItemSchema = z.object({
  cartId: singleLine({ trim: false }).min(1).max(100),
  id: singleLine({ trim: false }).min(1).max(100),
  title: singleLine({ trim: false }).max(500).optional(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  // The variation the line was added with; a product with variations needs one (storefront §5).
  selectedVariation: z
    .object({ id: singleLine({ trim: false }).min(1).max(100), name: singleLine({ trim: false }).max(500).optional() })
    .nullable()
    .optional(),
  /** A made-to-order line's note and 3D model (its id and upload token), carried into the order. */
  note: LineNoteSchema.nullish(),
  modelFile: ModelFileRefSchema.nullish(),
})

/** A full cart of MAX_CART_LINES lines is well under this; anything bigger is not a cart. */
export const MAX_CART_BODY_BYTES = 64 * 1024

/** A checkout also sends each line's note (up to 1,000 characters): a full cart of them fits. */
export const MAX_CHECKOUT_BODY_BYTES = 512 * 1024
