import { ORDER_STORAGE_KEY, parseStoredOrder } from '#app/rules/order.ts'
import { storedList } from './stored-value.ts'

// The 'Your Order' panel of /order, kept in browser storage under its own key as the cart is
// (app/hooks/use-cart.ts), so it survives a reload; corrupt data reads as an empty order.

const order = storedList(ORDER_STORAGE_KEY, parseStoredOrder)

/** Replaces the stored order and tells every subscriber in this tab. */
export const writeOrder = order.write

/** Rewrites the stored order from what it holds right now. */
export const updateOrder = order.update

/** Empties the panel (after the order is placed). */
export function clearOrder() {
  writeOrder([])
}

/** The order being put together, from browser storage; empty during server rendering. */
export const useOrderItems = order.use

/** The stored order as it is now, outside React (Place Order sends exactly this). */
export const currentOrderItems = order.read
