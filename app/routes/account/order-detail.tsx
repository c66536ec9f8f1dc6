import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router'
import { OrderFactsCard, OrderHeading, OrderLinesCard } from '#app/components/orders/order-details.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireUser } from '#app/wiring/permissions.server.ts'
import { loadCustomerOrderPage } from '#app/workflows/orders/order-page.server.ts'
import type { Route } from './+types/order-detail.ts'

/**
 * The customer's own order. An unknown order and someone else's get the same answer (DESIGN 5),
 * admins included: the back-office has its own order page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request)
  const page = await loadCustomerOrderPage(params.orderId, viewer.id)
  if (!page) {
    throw await redirectWithToast('/account?tab=orders', {
      title: 'Order not found or access denied.',
      variant: 'destructive',
    })
  }
  return page
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Order #${loaderData.order.number}` : 'Order'
  return [{ title: `${title} · LayerWorks 3D` }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerOrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, invoice } = loaderData
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to="/account?tab=orders">
          <ArrowLeftIcon aria-hidden /> Back to Orders
        </Link>
      </Button>
      <OrderHeading order={order} />
      {order.testPayment ? (
        <p className="rounded-md border p-3 text-muted-foreground text-sm" role="note">
          Test payment: paid through the shop’s demo checkout. No money was taken and nothing will be shipped.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <OrderLinesCard order={order} showModels />
        </div>
        <div className="min-w-0">
          <OrderFactsCard order={order} invoiceHref={invoice ? `/invoices/${invoice.id}` : null} />
        </div>
      </div>
    </section>
  )
}
