import { useSyncExternalStore } from 'react'
import {
  CART_STORAGE_KEY,
  type CartItem,
  normalizePromoCode,
  PROMO_CODE_STORAGE_KEY,
  parseStoredCart,
} from '#app/rules/cart.ts'

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

const promoListeners = new Set<() => void>()

function readPromoCode(): string | null {
  return normalizePromoCode(window.localStorage.getItem(PROMO_CODE_STORAGE_KEY))
}

function subscribePromoCode(listener: () => void) {
  promoListeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === PROMO_CODE_STORAGE_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    promoListeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Stores the applied promotion code (or forgets it with null) and tells every subscriber in this tab. */
export function writePromoCode(code: string | null) {
  const normalized = normalizePromoCode(code)
  if (normalized) window.localStorage.setItem(PROMO_CODE_STORAGE_KEY, normalized)
  else window.localStorage.removeItem(PROMO_CODE_STORAGE_KEY)
  for (const listener of promoListeners) listener()
}

/** The applied promotion code from browser storage; null during server rendering. */
export function usePromoCode(): string | null {
  return useSyncExternalStore(subscribePromoCode, readPromoCode, () => null)
}

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
