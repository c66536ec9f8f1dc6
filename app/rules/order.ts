import { z } from 'zod'
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from './cart.ts'
import {
  type LineAttachments,
  LineNoteSchema,
  lineAttachmentsOf,
  ModelFileRefSchema,
  StoredLineAttachmentsShape,
} from './model-files.ts'
import { type PricedProduct, type PricingVariation, unitPriceCents } from './pricing.ts'
import { changeLine, parseStoredList } from './stored-list.ts'

// The 'Your Order' panel of /order (storefront §2 Create an Order, §4, §5, §9), shared by the
// browser (the panel kept in localStorage) and the server (which prices the order again).

export const ORDER_STORAGE_KEY = 'orderItems'
export const MAX_ORDER_LINES = 100

export const OrderItemSchema = z.object({
  lineId: z.string().min(1).max(100),
  productId: z.string().min(1).max(100),
  title: z.string().max(500),
  variation: z.object({ id: z.string().max(100), name: z.string().max(500) }).nullable(),
  quantity: z.number().int().min(MIN_LINE_QUANTITY).max(MAX_LINE_QUANTITY),
  ...StoredLineAttachmentsShape,
})
export type OrderItem = z.infer<typeof OrderItemSchema>

const StoredOrderSchema = z.array(OrderItemSchema).max(MAX_ORDER_LINES)

/** Reads the stored panel; anything corrupt or unreadable is an empty order (storefront §8). */
export function parseStoredOrder(raw: string | null | undefined): OrderItem[] {
  return parseStoredList(StoredOrderSchema, raw)
}

/** How many of each product the lines hold together, over all its variations. */
export function combinedQuantities(lines: readonly { productId: string; quantity: number }[]): Map<string, number> {
  const totals = new Map<string, number>()
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity)
  return totals
}

/**
 * The most a line may hold: the product's stock less what the order's other lines of the same
 * product take (at least 1, so a line never reads 0; the server refuses an order over the stock).
 */
export function lineMaxQuantity(items: readonly OrderItem[], lineId: string, stock: number): number {
  const line = items.find((item) => item.lineId === lineId)
  if (!line) return MIN_LINE_QUANTITY
  const others = items
    .filter((item) => item.productId === line.productId && item.lineId !== lineId)
    .reduce((sum, item) => sum + item.quantity, 0)
  return Math.max(MIN_LINE_QUANTITY, Math.min(MAX_LINE_QUANTITY, Math.floor(stock) - others))
}

export type OrderProduct = { id: string; title: string; stockQuantity: number }
export type OrderVariation = { id: string; name: string }

/**
 * The order after Add to Order: one more of the product in that variation (a line with the same
 * product and variation grows, anything else is a new line), never past the stock (storefront §5:
 * repeated adding caps at stock). `capped` says the stock stopped it.
 * @example addToOrder(items, { id, title: 'Knob Set', stockQuantity: 3 }, null, () => 'line-1')
 */
export function addToOrder(
  items: readonly OrderItem[],
  product: OrderProduct,
  variation: OrderVariation | null,
  newLineId: () => string,
): { items: OrderItem[]; capped: boolean } {
  const held = combinedQuantities(items).get(product.id) ?? 0
  if (held >= product.stockQuantity) return { items: [...items], capped: true }
  const variationId = variation?.id ?? null
  const index = items.findIndex((item) => item.productId === product.id && (item.variation?.id ?? null) === variationId)
  if (index >= 0) {
    const line = items[index] as OrderItem
    if (line.quantity >= MAX_LINE_QUANTITY) return { items: [...items], capped: true }
    return {
      items: items.map((item, i) => (i === index ? { ...item, quantity: item.quantity + 1 } : item)),
      capped: false,
    }
  }
  if (items.length >= MAX_ORDER_LINES) return { items: [...items], capped: true }
  const line: OrderItem = {
    lineId: newLineId(),
    productId: product.id,
    title: product.title,
    variation: variation ? { id: variation.id, name: variation.name } : null,
    quantity: 1,
  }
  return { items: [...items, line], capped: false }
}

/** The order with one line's quantity set: a whole number from 1 to what the stock allows. */
export function setOrderItemQuantity(
  items: readonly OrderItem[],
  lineId: string,
  quantity: number,
  stock: number,
): OrderItem[] {
  const max = lineMaxQuantity(items, lineId, stock)
  const next = Number.isFinite(quantity) ? Math.min(max, Math.max(MIN_LINE_QUANTITY, Math.floor(quantity))) : 1
  return changeLine(items, 'lineId', lineId, { quantity: next })
}

