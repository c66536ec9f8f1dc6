import { addressLines } from '#app/rules/address.ts'
import { countryName } from '#app/rules/order-labels.ts'
import { csvRow } from '#app/utils/csv.ts'
import { type AdminOrderRow, adminOrderQuery, exportAdminOrders } from '#app/workflows/list-admin-orders.server.ts'
import { csvDollars, csvExportLoader } from '../+shared/csv-download.server.ts'

const HEADER = [
  'Order ID',
  'Order Number',
  'Date (UTC)',
  'Status',
  'Payment Status',
  'Customer',
  'Email',
  'Guest',
  'Items',
  'Subtotal',
  'Discount',
  'Promo Code',
  'Shipping',
  'Total',
  'Shipping Address',
  'Test Payment',
]

function recordOf(order: AdminOrderRow) {
  const address = order.shippingAddress
  return csvRow([
    order.id,
    order.number,
    order.createdAt.toISOString(),
    order.status,
    order.paymentStatus,
    order.customerName,
    order.customerEmail,
    order.userId === null ? 'yes' : 'no',
    order.items
      .map((item) => `${item.quantity} × ${item.title}${item.variationName ? ` (${item.variationName})` : ''}`)
      .join('; '),
    csvDollars(order.subtotalCents),
    csvDollars(order.discountCents),
    order.promoCode,
    csvDollars(order.shippingCents),
    csvDollars(order.totalCents),
    address ? addressLines(address, countryName).join(', ') : null,
    order.testPayment ? 'yes' : 'no',
  ])
}

/**
 * The orders of the list's filter, search and dates as a CSV file (DESIGN 7), every page of them.
 * Amounts are dollars with 2 decimals.
 * The action answers a bulk export: the orders ticked in the list, or all matching.
 */
export const loader = csvExportLoader('orders', { header: HEADER, recordOf, what: 'Order export' }, (query, ids) => {
  const { filter } = adminOrderQuery(query)
  return {
    prefix: `orders-${filter.status === 'all' ? '' : `${filter.status}-`}`,
    batches: exportAdminOrders({ ...filter, ids }),
  }
})

export const action = loader
