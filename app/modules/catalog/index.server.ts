export {
  isUuid,
  listProductCategories,
  listProductsByIds,
  listShippingCategories,
  listVisibleProductPrices,
  listVisibleProducts,
  retrieveProduct,
  searchProducts,
} from './service.server.ts'
export type { CategoryDto, PriceTier, ProductDto, ProductPrice, ProductSuggestion, Variation } from './types.ts'
