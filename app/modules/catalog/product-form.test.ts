import { describe, expect, test } from 'vitest'
import { PRODUCT_TIERS_MAX } from '#app/rules/product-form.ts'
import { newProductInput } from '#tests/factories/product-inputs.ts'
import { ProductFormSchema, productFormIssues, productFormValues } from './schemas.ts'

const categoryId = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'

/** The form as a browser posts it: repeated names for tier and variation rows. */
function form(fields: Record<string, string | string[]>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item)
  }
  return data
}

const basics = { title: '  Desk Cable Clip ', description: 'Keeps cables tidy.', priceType: 'set', price: '4.5' }

function parse(fields: Record<string, string | string[]>) {
  return ProductFormSchema.safeParse(productFormValues(form(fields)))
}

function problems(fields: Record<string, string | string[]>) {
  const parsed = parse(fields)
  if (parsed.success) throw new Error('expected the form to be refused')
  return productFormIssues(parsed.error)
}

describe('the add-product form schema', () => {
  test('a set-price product with defaults: visible, no stock, no tiers, cents', () => {
    const parsed = parse(basics)
    expect(parsed.success).toBe(true)
    expect(parsed.data).toEqual(newProductInput({ stockQuantity: 0 }))
  })

  test('a tiered product: tiers sorted by quantity, variations with negative and blank modifiers', () => {
    const parsed = parse({
      ...basics,
      priceType: 'tiered',
      price: '',
      tierQuantity: ['10', '1'],
      tierPrice: ['7.49', '8.99'],
      variationName: ['Matte Black', 'Draft Quality', 'Glow'],
      variationPriceModifier: ['', '-1', '2.50'],
      sku: ' KNOB-1 ',
      categoryId,
      stockQuantity: '25',
      status: 'hidden',
      quickSelectVisible: 'on',
      videos: 'https://www.youtube.com/watch?v=abc\n\n  https://vimeo.com/123  ',
    })
    expect(parsed.success).toBe(true)
    expect(parsed.data).toMatchObject({
      priceType: 'tiered',
      // No base price given: the smallest tier's price.
      priceCents: 899,
      tieredPricing: [
        { quantity: 1, priceCents: 899 },
        { quantity: 10, priceCents: 749 },
      ],
      variations: [
        { name: 'Matte Black', priceModifierCents: 0 },
        { name: 'Draft Quality', priceModifierCents: -100 },
        { name: 'Glow', priceModifierCents: 250 },
      ],
      sku: 'KNOB-1',
      categoryId,
      stockQuantity: 25,
      status: 'hidden',
      quickSelectVisible: true,
      videos: ['https://www.youtube.com/watch?v=abc', 'https://vimeo.com/123'],
    })
  })

  test('a set price ignores tier rows that were posted', () => {
    const parsed = parse({ ...basics, tierQuantity: '5', tierPrice: '3' })
    expect(parsed.data?.tieredPricing).toEqual([])
  })

  test('a missing title or description gets the specification’s toast', () => {
    for (const missing of [{ title: '   ' }, { description: '' }, { title: '', description: '' }]) {
      const { fieldErrors, missingRequired } = problems({ ...basics, ...missing })
      expect(missingRequired).toBe(true)
      expect(Object.keys(fieldErrors).sort()).toEqual(Object.keys(missing).sort())
    }
    const empty = problems({})
    expect(empty.missingRequired).toBe(true)
    expect(empty.fieldErrors).toMatchObject({ title: 'Title is required.', description: 'Description is required.' })
  })

  test('a set price is required; text that is not a number is 0; a negative price is refused', () => {
    expect(problems({ ...basics, price: ' ' }).fieldErrors).toEqual({ price: 'Price is required for a set price.' })
    expect(parse({ ...basics, price: 'abc' }).data?.priceCents).toBe(0)
    expect(parse({ ...basics, price: '19.99' }).data?.priceCents).toBe(1999)
    expect(problems({ ...basics, price: '-0.01' }).fieldErrors).toEqual({ price: 'Price cannot be negative.' })
    expect(problems({ ...basics, price: '1000000' }).fieldErrors.price).toMatch(/at most/)
  })

  test('every problem is reported at once, by field path', () => {
    const { fieldErrors, missingRequired } = problems({
      title: 'Clip',
      description: 'Clips.',
      priceType: 'tiered',
      price: '-2',
      tierQuantity: ['0', '5', '5'],
      tierPrice: ['1', '', '2'],
      variationName: ['', 'Black', 'black'],
      variationPriceModifier: ['1', '0', '0'],
      stockQuantity: '2.5',
      status: 'deleted',
      categoryId: 'not-an-id',
      videos: 'javascript:alert(1)',
    })
    expect(missingRequired).toBe(false)
    expect(fieldErrors).toEqual({
      price: 'Price cannot be negative.',
      'tiers.0.quantity': 'Minimum quantity must be a whole number from 1 to 100,000.',
      'tiers.1.price': 'Enter a price for this tier.',
      'tiers.2.quantity': 'Each tier needs its own minimum quantity.',
      'variations.0.name': 'Variation name is required.',
      'variations.2.name': 'Each variation needs its own name.',
      stockQuantity: 'Stock quantity must be a whole number from 0 to 1,000,000.',
      status: 'Choose visible, hidden or archived.',
      categoryId: 'Choose a category from the list.',
      videos: expect.stringMatching(/is not a web address/),
    })
  })

  test('the low-stock alert is a whole number from 0 to 100,000; blank is 3', () => {
    expect(parse(basics).data?.lowStockThreshold).toBe(3)
    expect(parse({ ...basics, lowStockThreshold: ' ' }).data?.lowStockThreshold).toBe(3)
    expect(parse({ ...basics, lowStockThreshold: '0' }).data?.lowStockThreshold).toBe(0)
    expect(parse({ ...basics, lowStockThreshold: '100000' }).data?.lowStockThreshold).toBe(100_000)
    for (const bad of ['-1', '100001', '2.5', 'ten']) {
      expect(problems({ ...basics, lowStockThreshold: bad }).fieldErrors).toEqual({
        lowStockThreshold: 'Low-stock alert must be a whole number from 0 to 100,000.',
      })
    }
  })

  test('a tiered price needs a tier, and at most the allowed number', () => {
    expect(problems({ ...basics, priceType: 'tiered' }).fieldErrors).toEqual({ tiers: 'Add at least one price tier.' })
    const many = Array.from({ length: PRODUCT_TIERS_MAX + 5 }, (_, index) => String(index + 1))
    const tooMany = problems({ ...basics, priceType: 'tiered', tierQuantity: many, tierPrice: many })
    expect(tooMany.fieldErrors).toEqual({ tiers: `Add at most ${PRODUCT_TIERS_MAX} price tiers.` })
  })

  test('anything else than the form’s own values never throws', () => {
    for (const input of [null, 'text', 42, { tiers: 'x', variations: [null] }]) {
      expect(ProductFormSchema.safeParse(input).success).toBe(false)
    }
  })
})
