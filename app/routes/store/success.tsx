import { CircleCheckIcon, LoaderCircleIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useRevalidator } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { clearCart } from '#app/hooks/use-cart.ts'
import { retrieveCheckout } from '#app/modules/orders/index.server.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import type { Route } from './+types/success.ts'

/** Where the hosted checkout sends the customer after paying (storefront §2 Success). */
export async function loader({ request }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get('session_id')?.slice(0, 200)
  const checkout = sessionId ? await retrieveCheckout({ providerSessionId: sessionId }) : null
  if (checkout?.status !== 'completed' || !checkout.orderId) return { order: null, sessionId: sessionId ?? null }
  return {
    sessionId,
    order: {
      number: shortId(checkout.orderId),
      totalCents: checkout.totalCents,
      hasAccount: checkout.userId !== null,
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
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <CircleCheckIcon className="size-12 text-success" aria-hidden />
      <h1 className="font-bold text-3xl tracking-tight">Thank you for your order!</h1>
      <p className="text-muted-foreground">
        Your payment of <strong data-testid="order-total">{formatMoney(order.totalCents)}</strong> was received and
        order <strong data-testid="order-number">#{order.number}</strong> is confirmed.
      </p>
      <p className="text-muted-foreground">
        A confirmation with your invoice is on its way to your e-mail. We will let you know when it ships.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/products">Continue Shopping</Link>
        </Button>
        {order.hasAccount ? (
          <Button asChild variant="outline">
            <Link to="/account?tab=orders">View your orders</Link>
          </Button>
        ) : null}
      </div>
    </section>
  )
}
