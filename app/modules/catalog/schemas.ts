import { z } from 'zod'
import {
  dollarsToCents,
  PRICE_TYPES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_LOW_STOCK_THRESHOLD_DEFAULT,
  PRODUCT_LOW_STOCK_THRESHOLD_MAX,
  PRODUCT_PRICE_MAX_CENTS,
  PRODUCT_SKU_MAX,
  PRODUCT_STATUSES,
  PRODUCT_STOCK_MAX,
  PRODUCT_TIER_QUANTITY_MAX,
  PRODUCT_TIERS_MAX,
  PRODUCT_TITLE_MAX,
  PRODUCT_VARIATION_NAME_MAX,
  PRODUCT_VARIATIONS_MAX,
  PRODUCT_VIDEO_URL_MAX,
  PRODUCT_VIDEOS_MAX,
} from '#app/rules/product-form.ts'
import { hasUnsupportedCharacters, searchText, unsupportedCharactersMessage } from '#app/rules/text.ts'
import type { AdminProductDto, PriceTier, ProductStatus } from './types.ts'

/** A product to create, as the catalog stores it: money in cents, images as storage keys. */
export type NewProduct = {
  title: string
  description: string
  priceType: 'set' | 'tiered'
  priceCents: number
  tieredPricing: PriceTier[]
  sku: string | null
  categoryId: string | null
  shippingCategoryId: string | null
  /** Ids are given by the catalog. */
  variations: { name: string; priceModifierCents: number }[]
  stockQuantity: number
  lowStockThreshold: number
  status: ProductStatus
  quickSelectVisible: boolean
  videos: string[]
  images: string[]
}

/** The add-product form as posted: every field as text, tier and variation rows in form order. */
export type ProductFormValues = {
  title: string
  description: string
  priceType: string
  price: string
  sku: string
  categoryId: string
  shippingCategoryId: string
  stockQuantity: string
  lowStockThreshold: string
  status: string
  quickSelectVisible: boolean
  videos: string
  tiers: { quantity: string; price: string }[]
  variations: { name: string; priceModifier: string }[]
}

/** The toast for a form without its title or description (back-office §5). */
export const PRODUCT_FIELDS_REQUIRED = {
  title: 'Missing Required Fields',
  description: 'Please fill in Title and Description.',
} as const

const REQUIRED = 'required'

