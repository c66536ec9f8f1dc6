import { useSyncExternalStore } from 'react'
import {
  CART_STORAGE_KEY,
  normalizeCountryCode,
  normalizePromoCode,
  PROMO_CODE_STORAGE_KEY,
  parseStoredCart,
  SHIP_TO_STORAGE_KEY,
} from '#app/rules/cart-lines.ts'
import { storedList, storedValue } from './stored-value.ts'

const cart = storedList(CART_STORAGE_KEY, parseStoredCart)

/** Replaces the stored cart and tells every subscriber in this tab. */
export const writeCart = cart.write

/** Rewrites the stored cart from what it holds right now. */
export const updateCart = cart.update

/** The cart browser storage holds right now, outside React (empty on the server). */
export const readCartItems = cart.read

/** The visitor's cart from browser storage; empty during server rendering. */
export const useCartItems = cart.use

/** A text normalised on the way in and out; an empty one is not stored. */
function storedText(key: string, normalize: (raw: string | null) => string | null) {
  return storedValue(key, { parse: normalize, serialize: normalize, empty: null })
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
