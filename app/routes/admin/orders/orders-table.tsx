import { Link } from 'react-router'
import { type RowSelection, SelectRowCheckbox } from '#app/components/admin/bulk-actions.tsx'
import { DataTable } from '#app/components/admin/data-table.tsx'
import { StatusSelect } from '#app/components/admin/status-select.tsx'
import { OrderLineExtras } from '#app/components/made-to-order/order-line-extras.tsx'
import { PaymentBadge } from '#app/components/orders/order-badges.tsx'
import { TestPaymentBadge } from '#app/components/test-payment-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { ORDER_STATUSES } from '#app/modules/orders/schemas.ts'
import type { OrderStatus } from '#app/modules/orders/types.ts'
import { formatMoney } from '#app/rules/money.ts'
import type { PaymentStatus } from '#app/rules/order-labels.ts'
import { type ReceiptLink, ReceiptLinks } from '../+shared/receipt-links.tsx'

/** One order as the back-office list shows it. */
export type OrderRow = {
  id: string
  number: number
  paymentStatus: PaymentStatus
  customerName: string | null
  customerEmail: string | null
  isGuest: boolean
  status: OrderStatus
  testPayment: boolean
  totalCents: number
  createdAt: Date | string
  items: {
    title: string
    quantity: number
    variationName: string | null
    note: string | null
    modelFile: { id: string; fileName: string; size: number } | null
  }[]
  receipts: ReceiptLink[]
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

const statusVariant: Record<OrderStatus, 'success' | 'warning' | 'secondary' | 'destructive' | 'default'> = {
  pending: 'warning',
  processing: 'default',
  shipped: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
}

/** "2 × Bike Mount (Matte Black)", as the customer's own order list writes a line. */
export function itemText(item: OrderRow['items'][number]) {
  return `${item.quantity} × ${item.title}${item.variationName ? ` (${item.variationName})` : ''}`
}

export function OrdersTable({ orders, selection }: { orders: OrderRow[]; selection: RowSelection }) {
  return (
    <DataTable
      caption="Orders, newest first"
      headings={['Order', 'Customer', 'Date', 'Items', 'Total', 'Status']}
      minWidth="min-w-[56rem]"
      selection={selection}
      selectPageLabel="Select every order on this page"
    >
      {orders.map((order) => (
        <tr key={order.id} className="border-b align-top" data-testid="admin-order-row">
          <td className="py-3 pr-3">
            <SelectRowCheckbox selection={selection} id={order.id} label={`Select order #${order.number}`} />
          </td>
          <td className="py-3 pr-4">
            <Link
              to={`/admin/orders/${order.id}`}
              className="font-medium text-primary tabular-nums underline-offset-4 hover:underline"
              aria-label={`Order #${order.number}`}
            >
              #{order.number}
            </Link>
            <ReceiptLinks receipts={order.receipts} />
          </td>
          <td className="py-3 pr-4">
            <p>{order.customerName || (order.isGuest ? 'Guest' : 'Customer')}</p>
            {order.customerEmail ? (
              <p className="break-all text-muted-foreground text-xs">{order.customerEmail}</p>
            ) : null}
          </td>
          <td className="whitespace-nowrap py-3 pr-4">{dateFormat.format(new Date(order.createdAt))}</td>
          <td className="py-3 pr-4">
            {order.items.length === 0 ? (
              <span className="text-muted-foreground">No items</span>
            ) : (
              <ul className="grid gap-0.5">
                {order.items.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: order lines never move
                  <li key={index}>
                    {itemText(item)}
                    <OrderLineExtras note={item.note} modelFile={item.modelFile} />
                  </li>
                ))}
              </ul>
            )}
          </td>
          <td className="whitespace-nowrap py-3 pr-4 font-semibold">{formatMoney(order.totalCents)}</td>
          <td className="py-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={statusVariant[order.status]} className="capitalize" data-testid="admin-order-status">
                {order.status}
              </Badge>
              <StatusSelect
                record={{ orderId: order.id }}
                statuses={ORDER_STATUSES}
                status={order.status}
                label={`Status of order #${order.number}`}
                className="w-32"
              />
              {order.testPayment ? <TestPaymentBadge /> : <PaymentBadge status={order.paymentStatus} />}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
