import type { products } from '#app/modules/catalog/schema.server.ts'
import type { NewProduct } from '#app/modules/catalog/schemas.ts'

/**
 * A product as the add form hands it to the catalog once read: a set-price clip, visible, with
 * ten in stock; a test overrides what it is about.
 * @example await createProduct(newProductInput({ sku: 'CLIP-1' }))
 */
export function newProductInput(overrides: Partial<NewProduct> = {}): NewProduct {
  return {
    title: 'Desk Cable Clip',
    description: 'Keeps cables tidy.',
    priceType: 'set',
    priceCents: 450,
    tieredPricing: [],
    sku: null,
    categoryId: null,
    shippingCategoryId: null,
    variations: [],
    stockQuantity: 10,
    lowStockThreshold: 3,
    status: 'visible',
    quickSelectVisible: false,
    videos: [],
    images: [],
    ...overrides,
  }
}

/**
 * The tiered, hidden handlebar mount of the back-office product form tests, as it is stored: what
 * the add form makes of its posted fields and what the edit form starts from.
 */
export const handlebarMount = {
  title: 'Handlebar Mount',
  description: 'Fits 22–32 mm bars.',
  priceType: 'tiered',
  priceCents: 1250,
  tieredPricing: [
    { quantity: 1, priceCents: 1250 },
    { quantity: 10, priceCents: 999 },
  ],
  variations: [{ id: 'safety-orange', name: 'Safety Orange', priceModifierCents: 250 }],
  sku: 'HB-1',
  stockQuantity: 7,
  status: 'hidden',
} satisfies Partial<typeof products.$inferInsert>

/** Knobs sold in tiers: $8.99 each, $7.49 each from ten. */
export const knobSet = {
  title: 'Knob Set',
  priceCents: 899,
  priceType: 'tiered',
  tieredPricing: [
    { quantity: 1, priceCents: 899 },
    { quantity: 10, priceCents: 749 },
  ],
} satisfies Partial<typeof products.$inferInsert>

/** A mount in two colours: Matte Black at its price, Safety Orange $2.50 more. */
export const bikeMount = {
  title: 'Bike Mount',
  priceCents: 2499,
  variations: [
    { id: 'black', name: 'Matte Black', priceModifierCents: 0 },
    { id: 'orange', name: 'Safety Orange', priceModifierCents: 250 },
  ],
} satisfies Partial<typeof products.$inferInsert>
