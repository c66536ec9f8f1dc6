import { CircleCheckIcon, CircleXIcon, LoaderCircleIcon } from 'lucide-react'
import { Link, redirect } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/components/ui/button.tsx'
import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { loginPathFor } from '#app/utils/redirect-to.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import type { Route } from './+types/checkout.ts'

const QuerySchema = z.object({
  status: z.enum(['success', 'cancel']).optional().catch(undefined),
  invoice_id: z.uuid().optional().catch(undefined),
})

/** Where the hosted payment page sends the customer back to after paying an invoice. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  if (!viewer) throw redirect(loginPathFor(request))
  // Storefront §4: the status page waits for the profile; no profile goes to login.
  const profile = await retrieveProfile(viewer.id)
  if (!profile) throw redirect(loginPathFor(request))
  const address = profile.shippingAddress
  if (!address || [address.street, address.city, address.state, address.zip].some((field) => !field?.trim())) {
    throw await redirectWithToast('/account', {
      title: 'Shipping Information Required',
      description: 'Please complete your shipping address before paying.',
      variant: 'destructive',
    })
  }
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  return { status: query.status ?? null, invoiceId: query.invoice_id ?? null }
}

export function meta() {
  return [{ title: 'Checkout · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function CheckoutStatus({ loaderData }: Route.ComponentProps) {
  const { status, invoiceId } = loaderData
  const invoicePath = invoiceId ? `/invoices/${invoiceId}` : '/account'
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      {status === 'success' ? (
        <>
          <CircleCheckIcon className="size-12 text-success" aria-hidden />
          <h1 className="font-bold text-3xl">Payment Successful</h1>
          <p className="text-muted-foreground">Thank you! Your payment has been received.</p>
          <Button asChild>
            <Link to={invoicePath}>View Invoice</Link>
          </Button>
        </>
      ) : status === 'cancel' ? (
        <>
          <CircleXIcon className="size-12 text-destructive" aria-hidden />
          <h1 className="font-bold text-3xl">Payment Canceled</h1>
          <p className="text-muted-foreground">Your payment was canceled and nothing was charged.</p>
          <Button asChild variant="outline">
            <Link to={invoicePath}>Return to Invoice</Link>
          </Button>
        </>
      ) : (
        <>
          <LoaderCircleIcon className="size-12 animate-spin text-primary" aria-hidden />
          <h1 className="font-bold text-3xl">Processing Payment</h1>
          <p className="text-muted-foreground">We are confirming your payment. This only takes a moment.</p>
        </>
      )}
    </section>
  )
}
