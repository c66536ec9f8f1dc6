import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { CartItemSchema } from './cart.ts'
import { type CartPrint, mergePrintIntoCart, parseStoredCart } from './cart-lines.ts'
import { printMeasuresText, printOptionsText } from './print-line.ts'
import { parseStoredList } from './stored-list.ts'

// A print of the customer's own model in the browser's cart (decision 039).

const print: CartPrint = {
  modelId: '6f1c1c4e-8c43-4f7e-9d2a-0a3f3e0c9b11',
  token: 'token',
  fileName: 'bracket.stl',
  materialId: '0b7b1f9e-4b8e-4d52-8f3c-6c1b0a2e9d44',
  colour: 'Black',
  quality: 'standard',
  infill: 20,
  units: 'mm',
}
let next = 0
const newCartId = () => `line-${++next}`

describe('mergePrintIntoCart', () => {
  test('the same model with the same options grows; other options make a line of their own', () => {
    const one = mergePrintIntoCart([], print, 2, newCartId)
    expect(one).toEqual([
      { cartId: 'line-1', id: `print:${print.modelId}`, title: '3D print: bracket.stl', quantity: 2, print },
    ])
    expect(mergePrintIntoCart(one, print, 3, newCartId)).toMatchObject([{ cartId: 'line-1', quantity: 5 }])
    const red = mergePrintIntoCart(one, { ...print, colour: 'Red' }, 1, newCartId)
    expect(red.map((item) => [item.quantity, item.print?.colour])).toEqual([
      [2, 'Black'],
      [1, 'Red'],
    ])
  })
})

describe('a stored print line', () => {
  const read = (value: Record<string, unknown>) => {
    const raw = JSON.stringify([{ cartId: 'a', id: 'print:x', title: '3D print: bracket.stl', quantity: 1, ...value }])
    return { browser: parseStoredCart(raw), server: parseStoredList(z.array(CartItemSchema), raw) }
  }

  test('is read with its model and options, as the server’s schema reads it', () => {
    const { browser, server } = read({ print: { ...print, extra: 'dropped' } })
    expect(browser).toEqual([{ cartId: 'a', id: 'print:x', title: '3D print: bracket.stl', quantity: 1, print }])
    expect(server).toEqual(browser)
  })

  test('a corrupt one is no cart at all, on both sides', () => {
    for (const corrupt of [null, { ...print, infill: 101 }, { ...print, units: 'cm' }, { ...print, token: '' }]) {
      const { browser, server } = read({ print: corrupt })
      expect(browser).toEqual([])
      expect(server).toEqual([])
    }
  })
})

test('a print line reads as its options and measures', () => {
  const details = { material: 'PETG', colour: 'Black', quality: 'Fine (0.12 mm layers)', infillPercent: 50 }
  expect(printOptionsText({ ...details, units: 'inch' })).toBe(
    'PETG, Black, Fine (0.12 mm layers), 50% infill, drawn in inches',
  )
  expect(
    printMeasuresText({
      size: { x: 20, y: 20, z: 20 },
      volumeMm3: 8000,
      gramsPerPart: 4.836,
      printHoursPerPart: 0.2194,
    }),
  ).toBe('20 × 20 × 20 mm, 8 cm³, 4.84 g and 0.22 h a part')
})
