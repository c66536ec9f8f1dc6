export {
  listProductCategories,
  listProductsByIds,
  listShippingCategories,
  listVisibleProductIds,
  listVisibleProductPrices,
  listVisibleProducts,
  retrieveProduct,
  searchProducts,
  setProductRating,
} from './service.server.ts'
export { releaseStock, reserveStock, type StockLine, takeStockUnconditionally } from './stock.server.ts'
export type { CategoryDto, PriceTier, ProductDto, ProductPrice, ProductSuggestion, Variation } from './types.ts'
