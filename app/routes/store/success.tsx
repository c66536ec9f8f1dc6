import { CircleCheckIcon, LoaderCircleIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useRevalidator } from 'react-router'
import { AddressBlock, OrderLinesCard } from '#app/components/orders/order-details.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { clearCart } from '#app/hooks/use-cart.ts'
import { getOrderDetail, retrieveCheckout } from '#app/modules/orders/index.server.ts'
import { formatMoney } from '#app/rules/money.ts'
import { ORDER_NEXT_STEPS } from '#app/rules/order-labels.ts'
import type { Route } from './+types/success.ts'

/** Where the hosted checkout sends the customer after paying (storefront §2 Success). */
export async function loader({ request }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get('session_id')?.slice(0, 200)
  const checkout = sessionId ? await retrieveCheckout({ providerSessionId: sessionId }) : null
  const order = checkout?.status === 'completed' && checkout.orderId ? await getOrderDetail(checkout.orderId) : null
  if (!order) return { order: null, sessionId: sessionId ?? null }
  // The session id is the customer's proof of purchase (the provider sends only them here); the
  // page shows what the confirmation e-mail shows, never the shop's notes or payment reference.
  return {
    sessionId,
    order: {
      id: order.id,
      number: order.number,
      email: order.email,
      totalCents: order.totalCents,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      refundedCents: 0,
      promoCode: order.promoCode,
      shippingAddress: order.shippingAddress,
      testPayment: order.testPayment,
      hasAccount: order.userId !== null,
      lines: order.lines.map((line) => ({
        id: line.id,
        title: line.title,
        variationName: line.variationName,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        totalPriceCents: line.totalPriceCents,
        note: line.note,
        modelFile: null,
        // The print's options and measures; its model is shown on the account's order page.
        quoteModelId: null,
        print: line.print,
      })),
    },
  }
}

export function meta() {
  return [{ title: 'Order confirmed · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

const MAX_CHECKS = 10

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order, sessionId } = loaderData
  const { revalidate } = useRevalidator()

  useEffect(() => {
    if (order) clearCart()
  }, [order])

  // The provider's confirmation may arrive a moment after the customer does: look again for a while.
  useEffect(() => {
    if (order || !sessionId) return
    let checks = 0
    const timer = window.setInterval(() => {
      checks += 1
      if (checks > MAX_CHECKS) window.clearInterval(timer)
      else void revalidate()
    }, 3000)
    return () => window.clearInterval(timer)
  }, [order, sessionId, revalidate])

  if (!order) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <LoaderCircleIcon className="size-12 animate-spin text-muted-foreground" aria-hidden />
        <h1 className="font-bold text-3xl tracking-tight">Confirming your payment</h1>
        <p className="text-muted-foreground">
          We are waiting for the payment provider to confirm your payment. This page updates by itself; your cart is
          kept until the payment is confirmed.
        </p>
        <Button asChild variant="outline">
          <Link to="/cart">Back to Cart</Link>
        </Button>
      </section>
    )
  }

  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-12">
      <header className="flex flex-col items-center gap-3 text-center">
        <CircleCheckIcon className="size-12 text-success" aria-hidden />
        <h1 className="font-bold text-3xl tracking-tight">Thank you for your order!</h1>
        <p className="text-muted-foreground">
          Your payment of <strong data-testid="order-total">{formatMoney(order.totalCents)}</strong> was received and
          order <strong data-testid="order-number">#{order.number}</strong> is confirmed.
        </p>
        {order.testPayment ? (
          <p className="rounded-md border p-3 text-muted-foreground text-sm" role="note">
            Test payment: paid through the shop’s demo checkout. No money was taken and nothing will be shipped.
          </p>
        ) : null}
      </header>
      <OrderLinesCard order={order} />
      <div className="grid gap-6 sm:grid-cols-2">
        <section className="grid content-start gap-2" aria-labelledby="ships-to">
          <h2 id="ships-to" className="font-semibold">
            Ships to
          </h2>
          <AddressBlock address={order.shippingAddress} />
        </section>
        <section className="grid content-start gap-2" aria-labelledby="next-steps">
          <h2 id="next-steps" className="font-semibold">
            What happens next
          </h2>
          <p className="text-muted-foreground text-sm">{ORDER_NEXT_STEPS}</p>
          <p className="text-muted-foreground text-sm">
            A confirmation with your invoice is on its way to {order.email ?? 'your e-mail'}.
          </p>
        </section>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/products">Continue Shopping</Link>
        </Button>
        {order.hasAccount ? (
          <>
            <Button asChild variant="outline">
              <Link to={`/account/orders/${order.id}`}>View this order</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/account?tab=orders">View your orders</Link>
            </Button>
          </>
        ) : (
          <Button asChild variant="outline">
            <Link to={`/auth?tab=register${order.email ? `&email=${encodeURIComponent(order.email)}` : ''}`}>
              Create an account with this e-mail
            </Link>
          </Button>
        )}
      </div>
    </section>
  )
}
