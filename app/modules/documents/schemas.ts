import { z } from 'zod'
import { type IdReference, parseIdReference } from '#app/utils/ids.ts'

/** Storefront §5 and §9: a receipt is under 5 MB (5 MB itself is allowed, one byte more is not). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024
/** The storefront's own words for a file over the limit (§5, §8). */
export const RECEIPT_TOO_LARGE = { title: 'File too large', description: 'Please select a file smaller than 5MB.' }
/** What the file picker offers. The server decides by the content, never by the name or this list. */
export const RECEIPT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,application/pdf,image/jpeg,image/png,image/webp,image/heic'
export const RECEIPT_LINK_TYPES = ['invoice', 'order'] as const
export type ReceiptLinkType = (typeof RECEIPT_LINK_TYPES)[number]

export const receiptLinkLabels: Record<ReceiptLinkType, string> = { invoice: 'Invoice ID', order: 'Order ID' }

/** The receipt a customer deletes from File Uploads: one of theirs, by its id. */
export const ReceiptIdFormSchema = z.object({ documentId: z.uuid('File not found.') })

/** What a receipt is linked to, as the customer named it; null when they named nothing. */
export type ReceiptLinkRequest = { type: ReceiptLinkType; reference: IdReference } | null

/**
 * The upload form's link fields: 'Invoice ID' or 'Order ID' and an optional id, the full one or
 * the 8 characters shown as the number. Whether it is one of the customer's own is checked later.
 */
export const ReceiptLinkFormSchema = z
  .object({
    linkType: z.enum(RECEIPT_LINK_TYPES, { error: 'Please choose Invoice ID or Order ID.' }).default('invoice'),
    linkId: z.string().max(100, 'That ID is too long.').default(''),
  })
  .transform(({ linkType, linkId }, context): ReceiptLinkRequest => {
    if (!linkId.trim()) return null
    const reference = parseIdReference(linkId)
    if (reference) return { type: linkType, reference }
    context.addIssue({
      code: 'custom',
      message: `Please enter the ${linkType}'s full ID or the 8 characters of its number, like 1a2b3c4d.`,
    })
    return z.NEVER
  })
