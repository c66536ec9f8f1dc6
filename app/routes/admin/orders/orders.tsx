import { ListChecksIcon } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { AdminPage, countOf, emptyListText, ListCard, narrowedText } from '#app/components/admin/admin-page.tsx'
import { type BulkAction, BulkActionBar, useRowSelection } from '#app/components/admin/bulk-actions.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ExportCsvLink, exportCsvAction, PaymentFilterNav } from '#app/components/admin/list-export.tsx'
import { ListFilterForm } from '#app/components/admin/list-filter-form.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { useLoadErrorToast } from '#app/hooks/use-load-error-toast.ts'
import { listReceiptsLinkedTo } from '#app/modules/documents/index.server.ts'
import { countOrdersByStatus } from '#app/modules/orders/index.server.ts'
import { ORDER_FILTERS, ORDER_SEARCH_MAX_LENGTH, ORDER_STATUSES } from '#app/modules/orders/schemas.ts'
import type { OrderFilter, PaymentFilter } from '#app/modules/orders/types.ts'
import { findPromotionCode } from '#app/modules/promotions/index.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { queryString } from '#app/utils/query-string.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { adminOrderQuery, listAdminOrderIds, listAdminOrders } from '#app/workflows/list-admin-orders.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import { BULK_LIMIT } from '../+shared/bulk-selection.server.ts'
import { firstError, pageCountOf, readOr } from '../+shared/list-page.server.ts'
import { receiptsByLink } from '../+shared/receipt-links.tsx'
import type { Route } from './+types/orders.ts'
import { changeOrderStatus, changeOrdersStatus, unknownIntent } from './order-actions.server.ts'
import { type OrderRow, OrdersTable } from './orders-table.tsx'

const PAGE_SIZE = 25

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { filter, page, from, to } = adminOrderQuery(new URL(request.url).searchParams)
  const { status, search: q, payment = 'all', promotionId } = filter
  const [list, counts, promotion] = await Promise.all([
    readOr('orders', listAdminOrders({ ...filter, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }), {
      orders: [],
      total: 0,
    }),
    readOr('order counts', countOrdersByStatus(), null),
    promotionId ? readOr('order promotion', findPromotionCode(promotionId), null) : null,
  ])
  const { orders, total } = list.value
  const receipts = await readOr('order receipts', listReceiptsLinkedTo({ orderIds: orders.map((o) => o.id) }), [])
  const receiptsOf = receiptsByLink(receipts.value, (receipt) => receipt.orderId)
  const rows: OrderRow[] = orders.map((order) => ({
    id: order.id,
    number: order.number,
    paymentStatus: order.paymentStatus,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    isGuest: order.userId === null,
    status: order.status,
    testPayment: order.testPayment,
    totalCents: order.totalCents,
    createdAt: order.createdAt,
    items: order.items.map(({ title, quantity, variationName, note, modelFile }) => ({
      title,
      quantity,
      variationName,
      note,
      modelFile,
    })),
    receipts: receiptsOf.get(order.id) ?? [],
  }))
  return {
    orders: rows,
    total,
    page,
    pageCount: pageCountOf(total, PAGE_SIZE),
    status,
    q,
    payment,
    from,
    to,
    promotion: promotionId ? { id: promotionId, code: promotion?.value ?? null } : null,
    counts: counts.value,
    error: firstError(list, counts),
  }
}

/** Every order of the list's query (a bulk action on all matching), one more than allowed at most. */
async function orderIdsMatching(query: URLSearchParams) {
  return listAdminOrderIds(adminOrderQuery(query).filter, BULK_LIMIT + 1)
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request)
  const form = await request.formData().catch(() => new FormData())
  if (form.get('intent') === 'set-status') return changeOrderStatus(form, viewer)
  if (form.get('intent') === 'bulk-status') return changeOrdersStatus(form, viewer, orderIdsMatching)
  return unknownIntent()
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export const meta = () => adminMeta('Manage Orders')

type Place = {
  status: OrderFilter
  q: string
  payment: PaymentFilter
  from: string | null
  to: string | null
  promotion: string | null
}

