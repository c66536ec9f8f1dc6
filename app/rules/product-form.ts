// Limits of the add-product form, shared by the form in the browser and its schema on the server.

export const PRODUCT_TITLE_MAX = 120
export const PRODUCT_DESCRIPTION_MAX = 5000
export const PRODUCT_SKU_MAX = 64
export const PRODUCT_TIERS_MAX = 20
export const PRODUCT_VARIATIONS_MAX = 30
export const PRODUCT_VARIATION_NAME_MAX = 60
export const PRODUCT_VIDEOS_MAX = 5
export const PRODUCT_VIDEO_URL_MAX = 500
export const PRODUCT_STOCK_MAX = 1_000_000
/** A product at or below its threshold is low on stock; new products start at 3. */
export const PRODUCT_LOW_STOCK_THRESHOLD_MAX = 100_000
export const PRODUCT_LOW_STOCK_THRESHOLD_DEFAULT = 3
/** $999,999.99: what fits a price column with room to spare. */
export const PRODUCT_PRICE_MAX_CENTS = 99_999_999
export const PRODUCT_TIER_QUANTITY_MAX = 100_000

export const PRODUCT_IMAGES_MAX = 8
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024
/** Larger pictures are refused before they are decoded: a small file can hold a huge image. */
export const PRODUCT_IMAGE_MAX_PIXELS = 40_000_000
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export const PRODUCT_STATUSES = ['visible', 'hidden', 'archived'] as const
export const PRICE_TYPES = ['set', 'tiered'] as const

/**
 * Dollars typed into a price field as cents. Empty is `null` (left blank); anything else that is not
 * a number is 0, as the back-office specification says (§5).
 * @example dollarsToCents('12.5') // 1250
 */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const dollars = Number(trimmed)
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : 0
}

/** "2.4 MB", "10 MB", "512 KB" */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
}
