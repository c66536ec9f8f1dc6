import type { PriceTier, Variation } from './schema.server.ts'

export type { PriceTier, Variation }
export type ProductStatus = 'visible' | 'hidden' | 'archived'

/** A product as pages see it. Images are storage keys; the first is the cover. */
export type ProductDto = {
  id: string
  title: string
  description: string
  images: string[]
  videos: string[]
  status: ProductStatus
  categoryId: string | null
  priceCents: number
  priceType: 'set' | 'tiered'
  tieredPricing: PriceTier[]
  variations: Variation[]
  quickSelectVisible: boolean
  rating: number
  reviewCount: number
  stockQuantity: number
}

/** A product as a card of the storefront's list shows it: `images` holds the cover only. */
export type ProductListItem = Pick<
  ProductDto,
  | 'id'
  | 'title'
  | 'description'
  | 'images'
  | 'priceCents'
  | 'priceType'
  | 'tieredPricing'
  | 'variations'
  | 'rating'
  | 'reviewCount'
  | 'stockQuantity'
>

/** A product as a cart, order or invoice prices it: with the shipping category it ships under. */
export type CartProductDto = ProductDto & { shippingCategoryId: string | null }

export type ProductSuggestion = {
  id: string
  title: string
  priceCents: number
  priceType: 'set' | 'tiered'
  tieredPricing: PriceTier[]
  image: string | null
}
export type ProductPrice = { id: string; title: string; priceCents: number }
/** A product the order page offers: visible, in stock, with what its price is computed from. */
export type OrderableProduct = Pick<
  ProductDto,
  'id' | 'title' | 'description' | 'priceCents' | 'priceType' | 'tieredPricing' | 'variations' | 'stockQuantity'
>
/** A product as a back-office picker offers it. */
export type ProductOption = { id: string; title: string; sku: string | null; status: ProductStatus; priceCents: number }
export type CategoryDto = { id: string; name: string }

/**
 * The back-office product list's filters (back-office §2); `visible` is the default. `low-stock`:
 * products that are not archived with stock at or below their low-stock threshold.
 */
export type ProductListFilter = ProductStatus | 'all' | 'low-stock'

/** One row of the back-office product list. */
export type AdminProductRow = {
  id: string
  title: string
  /** The cover image's storage key. */
  image: string | null
  priceCents: number
  priceType: 'set' | 'tiered'
  tieredPricing: PriceTier[]
  stockQuantity: number
  lowStockThreshold: number
  sku: string | null
  categoryName: string | null
  status: ProductStatus
}

/** A product as the back-office edits it: everything the form shows. */
export type AdminProductDto = ProductDto & {
  sku: string | null
  shippingCategoryId: string | null
  lowStockThreshold: number
}

/** A product that is not archived with stock at or below its low-stock threshold. */
export type LowStockProduct = {
  id: string
  title: string
  sku: string | null
  status: ProductStatus
  stockQuantity: number
  lowStockThreshold: number
}
