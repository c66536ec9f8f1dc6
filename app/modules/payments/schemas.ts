import { z } from 'zod'
import type { CreateCheckoutInput } from './types.ts'

const cents = z.number().int().min(0).max(99_999_999)

export const CheckoutLineSchema = z.object({
  name: z.string().trim().min(1).max(250),
  unitAmountCents: cents,
  quantity: z.number().int().min(1).max(99_999),
  description: z.string().trim().max(500).optional(),
})

/** What a provider accepts: the checkout workflow computes it, so a failure here is a bug, not user input. */
export const CreateCheckoutInputSchema = z
  .object({
    reference: z.object({ kind: z.enum(['cart', 'invoice']), id: z.string().min(1).max(200) }),
    lines: z.array(CheckoutLineSchema).min(1).max(100),
    discount: z
      .object({ code: z.string().trim().min(1).max(100), amountCents: cents })
      .nullish()
      .transform((discount) => (discount && discount.amountCents > 0 ? discount : null)),
    shippingCents: cents,
    customerEmail: z
      .email()
      .nullish()
      .transform((email) => email ?? null),
    collectShippingAddress: z.boolean(),
    shippingCountries: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .max(300)
      .optional(),
    successUrl: z.url({ protocol: /^https?$/ }),
    cancelUrl: z.url({ protocol: /^https?$/ }),
    expiresInMinutes: z.number().int().min(1).optional(),
  })
  .refine((input) => !input.discount || input.discount.amountCents <= subtotalCents(input.lines), {
    message: 'The discount exceeds the subtotal',
    path: ['discount', 'amountCents'],
  })

export type ParsedCheckoutInput = z.output<typeof CreateCheckoutInputSchema>

/**
 * Checks a checkout request before it reaches a provider; throws a ZodError when it is malformed.
 * @example const input = parseCheckoutInput({ reference: { kind: 'cart', id }, lines, shippingCents: 500, ... })
 */
export function parseCheckoutInput(input: CreateCheckoutInput): ParsedCheckoutInput {
  return CreateCheckoutInputSchema.parse(input)
}

/**
 * Sum of the lines before discount and shipping.
 * @example subtotalCents([{ name: 'Mount', unitAmountCents: 1250, quantity: 2 }]) // 2500
 */
export function subtotalCents(lines: { unitAmountCents: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0)
}

/**
 * What the customer pays: subtotal - discount + shipping, as the cart shows it.
 * @example totalCents({ lines, discount: { code: 'SUMMER15', amountCents: 375 }, shippingCents: 500 })
 */
export function totalCents(input: Pick<ParsedCheckoutInput, 'lines' | 'discount' | 'shippingCents'>): number {
  return subtotalCents(input.lines) - (input.discount?.amountCents ?? 0) + input.shippingCents
}

/** Replaces Stripe's `{CHECKOUT_SESSION_ID}` template in a success or cancel URL. */
export function fillSessionId(url: string, sessionId: string): string {
  return url.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId))
}
