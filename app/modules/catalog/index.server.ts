export type { KeysetPage, PageCursor } from '#app/utils/keyset.server.ts'
export { claimStockAlert, listLowStockProducts, lowStockSummary, releaseStockAlert } from './low-stock.server.ts'
export {
  type CreateProductResult,
  countProductsByStatus,
  createProduct,
  deleteProduct,
  listAdminProducts,
  listAdminProductsWithCounts,
  listProductIdsMatching,
  PRODUCT_NOT_FOUND,
  retrieveAdminProduct,
  setProductStatus,
  setProductsCategory,
  setProductsStatus,
  type UpdateProductResult,
  updateProduct,
} from './manage.server.ts'
export {
  type AdminCategoryDto,
  type CategoryKind,
  createCategory,
  deleteCategory,
  listCategoriesWithUsage,
  renameCategory,
} from './manage-categories.server.ts'
export {
  countVisibleProducts,
  lastVisibleProductChange,
  listPickableProductPage,
  listVisibleProductPage,
  listVisibleProductPricePage,
  PRODUCT_PAGE_SIZE,
  PRODUCT_PRICE_PAGE_SIZE,
  visibleProductIdBatches,
} from './product-pages.server.ts'
export {
  findProductOptionByName,
  listOrderableProductsByIds,
  listProductCategories,
  listProductOptionsByIds,
  listProductsByIds,
  listShippingCategories,
  listVisibleProducts,
  lockProduct,
  productOptionsByIdsColumn,
  retrieveProduct,
  searchProductOptions,
  searchProducts,
  setProductRating,
} from './service.server.ts'
export { releaseStock, reserveStock, type StockLine, takeStockUnconditionally } from './stock.server.ts'
export type {
  AdminProductDto,
  AdminProductRow,
  CartProductDto,
  CategoryDto,
  LowStockProduct,
  OrderableProduct,
  PriceTier,
  ProductDto,
  ProductListFilter,
  ProductListItem,
  ProductOption,
  ProductPrice,
  ProductSuggestion,
  Variation,
} from './types.ts'