function text(form: FormData, name: string) {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

function texts(form: FormData, name: string) {
  return form.getAll(name).map((value) => (typeof value === 'string' ? value : ''))
}

/**
 * The add-product form's fields from a posted form. Tier and variation rows are paired by position;
 * a few rows more than allowed are kept, so that the schema can say there are too many.
 * @example const values = productFormValues(await request.formData())
 */
export function productFormValues(form: FormData): ProductFormValues {
  const rows = <T>(count: number, max: number, row: (index: number) => T) =>
    Array.from({ length: Math.min(count, max + 1) }, (_, index) => row(index))
  const [tierQuantities, tierPrices] = [texts(form, 'tierQuantity'), texts(form, 'tierPrice')]
  const [variationNames, variationModifiers] = [texts(form, 'variationName'), texts(form, 'variationPriceModifier')]
  return {
    title: text(form, 'title'),
    description: text(form, 'description'),
    priceType: text(form, 'priceType'),
    price: text(form, 'price'),
    sku: text(form, 'sku'),
    categoryId: text(form, 'categoryId'),
    shippingCategoryId: text(form, 'shippingCategoryId'),
    stockQuantity: text(form, 'stockQuantity'),
    lowStockThreshold: text(form, 'lowStockThreshold'),
    status: text(form, 'status'),
    quickSelectVisible: form.has('quickSelectVisible'),
    videos: text(form, 'videos'),
    tiers: rows(Math.max(tierQuantities.length, tierPrices.length), PRODUCT_TIERS_MAX, (index) => ({
      quantity: tierQuantities[index] ?? '',
      price: tierPrices[index] ?? '',
    })),
    variations: rows(Math.max(variationNames.length, variationModifiers.length), PRODUCT_VARIATIONS_MAX, (index) => ({
      name: variationNames[index] ?? '',
      priceModifier: variationModifiers[index] ?? '',
    })),
  }
}

// Every field turns its text into a value of the right type even when it adds an issue, so the
// checks across fields below always run and the admin sees every problem at once.
const formText = z.unknown().transform((value) => (typeof value === 'string' ? value : ''))

function requiredText(label: string, max: number, { multiline = false } = {}) {
  return formText.transform((value, context) => {
    const trimmed = value.trim()
    if (!trimmed) context.addIssue({ code: 'custom', message: `${label} is required.`, params: { kind: REQUIRED } })
    else if (trimmed.length > max)
      context.addIssue({ code: 'custom', message: `${label} must be at most ${max} characters.` })
    else if (hasUnsupportedCharacters(trimmed, { multiline }))
      context.addIssue({ code: 'custom', message: unsupportedCharactersMessage(label) })
    return trimmed
  })
}

function optionalText(label: string, max: number) {
  return formText.transform((value, context) => {
    const trimmed = value.trim()
    if (trimmed.length > max)
      context.addIssue({ code: 'custom', message: `${label} must be at most ${max} characters.` })
    else if (hasUnsupportedCharacters(trimmed))
      context.addIssue({ code: 'custom', message: unsupportedCharactersMessage(label) })
    return trimmed || null
  })
}

/** Dollars as cents; blank is null, not a number is 0 (back-office §5). */
function money(label: string, { negative = false } = {}) {
  return formText.transform((value, context) => {
    const cents = dollarsToCents(value)
    if (cents === null) return null
    if (!negative && cents < 0) context.addIssue({ code: 'custom', message: `${label} cannot be negative.` })
    else if (Math.abs(cents) > PRODUCT_PRICE_MAX_CENTS) {
      context.addIssue({ code: 'custom', message: `${label} must be at most $999,999.99.` })
    }
    return cents
  })
}

function wholeNumber(label: string, { min, max, blank }: { min: number; max: number; blank: number | null }) {
  return formText.transform((value, context) => {
    const trimmed = value.trim()
    if (trimmed === '' && blank !== null) return blank
    const number = Number(trimmed)
    if (trimmed === '' || !Number.isInteger(number) || number < min || number > max) {
      context.addIssue({
        code: 'custom',
        message: `${label} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`,
      })
      return min
    }
    return number
  })
}

function optionalId(message: string) {
  return formText.transform((value, context) => {
    const trimmed = value.trim()
    if (!trimmed) return null
    if (!z.uuid().safeParse(trimmed).success) context.addIssue({ code: 'custom', message })
    return trimmed
  })
}

function choice<const T extends readonly string[]>(options: T, fallback: T[number], message: string) {
  return formText.transform((value, context): T[number] => {
    const trimmed = value.trim()
    if (trimmed === '') return fallback
    if ((options as readonly string[]).includes(trimmed)) return trimmed as T[number]
    context.addIssue({ code: 'custom', message })
    return fallback
  })
}

const videoList = formText.transform((value, context) => {
  const urls = value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  if (urls.length > PRODUCT_VIDEOS_MAX) {
    context.addIssue({ code: 'custom', message: `Add at most ${PRODUCT_VIDEOS_MAX} video links.` })
  }
  const bad = urls.find(
    (url) => url.length > PRODUCT_VIDEO_URL_MAX || hasUnsupportedCharacters(url) || !isWebAddress(url),
  )
  if (bad) {
    context.addIssue({
      code: 'custom',
      message: `“${bad.slice(0, 80)}” is not a web address. Give each video as a full link starting with https://.`,
    })
  }
  return urls
})

function isWebAddress(text: string) {
  try {
    const url = new URL(text)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

const rowList = <T extends z.ZodType>(row: T) =>
  z
    .unknown()
    .transform((value) => (Array.isArray(value) ? value : []))
    .pipe(z.array(row))

const ProductFieldsSchema = z.object({
  title: requiredText('Title', PRODUCT_TITLE_MAX),
  description: requiredText('Description', PRODUCT_DESCRIPTION_MAX, { multiline: true }),
  priceType: choice(PRICE_TYPES, 'set', 'Choose a set or a tiered price.'),
  price: money('Price'),
  sku: optionalText('SKU', PRODUCT_SKU_MAX),
  categoryId: optionalId('Choose a category from the list.'),
  shippingCategoryId: optionalId('Choose a shipping category from the list.'),
  stockQuantity: wholeNumber('Stock quantity', { min: 0, max: PRODUCT_STOCK_MAX, blank: 0 }),
  lowStockThreshold: wholeNumber('Low-stock alert', {
    min: 0,
    max: PRODUCT_LOW_STOCK_THRESHOLD_MAX,
    blank: PRODUCT_LOW_STOCK_THRESHOLD_DEFAULT,
  }),
  status: choice(PRODUCT_STATUSES, 'visible', 'Choose visible, hidden or archived.'),
  quickSelectVisible: z.unknown().transform((value) => value === true),
  videos: videoList,
  tiers: rowList(
    z.object({
      quantity: wholeNumber('Minimum quantity', { min: 1, max: PRODUCT_TIER_QUANTITY_MAX, blank: null }),
      price: money('Tier price'),
    }),
  ),
  variations: rowList(
    z.object({
      name: requiredText('Variation name', PRODUCT_VARIATION_NAME_MAX),
      // A variation may make the product cheaper; blank means no change (back-office §5).
      priceModifier: money('Price modifier', { negative: true }),
    }),
  ),
})

type ProductFields = z.output<typeof ProductFieldsSchema>

function checkAcrossFields(fields: ProductFields, context: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message })
  if (fields.priceType === 'set' && fields.price === null) issue(['price'], 'Price is required for a set price.')
  if (fields.priceType === 'tiered') {
    const tiers = fields.tiers ?? []
    if (tiers.length === 0) issue(['tiers'], 'Add at least one price tier.')
    if (tiers.length > PRODUCT_TIERS_MAX) issue(['tiers'], `Add at most ${PRODUCT_TIERS_MAX} price tiers.`)
    const seen = new Set<number>()
    tiers.forEach((tier, index) => {
      if (tier.price === null) issue(['tiers', index, 'price'], 'Enter a price for this tier.')
      if (seen.has(tier.quantity)) issue(['tiers', index, 'quantity'], 'Each tier needs its own minimum quantity.')
      seen.add(tier.quantity)
    })
  }
  const variations = fields.variations ?? []
  if (variations.length > PRODUCT_VARIATIONS_MAX) {
    issue(['variations'], `Add at most ${PRODUCT_VARIATIONS_MAX} variations.`)
  }
  const names = new Set<string>()
  variations.forEach((variation, index) => {
    const name = variation.name.toLowerCase()
    if (name && names.has(name)) issue(['variations', index, 'name'], 'Each variation needs its own name.')
    names.add(name)
  })
}

/**
 * The add-product form (back-office §3, §5), from `productFormValues`: title and description
 * required; price in dollars, required for a set price, never negative, text that is not a number
 * is 0; tiers (a tiered price needs one) and variations (modifier may be negative, blank is 0).
 * A tiered product left without a base price starts at its smallest tier's price.
 * Issues carry the field's path, such as `tiers.0.price`; see `productFormIssues`.
 */
export const ProductFormSchema = ProductFieldsSchema.superRefine(checkAcrossFields, {
  // The fields' own problems are all custom issues; any other means the input was not the form.
  when: (payload) => payload.issues.every((issue) => issue.code === 'custom'),
}).transform((fields): NewProduct => {
  const tiers =
    fields.priceType === 'tiered'
      ? fields.tiers
          .map((tier) => ({ quantity: tier.quantity, priceCents: tier.price ?? 0 }))
          .sort((a, b) => a.quantity - b.quantity)
      : []
  return {
    title: fields.title,
    description: fields.description,
    priceType: fields.priceType,
    priceCents: fields.price ?? tiers[0]?.priceCents ?? 0,
    tieredPricing: tiers,
    sku: fields.sku,
    categoryId: fields.categoryId,
    shippingCategoryId: fields.shippingCategoryId,
    variations: fields.variations.map((variation) => ({
      name: variation.name,
      priceModifierCents: variation.priceModifier ?? 0,
    })),
    stockQuantity: fields.stockQuantity,
    lowStockThreshold: fields.lowStockThreshold,
    status: fields.status,
    quickSelectVisible: fields.quickSelectVisible,
    videos: fields.videos,
    images: [],
  }
})

/**
 * A refused form's problems: the first message per field (`title`, `tiers.0.price`…), and whether
 * the title or description was missing, which has its own toast (`PRODUCT_FIELDS_REQUIRED`).
 */
export function productFormIssues(error: z.ZodError) {
  const fieldErrors: Record<string, string> = {}
  let missingRequired = false
  for (const issue of error.issues) {
    const path = issue.path.join('.') || 'form'
    fieldErrors[path] ??= issue.message
    const params = (issue as { params?: { kind?: string } }).params
    if (params?.kind === REQUIRED && (path === 'title' || path === 'description')) missingRequired = true
  }
  return { fieldErrors, missingRequired }
}

/** The back-office list's filters, in the order of its buttons (back-office §2). */
export const PRODUCT_LIST_FILTERS = ['visible', 'hidden', 'archived', 'all', 'low-stock'] as const

/**
 * The query of /admin/products: filter (anything else is the default, Visible), page, and search
 * text. A bad value falls back to its default, never an error.
 */
export const ProductListQuerySchema = z.object({
  filter: z.enum(PRODUCT_LIST_FILTERS).catch('visible'),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  q: searchText(PRODUCT_TITLE_MAX),
})

/** A product named by a form (the list's Delete). */
export const ProductIdFormSchema = z.object({ productId: z.uuid() })

/** The list's visibility switch: visible or hidden (back-office §4). */
export const ProductVisibilityFormSchema = z.object({
  productId: z.uuid(),
  status: z.enum(['visible', 'hidden']),
})

const centsText = (cents: number) => (cents / 100).toFixed(2)

/**
 * A stored product as the form's fields, so the edit page starts from what is saved.
 * @example <ProductForm initialValues={productFormValuesOf(product)} />
 */
export function productFormValuesOf(product: AdminProductDto): ProductFormValues {
  return {
    title: product.title,
    description: product.description,
    priceType: product.priceType,
    price: centsText(product.priceCents),
    sku: product.sku ?? '',
    categoryId: product.categoryId ?? '',
    shippingCategoryId: product.shippingCategoryId ?? '',
    stockQuantity: String(product.stockQuantity),
    lowStockThreshold: String(product.lowStockThreshold),
    status: product.status,
    quickSelectVisible: product.quickSelectVisible,
    videos: product.videos.join('\n'),
    tiers:
      product.priceType === 'tiered'
        ? product.tieredPricing.map((tier) => ({ quantity: String(tier.quantity), price: centsText(tier.priceCents) }))
        : [],
    variations: product.variations.map((variation) => ({
      name: variation.name,
      priceModifier: centsText(variation.priceModifierCents),
    })),
  }
}
