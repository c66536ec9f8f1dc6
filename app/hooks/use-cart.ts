import { useSyncExternalStore } from 'react'
import {
  CART_STORAGE_KEY,
  type CartItem,
  normalizeCountryCode,
  normalizePromoCode,
  PROMO_CODE_STORAGE_KEY,
  parseStoredCart,
  SHIP_TO_STORAGE_KEY,
} from '#app/rules/cart-lines.ts'

const listeners = new Set<() => void>()
let cachedRaw: string | null | undefined
let cachedItems: CartItem[] = []
const emptyCart: CartItem[] = []

function readCart(): CartItem[] {
  const raw = window.localStorage.getItem(CART_STORAGE_KEY)
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedItems = parseStoredCart(raw)
  }
  return cachedItems
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab changed the cart: the storage event keeps every open tab in step.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Replaces the stored cart and tells every subscriber in this tab. */
export function writeCart(items: CartItem[]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items))
  for (const listener of listeners) listener()
}

/** Rewrites the stored cart from what it holds right now (not from a possibly stale render). */
export function updateCart(change: (items: CartItem[]) => CartItem[]) {
  writeCart(change(readCart()))
}

/** The visitor's cart from browser storage; empty during server rendering. */
export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => emptyCart)
}

/**
 * One text value kept in browser storage and shared by every component and tab, normalised on
 * the way in and out (null when absent).
 */
function storedText(key: string, normalize: (raw: string | null) => string | null) {
  const listeners = new Set<() => void>()
  const read = () => normalize(window.localStorage.getItem(key))
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener()
    }
    window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  }
  const write = (value: string | null) => {
    const normalized = normalize(value)
    if (normalized) window.localStorage.setItem(key, normalized)
    else window.localStorage.removeItem(key)
    for (const listener of listeners) listener()
  }
  const use = () => useSyncExternalStore(subscribe, read, () => null)
  return { write, use }
}

const promoCode = storedText(PROMO_CODE_STORAGE_KEY, normalizePromoCode)

/** Stores the applied promotion code (or forgets it with null) and tells every subscriber in this tab. */
export const writePromoCode = promoCode.write

/** The applied promotion code from browser storage; null during server rendering. */
export const usePromoCode = promoCode.use

const shipTo = storedText(SHIP_TO_STORAGE_KEY, normalizeCountryCode)

/** Stores the cart's 'Ship to' country; the server decides whether the shop ships there. */
export const writeShipToCountry = shipTo.write

/** The cart's chosen 'Ship to' country; null until chosen (the server then picks the customer's own). */
export const useShipToCountry = shipTo.use

/** Empties the cart and forgets the applied promotion code (spec §4: Clear Cart). */
export function clearCart() {
  writeCart([])
  writePromoCode(null)
}

const noSubscription = () => () => {}

/**
 * False while the page is rendered on the server and hydrated, true once browser storage can be
 * read: a cart view shows a placeholder until then instead of flashing an empty cart.
 */
export function useCartLoaded(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