function query({ status, q, payment, from, to, promotion }: Place, page = 1) {
  return queryString({
    status: status !== 'all' && status,
    payment: payment !== 'all' && payment,
    q,
    from,
    to,
    promotion,
    page: page > 1 && page,
  })
}

const orderCount = (count: number) => countOf(count, 'order', 'orders')

/** What the order list does to several orders at once: one status, or a CSV export. */
const orderBulkActions: BulkAction[] = [
  {
    intent: 'bulk-status',
    label: 'Set status',
    icon: <ListChecksIcon aria-hidden />,
    title: (count) => `Set the status of ${orderCount(count)}?`,
    description:
      'Each order changes as its own status menu would change it; cancelling gives its stock back. An order the status does not suit stays as it is.',
    confirmLabel: 'Set Status',
    fields: (
      <div className="grid gap-1.5">
        <Label htmlFor="bulk-order-status">Status</Label>
        <NativeSelect id="bulk-order-status" name="status" defaultValue="processing">
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </NativeSelect>
      </div>
    ),
  },
  exportCsvAction({ one: 'order', many: 'orders' }, 'customers, items, totals and addresses', '/admin/orders.csv'),
]

const statusLabels = Object.fromEntries(
  ORDER_FILTERS.map((filter) => [
    filter,
    filter === 'to-fulfil' ? 'To fulfil' : `${filter[0].toUpperCase()}${filter.slice(1)}`,
  ]),
) as Record<OrderFilter, string>

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, pageCount, status, q, payment, from, to, promotion, counts, error } = loaderData
  const place: Place = { status, q, payment, from, to, promotion: promotion?.id ?? null }
  const selection = useRowSelection(
    useMemo(() => orders.map((order) => order.id), [orders]),
    total,
  )

  useLoadErrorToast('Error fetching orders', error)

  return (
    <AdminPage
      title="Manage Orders"
      description="Every order, newest first. A status you choose is saved at once."
      actions={<ExportCsvLink href={`/admin/orders.csv${query(place)}`} />}
    >
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <FilterNav
          label="Filter by status"
          options={ORDER_FILTERS}
          current={status}
          labels={statusLabels}
          hrefFor={(filter) => `/admin/orders${query({ ...place, status: filter })}`}
          counts={counts}
        />
        <PaymentFilterNav
          current={payment}
          hrefFor={(filter) => `/admin/orders${query({ ...place, payment: filter })}`}
        />
      </div>
      <div className="mt-4">
        <ListFilterForm
          id="order-filter"
          action="/admin/orders"
          searchLabel="Order number, e-mail or customer"
          searchMaxLength={ORDER_SEARCH_MAX_LENGTH}
          filter={place}
          keep={{
            status: status === 'all' ? null : status,
            payment: payment === 'all' ? null : payment,
            promotion: place.promotion,
          }}
        />
      </div>
      {promotion ? (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm" data-testid="order-promotion-filter">
          <span>
            Orders that used promotion{' '}
            <span className="font-medium font-mono">{promotion.code ?? 'that was deleted'}</span>
          </span>
          <Link className="underline" to={`/admin/orders${query({ ...place, promotion: null })}`}>
            Show all orders
          </Link>
        </p>
      ) : null}

      <ListCard
        title={status === 'all' ? 'All orders' : statusLabels[status]}
        count={countOf(total, 'order', 'orders')}
        narrowedBy={`${narrowedText(place, 'placed')}${promotion ? ` with ${promotion.code ?? 'a deleted promotion'}` : ''}`}
        page={page}
        pageCount={pageCount}
        empty={emptyListText(
          { shown: orders.length, total },
          { none: 'No orders found.', pastEnd: 'No orders on this page.' },
        )}
        pager={{ label: 'Order pages', hrefFor: (to) => `/admin/orders${query(place, to)}` }}
      >
        <BulkActionBar
          selection={selection}
          actions={orderBulkActions}
          query={query(place).slice(1)}
          noun={{ one: 'order', many: 'orders' }}
        />
        <OrdersTable orders={orders} selection={selection} />
      </ListCard>
    </AdminPage>
  )
}
