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
  print: z
    .object({
      modelId: z.string().min(1).max(100),
      token: z.string().min(1).max(200),
      fileName: z.string().min(1).max(255),
      materialId: z.string().min(1).max(100),
      colour: z.string().min(1).max(100),
      quality: z.string().min(1).max(50),
      infill: z.number().int().min(0).max(100),
      units: z.enum(['mm', 'inch']),
    })
    .optional(),
})

/**
 * A print line's model and options as the browser sends them (decision 039): ids and choices only;
 * the server finds the model, checks the token or the owner and the options, and prices it.
 */
export const CartPrintRequestSchema = z.object({
  modelId: z.uuid('The model of a print in your cart was not found. Please upload it again.'),
  token: z.string().max(200),
  materialId: singleLine({ trim: false }).max(100),
  colour: singleLine({ trim: false }).max(100),
  quality: singleLine({ trim: false }).max(50),
  infill: z.number().int().min(0).max(100),
  units: z.enum(['mm', 'inch']),
})

export type CartPrintRequest = z.output<typeof CartPrintRequestSchema>

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
  /** A print of the customer's own model from /instant-quote. */
  print: CartPrintRequestSchema.nullish(),
})

/** A full cart of MAX_CART_LINES lines is well under this; anything bigger is not a cart. */
export const MAX_CART_BODY_BYTES = 64 * 1024

/** A checkout also sends each line's note (up to 1,000 characters): a full cart of them fits. */
export const MAX_CHECKOUT_BODY_BYTES = 512 * 1024
