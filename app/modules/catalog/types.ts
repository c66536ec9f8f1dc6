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

export type ProductSuggestion = {
  id: string
  title: string
  priceCents: number
  priceType: 'set' | 'tiered'
  tieredPricing: PriceTier[]
  image: string | null
}
export type ProductPrice = { id: string; title: string; priceCents: number }
export type ProductOption = { id: string; title: string; status: ProductStatus }
export type CategoryDto = { id: string; name: string }
