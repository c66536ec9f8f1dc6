import { z } from 'zod'
import { multiLine, searchText, singleLine } from '#app/rules/text.ts'
import { DateRangeQuerySchema } from '#app/utils/date-range-query.ts'

/** Back-office §4 and §9: an admin may set any of these from any other. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const

/** 'to-fulfil': paid for real and not yet shipped or cancelled (the dashboard's 'Orders to fulfil'). */
export const ORDER_FILTERS = ['all', 'to-fulfil', ...ORDER_STATUSES] as const

/** Orders paid for real, through the demo checkout (test payments, never shipped), or both. */
export const PAYMENT_FILTERS = ['all', 'real', 'test'] as const

/** The longest search the back-office list accepts: a full order id is 36 characters. */
export const ORDER_SEARCH_MAX_LENGTH = 100

export const ORDER_NOT_FOUND = 'Order not found.'
export const CHOOSE_ORDER_STATUS = 'Choose a status: pending, processing, shipped, delivered or cancelled.'

/** The list's and the export's query string (status, payment, search, dates placed); anything unknown shows every order. */
export const OrderListQuerySchema = z
  .object({
    status: z.enum(ORDER_FILTERS).catch('all'),
    payment: z.enum(PAYMENT_FILTERS).catch('all'),
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    q: searchText(ORDER_SEARCH_MAX_LENGTH),
    /** The orders that used one promotion (a link from the promotions list). */
    promotion: z.uuid().optional().catch(undefined),
  })
  .and(DateRangeQuerySchema)

/** The status menu of one order in the back-office list. */
export const OrderStatusFormSchema = z.object({
  orderId: z.uuid(ORDER_NOT_FOUND),
  status: z.enum(ORDER_STATUSES, CHOOSE_ORDER_STATUS),
})

/** Mark as shipped: the carrier and its tracking number; the tracking page link is optional. */
export const ShipOrderFormSchema = z.object({
  carrier: singleLine({ label: 'Carrier', error: 'Enter the carrier.' })
    .min(1, 'Enter the carrier.')
    .max(100, 'Carrier must be at most 100 characters.'),
  trackingNumber: singleLine({ label: 'Tracking number', error: 'Enter the tracking number.' })
    .min(1, 'Enter the tracking number.')
    .max(100, 'Tracking number must be at most 100 characters.'),
  trackingUrl: singleLine({ label: 'Tracking link' })
    .max(500, 'Tracking link must be at most 500 characters.')
    .refine((text) => text === '' || isHttpsUrl(text), 'The tracking link must start with https://.')
    .transform((text) => text || null),
})

/** A refund from the order page: a dollar amount up to what is left, and an optional reason. */
export const RefundFormSchema = z.object({
  amount: z
    .string('Enter the amount to refund.')
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter the amount to refund, like 12.50.')
    .transform((text) => Math.round(Number(text) * 100))
    .refine((cents) => cents > 0, 'Enter an amount above 0.00.'),
  reason: singleLine({ label: 'Reason' }).max(500, 'Reason must be at most 500 characters.').default(''),
})

/** The shop's own note on an order. */
export const OrderNoteFormSchema = z.object({
  note: multiLine({ label: 'Note', error: 'Enter a note.' }).max(5000, 'Note must be at most 5000 characters.'),
})

function isHttpsUrl(text: string) {
  try {
    return new URL(text).protocol === 'https:'
  } catch {
    return false
  }
}