export function removeOrderItem(items: readonly OrderItem[], lineId: string): OrderItem[] {
  return items.filter((item) => item.lineId !== lineId)
}

/** The order with a line's note or model file changed. */
export function updateOrderItem(items: readonly OrderItem[], lineId: string, change: LineAttachments): OrderItem[] {
  return changeLine(items, 'lineId', lineId, change)
}

export type OrderPricingProduct = PricedProduct & {
  id: string
  variations: readonly (PricingVariation & { priceModifierCents: number })[]
}

/**
 * The variation a line names, when the product takes it: undefined when the line cannot be sold
 * as it is (a product with variations and none named, a variation that no longer exists, or one
 * named for a product without variations).
 */
export function lineVariation<V extends { id: string }>(
  product: { variations: readonly V[] },
  variationId: string | null | undefined,
): V | null | undefined {
  if (product.variations.length === 0) return variationId ? undefined : null
  if (!variationId) return undefined
  return product.variations.find((option) => option.id === variationId)
}

export type PricedOrderLine = { lineId: string; unitPriceCents: number; lineTotalCents: number }

/**
 * The panel's prices, as the server will charge them (storefront §9): each product's tier comes
 * from the quantity of it in the whole order (as the cart and Quick Select price it), plus the
 * line's variation modifier; line total = unit price × quantity; total = sum of lines. Lines whose
 * product is no longer offered, or whose variation is missing, are `unavailable` and left out.
 * @example priceOrder(items, new Map(products.map((product) => [product.id, product])))
 */
export function priceOrder(
  items: readonly OrderItem[],
  products: ReadonlyMap<string, OrderPricingProduct>,
): { lines: PricedOrderLine[]; unavailable: string[]; totalCents: number } {
  const sellable = items.filter((item) => {
    const product = products.get(item.productId)
    return product !== undefined && lineVariation(product, item.variation?.id) !== undefined
  })
  const combined = combinedQuantities(sellable)
  const lines = sellable.map((item) => {
    const product = products.get(item.productId) as OrderPricingProduct
    const variation = lineVariation(product, item.variation?.id) ?? null
    const unit = unitPriceCents(product, combined.get(product.id) ?? item.quantity, variation)
    return { lineId: item.lineId, unitPriceCents: unit, lineTotalCents: unit * item.quantity }
  })
  const priced = new Set(lines.map((line) => line.lineId))
  return {
    lines,
    unavailable: items.filter((item) => !priced.has(item.lineId)).map((item) => item.lineId),
    totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  }
}

const QUANTITY_MESSAGE = `Quantities must be whole numbers from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY.toLocaleString('en-US')}.`
const UNKNOWN_ITEM_MESSAGE = 'An item in your order is not a product of this shop.'

/** One line of Place Order as the browser sends it: ids, quantity, note and file; never a price. */
export const PlaceOrderLineSchema = z.object(
  {
    productId: z.string(UNKNOWN_ITEM_MESSAGE).max(100, UNKNOWN_ITEM_MESSAGE),
    variationId: z.string(UNKNOWN_ITEM_MESSAGE).max(100, UNKNOWN_ITEM_MESSAGE).nullish(),
    /** Only to name a line that is gone; the product's own title is used otherwise. */
    title: z.string().max(500).optional().catch(undefined),
    quantity: z
      .number(QUANTITY_MESSAGE)
      .int(QUANTITY_MESSAGE)
      .min(MIN_LINE_QUANTITY, QUANTITY_MESSAGE)
      .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE),
    note: LineNoteSchema.nullish(),
    modelFile: ModelFileRefSchema.nullish(),
  },
  UNKNOWN_ITEM_MESSAGE,
)
export type PlaceOrderLine = z.output<typeof PlaceOrderLineSchema>

export const PlaceOrderRequestSchema = z.object(
  {
    items: z
      .array(PlaceOrderLineSchema, 'Your order could not be read. Please reload the page and try again.')
      .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines.`),
  },
  'Your order could not be read. Please reload the page and try again.',
)

/** A full order of 100 lines with 1,000-character notes is well under this. */
export const MAX_ORDER_BODY_BYTES = 512 * 1024

/** The panel as Place Order sends it. */
export function placeOrderBody(items: readonly OrderItem[]): z.input<typeof PlaceOrderRequestSchema> {
  return {
    items: items.map((item) => ({
      productId: item.productId,
      variationId: item.variation?.id ?? null,
      title: item.title,
      quantity: item.quantity,
      ...lineAttachmentsOf(item),
    })),
  }
}
