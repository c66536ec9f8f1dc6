import { OrderListQuerySchema } from '#app/modules/orders/schemas.ts'
import { addressLines } from '#app/rules/address.ts'
import { countryName } from '#app/rules/order-labels.ts'
import { csvRow } from '#app/utils/csv.ts'
import { logger } from '#app/utils/logger.server.ts'
import { requireAdmin } from '#app/utils/permissions.server.ts'
import { type AdminOrderRow, exportAdminOrders } from '#app/workflows/list-admin-orders.server.ts'
import type { Route } from './+types/orders-export.ts'

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

const dollars = (cents: number) => (cents / 100).toFixed(2)

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
    dollars(order.subtotalCents),
    dollars(order.discountCents),
    order.promoCode,
    dollars(order.shippingCents),
    dollars(order.totalCents),
    address ? addressLines(address, countryName).join(', ') : null,
    order.testPayment ? 'yes' : 'no',
  ])
}

/**
 * The orders of the list's filter and search as a CSV file (DESIGN 7), every page of them, streamed
 * in batches so a long history never sits in memory at once. Amounts are dollars with 2 decimals.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { status, q, payment } = OrderListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const batches = exportAdminOrders({ status, search: q, payment })
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheet programs read the × and accented names as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(HEADER)}`))
    },
    async pull(controller) {
      try {
        const next = await batches.next()
        if (next.done) return controller.close()
        controller.enqueue(encoder.encode(next.value.map(recordOf).join('')))
      } catch (err) {
        logger.error({ err }, 'Order export failed')
        controller.error(err)
      }
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
  const day = new Date().toISOString().slice(0, 10)
  const name = `orders-${status === 'all' ? '' : `${status}-`}${day}.csv`
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
