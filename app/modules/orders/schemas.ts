import { z } from 'zod'
import { searchText } from '#app/rules/text.ts'

/** Back-office §4 and §9: an admin may set any of these from any other. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const

export const ORDER_FILTERS = ['all', ...ORDER_STATUSES] as const

/** Orders paid for real, through the demo checkout (test payments, never shipped), or both. */
export const PAYMENT_FILTERS = ['all', 'real', 'test'] as const

/** The longest search the back-office list accepts: a full order id is 36 characters. */
export const ORDER_SEARCH_MAX_LENGTH = 100

export const ORDER_NOT_FOUND = 'Order not found.'
export const CHOOSE_ORDER_STATUS = 'Choose a status: pending, processing, shipped, delivered or cancelled.'

/** The list's and the export's query string; anything unknown shows every order. */
export const OrderListQuerySchema = z.object({
  status: z.enum(ORDER_FILTERS).catch('all'),
  payment: z.enum(PAYMENT_FILTERS).catch('all'),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  q: searchText(ORDER_SEARCH_MAX_LENGTH),
})

/** The status menu of one order in the back-office list. */
export const OrderStatusFormSchema = z.object({
  orderId: z.uuid(ORDER_NOT_FOUND),
  status: z.enum(ORDER_STATUSES, CHOOSE_ORDER_STATUS),
})
