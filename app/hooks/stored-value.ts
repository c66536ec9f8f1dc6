import { useSyncExternalStore } from 'react'

/**
 * A value the browser keeps in localStorage under `key`, shared by every component and every open
 * tab (the storage event tells the others). `parse` reads the stored text, once per text;
 * `serialize` writes a value, and null removes the key. During server rendering it is `empty`.
 * @example const promo = storedValue('promoCode', { parse: normalizePromoCode, serialize: normalizePromoCode, empty: null })
 */
export function storedValue<Value>(
  key: string,
  {
    parse,
    serialize,
    empty,
  }: { parse: (raw: string | null) => Value; serialize: (value: Value) => string | null; empty: Value },
) {
  const listeners = new Set<() => void>()
  let cachedRaw: string | null | undefined
  let cached = empty

  const read = (): Value => {
    const raw = window.localStorage.getItem(key)
    if (raw !== cachedRaw) {
      cachedRaw = raw
      cached = parse(raw)
    }
    return cached
  }

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

  /** Replaces the stored value and tells every subscriber in this tab. */
  const write = (value: Value) => {
    const text = serialize(value)
    if (text === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, text)
    for (const listener of listeners) listener()
  }

  const use = () => useSyncExternalStore(subscribe, read, () => empty)
  return { read, write, use }
}

/**
 * A list kept as JSON (the cart, the /order panel); `update` rewrites it from what it holds right
 * now, not from a possibly stale render.
 * @example const cart = storedList(CART_STORAGE_KEY, parseStoredCart)
 */
export function storedList<Item>(key: string, parse: (raw: string | null) => Item[]) {
  const list = storedValue<Item[]>(key, { parse, serialize: (items) => JSON.stringify(items), empty: [] })
  const update = (change: (items: Item[]) => Item[]) => list.write(change(list.read()))
  return { ...list, update }
}
