import { writeCart } from '#app/hooks/use-cart.ts'
import { CART_STORAGE_KEY, type CartItem, parseStoredCart } from '#app/rules/cart.ts'

type CartProduct = { id: string; title: string }
type CartVariation = { id: string; name: string }

/**
 * The cart after adding: a line with the same product and the same variation grows, anything
 * else becomes a new line (spec §4).
 */
export function mergeIntoCart(
  items: readonly CartItem[],
  product: CartProduct,
  variation: CartVariation | null,
  quantity: number,
  newCartId: () => string,
): CartItem[] {
  const amount = Math.max(1, Math.floor(quantity))
  const variationId = variation?.id ?? null
  const index = items.findIndex(
    (item) => item.id === product.id && (item.selectedVariation?.id ?? null) === variationId,
  )
  if (index >= 0) {
    return items.map((item, i) => (i === index ? { ...item, quantity: item.quantity + amount } : item))
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

// randomUUID only exists in secure contexts (https or localhost); a shop reached over plain http still works.
function newCartId(): string {
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
