import { BackLink } from '#app/components/admin/admin-page.tsx'
import { OrderFactsCard, OrderHeading, OrderLinesCard } from '#app/components/orders/order-details.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { formatMoney } from '#app/rules/money.ts'
import { paymentLabels } from '#app/rules/order-labels.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { isUuid } from '#app/utils/ids.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { loadAdminOrderPage } from '#app/workflows/orders/order-page.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import type { Route } from './+types/order-detail.ts'
import {
  cancelOrderAction,
  changeOrderStatus,
  refundOrderAction,
  resendConfirmationAction,
  saveNoteAction,
  shipOrderAction,
  unknownIntent,
} from './order-actions.server.ts'
import {
  CancelButton,
  CustomerCard,
  InternalNotePanel,
  OrderHistory,
  RefundPanel,
  ResendConfirmationButton,
  ShipPanel,
  StatusPanel,
} from './order-page-panels.tsx'

const orderNotFound = () =>
  redirectWithToast('/admin/orders', { title: 'Error', description: 'Order not found.', variant: 'destructive' })

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const page = await loadAdminOrderPage(params.orderId)
  if (!page) throw await orderNotFound()
  return page
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request)
  const orderId = params.orderId
  if (!isUuid(orderId)) throw await orderNotFound()
  const form = await request.formData().catch(() => new FormData())
  switch (form.get('intent')) {
    case 'set-status':
      return changeOrderStatus(form, viewer, orderId)
    case 'ship':
      return shipOrderAction(form, viewer, orderId)
    case 'cancel':
      return cancelOrderAction(form, viewer, orderId)
    case 'refund':
      return refundOrderAction(form, viewer, orderId)
    case 'note':
      return saveNoteAction(form, viewer, orderId)
    case 'resend-confirmation': {
      const page = await loadAdminOrderPage(orderId)
      if (!page) throw await orderNotFound()
      return resendConfirmationAction(viewer, orderId, page.invoice?.id ?? null)
    }
    default:
      return unknownIntent()
  }
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Order #${loaderData.order.number}` : 'Order'
  return adminMeta(title)
}

export default function AdminOrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, invoice, customer, events, internalNote } = loaderData
  const refundable = Math.max(0, order.totalCents - order.refundedCents)
  const canCancel = !['shipped', 'delivered', 'cancelled'].includes(order.status)
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
      <BackLink to="/admin/orders">All orders</BackLink>
      <OrderHeading order={order}>
        <div className="flex flex-wrap gap-2">
          <ResendConfirmationButton />
          {canCancel ? (
            <CancelButton number={order.number} refundableCents={order.paymentStatus === 'unpaid' ? 0 : refundable} />
          ) : null}
        </div>
      </OrderHeading>
      {order.testPayment ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm" role="note">
          Test payment: paid through the demo checkout, no money was taken. Do not ship this order.
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <OrderLinesCard order={order} showModels />
          <ShipPanel
            status={order.status}
            carrier={order.carrier}
            trackingNumber={order.trackingNumber}
            trackingUrl={order.trackingUrl}
          />
          <Card>
            <CardHeader>
              <CardTitle>Payment</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <dl className="grid gap-1 text-sm" data-testid="order-payment">
                <PaymentFact label="Status" value={paymentLabels[order.paymentStatus]} />
                <PaymentFact label="Provider" value={order.paymentProvider ?? 'None (recorded by hand)'} />
                {order.paymentReference ? <PaymentFact label="Reference" value={order.paymentReference} mono /> : null}
                {order.refundedCents > 0 ? (
                  <PaymentFact label="Refunded" value={formatMoney(order.refundedCents)} />
                ) : null}
              </dl>
              <RefundPanel
                key={order.refundedCents}
                paymentStatus={order.paymentStatus}
                refundableCents={refundable}
                refundedCents={order.refundedCents}
                manual={!order.paymentReference}
              />
            </CardContent>
          </Card>
          <OrderHistory events={events} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Fulfilment</CardTitle>
            </CardHeader>
            <CardContent>
              <StatusPanel key={order.status} number={order.number} status={order.status} />
            </CardContent>
          </Card>
          <CustomerCard customer={customer} />
          <OrderFactsCard order={order} invoiceHref={invoice ? `/invoices/${invoice.id}` : null} />
          <InternalNotePanel key={internalNote ?? ''} note={internalNote} />
        </div>
      </div>
    </section>
  )
}

function PaymentFact({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={mono ? 'break-all font-mono text-xs' : ''}>{value}</dd>
    </div>
  )
}
