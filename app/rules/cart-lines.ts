import {
  isFields,
  isText,
  isWholeNumber,
  LINE_NOTE_MAX_LENGTH,
  type LineAttachments,
  readUploadedModelFile,
  type UploadedModelFile,
} from './model-file-limits.ts'
import { changeLine } from './stored-list.ts'

// The visitor's cart as the browser keeps it (localStorage) and changes it. Every page reads it
// for the header's badge, so nothing here uses zod: the server's schemas stay in cart.ts, and
// cart-lines.test.ts checks that parseStoredCart reads exactly what CartItemSchema reads.

export const CART_STORAGE_KEY = 'cartItems'
export const PROMO_CODE_STORAGE_KEY = 'promoCode'
export const SHIP_TO_STORAGE_KEY = 'shipToCountry'

export const PROMO_CODE_MAX_LENGTH = 40
export const MIN_LINE_QUANTITY = 1
export const MAX_LINE_QUANTITY = 9999
export const MAX_CART_LINES = 100

export type CartItem = {
  cartId: string
  id: string
  title: string
  quantity: number
  selectedVariation?: { id: string; name: string } | null
  // A made-to-order line's note and 3D model (each dropped on its own when corrupt).
  note?: string
  modelFile?: UploadedModelFile | null
  /** A print of the customer's own model from /instant-quote (decision 039); the line has no product. */
  print?: CartPrint
}

/**
 * What a print line keeps: the model (its id and the token Add to Cart gave, which proves the
 * owner added it), and the options chosen. The quantity is the line's; the server prices it.
 */
export type CartPrint = {
  modelId: string
  token: string
  fileName: string
  materialId: string
  colour: string
  quality: string
  infill: number
  units: 'mm' | 'inch'
}

/** A print line's id in the cart: it is no product's. */
export const printLineId = (modelId: string) => `print:${modelId}`

/** A stored print line's model and options (other fields dropped), or undefined when corrupt. */
export function readCartPrint(value: unknown): CartPrint | undefined {
  if (!isFields(value)) return undefined
  const { modelId, token, fileName, materialId, colour, quality, infill, units } = value
  if (!isText(modelId, 1, 100) || !isText(token, 1, 200) || !isText(fileName, 1, 255)) return undefined
  if (!isText(materialId, 1, 100) || !isText(colour, 1, 100) || !isText(quality, 1, 50)) return undefined
  if (!isWholeNumber(infill, 0) || infill > 100 || (units !== 'mm' && units !== 'inch')) return undefined
  return { modelId, token, fileName, materialId, colour, quality, infill, units }
}

export type CartProduct = { id: string; title: string }
export type CartVariation = { id: string; name: string }

/** One stored line, or null when it is not a cart line (a corrupt note or model alone is dropped). */
function storedCartItem(value: unknown): CartItem | null {
  if (!isFields(value)) return null
  const { cartId, id, title, quantity, selectedVariation } = value
  if (!isText(cartId, 1) || !isText(id, 1) || !isText(title) || !isWholeNumber(quantity, 1)) return null
  const item: CartItem = { cartId, id, title, quantity }
  if (selectedVariation === null) item.selectedVariation = null
  else if (selectedVariation !== undefined) {
    if (!isFields(selectedVariation) || !isText(selectedVariation.id) || !isText(selectedVariation.name)) return null
    item.selectedVariation = { id: selectedVariation.id, name: selectedVariation.name }
  }
  if ('note' in value) item.note = isText(value.note, 0, LINE_NOTE_MAX_LENGTH) ? value.note : undefined
  if ('modelFile' in value) item.modelFile = value.modelFile === null ? null : readUploadedModelFile(value.modelFile)
  if (value.print !== undefined) {
    const print = readCartPrint(value.print)
    if (!print) return null
    item.print = print
  }
  return item
}

/** Reads the stored cart; anything corrupt or unreadable is an empty cart. */
export function parseStoredCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return []
  let stored: unknown
  try {
    stored = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(stored)) return []
  const items: CartItem[] = []
  for (const value of stored) {
    const item = storedCartItem(value)
    if (!item) return []
    items.push(item)
  }
  return items
}

/** The number shown on the cart badge: the sum of all line quantities. */
export function cartQuantity(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0)
}

/** 'de' → 'DE'; anything that is not two letters is null (the server then picks the country). */
export function normalizeCountryCode(raw: string | null | undefined): string | null {
  const code = raw?.trim().toUpperCase() ?? ''
  return /^[A-Z]{2}$/.test(code) ? code : null
}

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
  return changeLine(items, 'cartId', cartId, { quantity: clampQuantity(quantity) })
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

/**
 * The cart after adding a print of the customer's own model: a line of the same model with the
 * same options grows, anything else becomes a new line titled '3D print: <file name>'.
 */
export function mergePrintIntoCart(
  items: readonly CartItem[],
  print: CartPrint,
  quantity: number,
  newCartId: () => string,
): CartItem[] {
  const amount = clampQuantity(quantity)
  const same = (other: CartPrint | undefined) =>
    other !== undefined &&
    (['modelId', 'materialId', 'colour', 'quality', 'infill', 'units'] as const).every(
      (key) => other[key] === print[key],
    )
  const index = items.findIndex((item) => same(item.print))
  if (index >= 0) {
    return items.map((item, i) =>
      i === index ? { ...item, print, quantity: clampQuantity(item.quantity + amount) } : item,
    )
  }
  return [
    ...items,
    {
      cartId: newCartId(),
      id: printLineId(print.modelId),
      title: `3D print: ${print.fileName}`,
      quantity: amount,
      print,
    },
  ]
}

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
