import { z } from 'zod'
import { MAX_LINE_QUANTITY } from './cart-lines.ts'
import { LineNoteSchema, ModelFileRefSchema, StoredLineAttachmentsShape } from './model-files.ts'
import { singleLine } from './text.ts'

export const CartItemSchema = z.object({
  cartId: z.string().min(1),
  id: z.string().min(1),
  title: z.string(),
  quantity: z.number().int().min(1),
  selectedVariation: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  // A made-to-order line's note and 3D model (each dropped on its own when corrupt).
  ...StoredLineAttachmentsShape,
})

// The cart as the browser keeps and changes it lives in cart-lines.ts, without zod, since every
// page loads it; this file adds the server's schemas of the same shapes.
export * from './cart-lines.ts'

/** A cart line as the browser sends it to the server; only ids and quantities are used. */
export const CartRequestItemSchema = z.object({
  cartId: singleLine({ trim: false }).min(1).max(100),
  id: singleLine({ trim: false }).min(1).max(100),
  title: singleLine({ trim: false }).max(500).optional(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  // The variation the line was added with; a product with variations needs one (storefront §5).
  selectedVariation: z
    .object({ id: singleLine({ trim: false }).min(1).max(100), name: singleLine({ trim: false }).max(500).optional() })
    .nullable()
    .optional(),
  /** A made-to-order line's note and 3D model (its id and upload token), carried into the order. */
  note: LineNoteSchema.nullish(),
  modelFile: ModelFileRefSchema.nullish(),
})

/** A full cart of MAX_CART_LINES lines is well under this; anything bigger is not a cart. */
export const MAX_CART_BODY_BYTES = 64 * 1024

/** A checkout also sends each line's note (up to 1,000 characters): a full cart of them fits. */
export const MAX_CHECKOUT_BODY_BYTES = 512 * 1024
