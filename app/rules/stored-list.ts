import type { z } from 'zod'

/**
 * Reads a list the browser keeps in localStorage (the cart, the /order panel): anything corrupt,
 * unreadable or not of `schema` is an empty list, never an error on the page.
 * @example parseStoredList(z.array(CartItemSchema), window.localStorage.getItem('cartItems')) // []
 */
export function parseStoredList<Item>(schema: z.ZodType<Item[]>, raw: string | null | undefined): Item[] {
  if (!raw) return []
  try {
    const parsed = schema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

/**
 * The list with one line changed: the line whose `key` is `id` gets `change`, the others stay.
 * @example changeLine(cart, 'cartId', line.cartId, { note: 'Orange PETG' })
 */
export function changeLine<Item, Key extends keyof Item>(
  items: readonly Item[],
  key: Key,
  id: Item[Key],
  change: Partial<Item>,
): Item[] {
  return items.map((item) => (item[key] === id ? { ...item, ...change } : item))
}
