import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  type CartItem,
  cartQuantity,
  clampQuantity,
  MAX_LINE_QUANTITY,
  mergeIntoCart,
  normalizePromoCode,
  parseQuantityInput,
  parseStoredCart,
  removeCartItem,
  setCartItemQuantity,
} from './cart.ts'

const black = { id: 'black', name: 'Matte Black' }
const white = { id: 'white', name: 'White' }
const mount = { id: 'p-mount', title: 'Bike Phone Mount' }
const line = (cartId: string, quantity: number, variation: typeof black | null = black): CartItem => ({
  cartId,
  id: mount.id,
  title: mount.title,
  quantity,
  selectedVariation: variation,
})

function sequentialIds() {
  let n = 0
  return () => `line-${++n}`
}

describe('parseStoredCart', () => {
  test('reads a stored cart', () => {
    const items = [line('a', 2)]
    expect(parseStoredCart(JSON.stringify(items))).toEqual(items)
  })

  test('corrupt or missing storage is an empty cart', () => {
    for (const raw of [null, undefined, '', '{', 'null', '42', '{"cartId":"a"}', '[{"cartId":"a","quantity":0}]']) {
      expect(parseStoredCart(raw)).toEqual([])
    }
    expect(parseStoredCart(JSON.stringify([{ ...line('a', 1), quantity: 'two' }]))).toEqual([])
  })

  test('never throws, whatever is stored', () => {
    fc.assert(fc.property(fc.string(), (raw) => Array.isArray(parseStoredCart(raw))))
  })
})

describe('mergeIntoCart', () => {
  test('the same product and variation grows the existing line', () => {
    const next = mergeIntoCart([line('a', 2)], mount, black, 3, sequentialIds())
    expect(next).toEqual([line('a', 5)])
  })

  test('another variation, or none, becomes a new line', () => {
    const newId = sequentialIds()
    const withWhite = mergeIntoCart([line('a', 2)], mount, white, 1, newId)
    expect(withWhite).toEqual([line('a', 2), line('line-1', 1, white)])
    const withPlain = mergeIntoCart(withWhite, mount, null, 1, newId)
    expect(withPlain.at(-1)).toEqual(line('line-2', 1, null))
  })

  test('adds at least one item', () => {
    expect(mergeIntoCart([], mount, null, 0, sequentialIds())[0].quantity).toBe(1)
    expect(mergeIntoCart([], mount, null, Number.NaN, sequentialIds())[0].quantity).toBe(1)
  })

  test(`a line never grows past ${MAX_LINE_QUANTITY}`, () => {
    expect(mergeIntoCart([line('a', 9990)], mount, black, 25, sequentialIds())).toEqual([line('a', MAX_LINE_QUANTITY)])
    expect(mergeIntoCart([line('a', MAX_LINE_QUANTITY)], mount, black, 1, sequentialIds())).toEqual([
      line('a', MAX_LINE_QUANTITY),
    ])
    expect(mergeIntoCart([], mount, white, 50_000, sequentialIds())).toEqual([line('line-1', MAX_LINE_QUANTITY, white)])
  })

  test('property: every merged quantity is between 1 and the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), fc.double(), (existing, added) => {
        const [merged] = mergeIntoCart([line('a', existing)], mount, black, added, sequentialIds())
        return Number.isInteger(merged.quantity) && merged.quantity >= 1 && merged.quantity <= MAX_LINE_QUANTITY
      }),
    )
  })
})

describe('quantities', () => {
  test('clampQuantity keeps whole numbers from 1 to 9999', () => {
    expect(clampQuantity(3)).toBe(3)
    expect(clampQuantity(2.7)).toBe(2)
    expect(clampQuantity(0)).toBe(1)
    expect(clampQuantity(-5)).toBe(1)
    expect(clampQuantity(Number.NaN)).toBe(1)
    expect(clampQuantity(Number.POSITIVE_INFINITY)).toBe(1)
    expect(clampQuantity(12_000)).toBe(9999)
  })

  test('a non-numeric quantity input becomes 1', () => {
    expect(parseQuantityInput('4')).toBe(4)
    expect(parseQuantityInput(' 12 ')).toBe(12)
    expect(parseQuantityInput('')).toBe(1)
    expect(parseQuantityInput('abc')).toBe(1)
    expect(parseQuantityInput('-3')).toBe(1)
  })

  test('setting a quantity never goes below 1 and touches only that line', () => {
    const items = [line('a', 2), line('b', 4, white)]
    expect(setCartItemQuantity(items, 'a', 0)).toEqual([line('a', 1), line('b', 4, white)])
    expect(setCartItemQuantity(items, 'b', 7)).toEqual([line('a', 2), line('b', 7, white)])
    expect(setCartItemQuantity(items, 'missing', 7)).toEqual(items)
  })

  test('property: every quantity after an update is between 1 and 9999', () => {
    fc.assert(
      fc.property(fc.double(), (quantity) => {
        const [updated] = setCartItemQuantity([line('a', 2)], 'a', quantity)
        return Number.isInteger(updated.quantity) && updated.quantity >= 1 && updated.quantity <= 9999
      }),
    )
  })

  test('removing deletes by cartId', () => {
    const items = [line('a', 2), line('b', 4, white)]
    expect(removeCartItem(items, 'a')).toEqual([line('b', 4, white)])
    expect(cartQuantity(removeCartItem(items, 'b'))).toBe(2)
  })
})

describe('normalizePromoCode', () => {
  test('trims and upper-cases; blank or too long is no code', () => {
    expect(normalizePromoCode(' summer15 ')).toBe('SUMMER15')
    expect(normalizePromoCode('')).toBeNull()
    expect(normalizePromoCode('   ')).toBeNull()
    expect(normalizePromoCode(null)).toBeNull()
    expect(normalizePromoCode('X'.repeat(41))).toBeNull()
  })
})
