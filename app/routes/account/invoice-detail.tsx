import { ArrowLeftIcon, DownloadIcon, PrinterIcon } from 'lucide-react'
import { Link, redirect, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { findOrderNumber } from '#app/modules/orders/index.server.ts'
import { findQuoteOfInvoice } from '#app/modules/quotes/index.server.ts'
import { getShopSettings } from '#app/modules/settings/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { type ActionResult, toastActionResult } from '#app/utils/action-result.ts'
import { payInvoice } from '#app/workflows/pay-invoice.server.ts'
import { requireViewableInvoice } from './+shared/invoice-access.server.ts'
import { useInvoiceLiveUpdates } from './+shared/invoice-live-updates.tsx'
import { InvoiceView } from './+shared/invoice-view.tsx'
import type { Route } from './+types/invoice-detail.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
  const { viewer, invoice } = await requireViewableInvoice(request, params.invoiceId)
  const owner = invoice.userId === viewer.id ? viewer : null
  const [profile, quote, order, shop] = await Promise.all([
    !owner && invoice.userId ? retrieveProfile(invoice.userId) : null,
    findQuoteOfInvoice(invoice.id),
    invoice.orderId ? findOrderNumber(invoice.orderId) : null,
    getShopSettings(),
  ])
  // The customer's own order page, or the back-office's for an admin looking at someone else's.
  const orderHref = order
    ? order.userId === viewer.id
      ? `/account/orders/${order.id}`
      : viewer.isAdmin
        ? `/admin/orders/${order.id}`
        : null
    : null
  return {
    invoice: {
      id: invoice.id,
      status: invoice.status,
      testPayment: invoice.testPayment,
      fromQuote: quote ? { id: quote.id, href: owner ? '/quotes' : '/admin/quotes' } : null,
      ofOrder: order && orderHref ? { number: order.number, href: orderHref } : null,
      issuer: { legalName: shop.legalName, address: shop.address, email: shop.email, taxId: shop.taxId },
      createdAt: invoice.createdAt,
      totalCents: invoice.totalCents,
      items: invoice.items,
      billedTo: {
        name: owner?.name ?? profile?.fullName ?? null,
        email: invoice.email ?? owner?.email ?? profile?.email ?? null,
      },
    },
    // Only the customer pays their own invoice; an admin viewing it does not.
    canPay: invoice.status === 'unpaid' && owner !== null,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { viewer, invoice } = await requireViewableInvoice(request, params.invoiceId)
  const paymentError = (description: string, status: number) =>
    refused('pay', description, status, undefined, 'Payment Error')
  if (invoice.userId !== viewer.id) return paymentError('Only the customer on this invoice can pay it.', 403)
  const result = await payInvoice(invoice.id, viewer)
  if (!result.ok) return paymentError(result.message, 400)
  throw redirect(result.url)
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Invoice #${(params.invoiceId ?? '').slice(0, 8)} · LayerWorks 3D` },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function InvoiceDetail({ loaderData }: Route.ComponentProps) {
  const { invoice, canPay } = loaderData
  const fetcher = useFetcher<ActionResult>()
  const paying = fetcher.state !== 'idle'
  const listening = useInvoiceLiveUpdates(invoice.id)

  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10" data-live-updates={listening ? 'on' : 'off'}>
      <div className="flex flex-wrap items-center justify-between gap-3" data-print-hide>
        <Button asChild variant="ghost">
          <Link to="/account">
            <ArrowLeftIcon aria-hidden /> Back to Account
          </Link>
        </Button>
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <PrinterIcon aria-hidden /> Print
          </Button>
          <Button asChild variant="outline">
            <a href={`/invoices/${invoice.id}/pdf`} download>
              <DownloadIcon aria-hidden /> Download PDF
            </a>
          </Button>
          {canPay ? (
            <fetcher.Form method="post">
              <Button type="submit" name="intent" value="pay" disabled={paying}>
                {paying ? <Spinner /> : null} Pay Now
              </Button>
            </fetcher.Form>
          ) : null}
        </div>
      </div>
      <InvoiceView invoice={invoice} />
    </section>
  )
}
