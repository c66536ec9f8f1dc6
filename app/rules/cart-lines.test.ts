import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { CartItemSchema } from './cart.ts'
import { parseStoredCart } from './cart-lines.ts'
import { readUploadedModelFile } from './model-file-limits.ts'
import { UploadedModelFileSchema } from './model-files.ts'
import { parseStoredList } from './stored-list.ts'

const parseWithSchema = (raw: string) => parseStoredList(z.array(CartItemSchema), raw)

// Mostly valid values, sometimes just past a field's limit, so generated carts are often readable.
const usually = <T>(valid: fc.Arbitrary<T>, ...invalid: fc.Arbitrary<unknown>[]) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, ...invalid.map((arbitrary) => ({ arbitrary, weight: 1 })))
const text = usually(fc.string({ minLength: 1, maxLength: 3 }), fc.constant(''), fc.integer())
const uuid = usually(fc.uuid(), fc.constant('not-a-uuid'), fc.constant('00000000-0000-0000-0000-000000000000'))
const whole = usually(fc.integer({ min: 1, max: 3 }), fc.constant(0), fc.double(), fc.constant(2 ** 53), fc.string())
const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null })

const modelFile = fc.record(
  {
    id: uuid,
    token: usually(fc.string({ minLength: 1, maxLength: 3 }), fc.constant(''), fc.constant('t'.repeat(201))),
    fileName: usually(fc.string({ minLength: 1, maxLength: 3 }), fc.constant(''), fc.constant('f'.repeat(256))),
    size: whole,
    extra: fc.string(),
  },
  { requiredKeys: ['id', 'token', 'fileName', 'size'] },
)

const line = fc.record(
  {
    cartId: text,
    id: text,
    title: text,
    quantity: whole,
    selectedVariation: maybe(fc.record({ id: text, name: text, extra: text }, { requiredKeys: ['id', 'name'] })),
    note: maybe(usually(fc.string({ maxLength: 3 }), fc.constant('x'.repeat(1001)), fc.integer())),
    modelFile: maybe(usually(modelFile, fc.string())),
    extra: text,
  },
  { requiredKeys: ['cartId', 'id', 'title', 'quantity'] },
)

const stored = fc.oneof(
  { arbitrary: fc.array(line, { maxLength: 3 }).map((lines) => JSON.stringify(lines)), weight: 4 },
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
)

describe('readUploadedModelFile (without zod)', () => {
  test('reads an upload answer exactly as UploadedModelFileSchema does', () => {
    fc.assert(
      fc.property(fc.oneof(modelFile, fc.jsonValue()), (answer) => {
        const parsed = UploadedModelFileSchema.safeParse(answer)
        expect(readUploadedModelFile(answer)).toStrictEqual(parsed.success ? parsed.data : undefined)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('parseStoredCart (without zod)', () => {
  test('reads every stored cart exactly as the server-side CartItemSchema does', () => {
    fc.assert(
      fc.property(stored, (raw) => {
        expect(parseStoredCart(raw)).toStrictEqual(parseWithSchema(raw))
      }),
      { numRuns: 3000 },
    )
  })

  test('keeps a line and drops only its corrupt note or model', () => {
    const raw = JSON.stringify([
      { cartId: 'a', id: 'p', title: 'Mount', quantity: 2, note: 'x'.repeat(1001), modelFile: { id: 'nope' } },
    ])
    expect(parseStoredCart(raw)).toStrictEqual([
      { cartId: 'a', id: 'p', title: 'Mount', quantity: 2, note: undefined, modelFile: undefined },
    ])
  })

  test('missing or unreadable storage is an empty cart', () => {
    for (const raw of [null, undefined, '', '{', 'null', '42', '{"cartId":"a"}', '[{"cartId":"a","quantity":0}]']) {
      expect(parseStoredCart(raw)).toEqual([])
    }
  })
})
