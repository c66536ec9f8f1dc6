/**
 * How much stock one buyer may hold in unpaid checkouts (decision 018). A checkout reserves its
 * stock until it is paid or its provider session ends (30 minutes), so without limits one request
 * could reserve a product's whole stock and tell every other buyer it is sold out.
 *
 * A guest's limits count every guest checkout from the same client address; a customer's count
 * their account's. Customers are known (a verified e-mail) and get room for bulk orders; guests
 * ordering more are asked to sign in.
 */
export const HOLD_LIMITS = {
  guest: { perProduct: 10, total: 30, perMinute: 5 },
  customer: { perProduct: 50, total: 150, perMinute: 5 },
} as const

export type HolderKind = keyof typeof HOLD_LIMITS

/** The hosted session lasts 30 minutes (Stripe's shortest); the stock is held no longer. */
export const CHECKOUT_SESSION_MINUTES = 30

/**
 * The first limit a new checkout would break, as the message the cart shows; null when it fits.
 * `held` is what the scope already holds in other open checkouts, by product id.
 * @example holdProblem('guest', [{ productId, title: 'Bike Mount', quantity: 12 }], new Map())
 */
export function holdProblem(
  kind: HolderKind,
  lines: readonly { productId: string; title: string; quantity: number }[],
  held: ReadonlyMap<string, number>,
): string | null {
  const limits = HOLD_LIMITS[kind]
  const signInHint =
    kind === 'guest' ? ' Sign in to order more, or contact us for a larger order.' : ' Contact us for a larger order.'
  const wanted = new Map<string, { title: string; quantity: number }>()
  for (const line of lines) {
    const entry = wanted.get(line.productId) ?? { title: line.title, quantity: 0 }
    entry.quantity += line.quantity
    wanted.set(line.productId, entry)
  }
  for (const [productId, { title, quantity }] of wanted) {
    if (quantity + (held.get(productId) ?? 0) > limits.perProduct) {
      return `You can check out at most ${limits.perProduct} of "${title}" at a time.${signInHint}`
    }
  }
  const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0)
  const total = sum([...wanted.values()].map((entry) => entry.quantity)) + sum(held.values())
  if (total > limits.total) return `You can check out at most ${limits.total} items at a time.${signInHint}`
  return null
}
