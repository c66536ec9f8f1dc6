import { writeCart } from '#app/hooks/use-cart.ts'
import {
  CART_STORAGE_KEY,
  type CartItem,
  type CartPrint,
  type CartProduct,
  type CartVariation,
  mergeIntoCart,
  mergePrintIntoCart,
  parseStoredCart,
} from '#app/rules/cart-lines.ts'

// randomUUID only exists in secure contexts (https or localhost); a shop reached over plain http still works.
export function newCartId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Adds items to the visitor's cart in browser storage; every open cart view updates. */
export function addToCart(product: CartProduct, variation: CartVariation | null, quantity: number): CartItem[] {
  const current = parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))
  const next = mergeIntoCart(current, product, variation, quantity, newCartId)
  writeCart(next)
  return next
}

/** Adds a print of the customer's own model (Add to Cart on /instant-quote) to the stored cart. */
export function addPrintToCart(print: CartPrint, quantity: number): CartItem[] {
  const current = parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))
  const next = mergePrintIntoCart(current, print, quantity, newCartId)
  writeCart(next)
  return next
}
