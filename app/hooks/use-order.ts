import { useSyncExternalStore } from 'react'
import { ORDER_STORAGE_KEY, type OrderItem, parseStoredOrder } from '#app/rules/order.ts'

// The 'Your Order' panel of /order, kept in browser storage under its own key as the cart is
// (app/hooks/use-cart.ts), so it survives a reload; corrupt data reads as an empty order.

const listeners = new Set<() => void>()
let cachedRaw: string | null | undefined
let cachedItems: OrderItem[] = []
const emptyOrder: OrderItem[] = []

function readOrder(): OrderItem[] {
  const raw = window.localStorage.getItem(ORDER_STORAGE_KEY)
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedItems = parseStoredOrder(raw)
  }
  return cachedItems
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === ORDER_STORAGE_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Replaces the stored order and tells every subscriber in this tab. */
export function writeOrder(items: OrderItem[]) {
  window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify(items))
  for (const listener of listeners) listener()
}

/** Rewrites the stored order from what it holds right now (not from a possibly stale render). */
export function updateOrder(change: (items: OrderItem[]) => OrderItem[]) {
  writeOrder(change(readOrder()))
}

/** Empties the panel (after the order is placed). */
export function clearOrder() {
  writeOrder([])
}

/** The order being put together, from browser storage; empty during server rendering. */
export function useOrderItems(): OrderItem[] {
  return useSyncExternalStore(subscribe, readOrder, () => emptyOrder)
}

/** The stored order as it is now, outside React (Place Order sends exactly this). */
export function currentOrderItems(): OrderItem[] {
  return readOrder()
}
