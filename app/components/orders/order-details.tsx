import { ExternalLinkIcon, FileTextIcon, TruckIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PrintLineModel } from '#app/components/instant-quote/print-line-model.tsx'
import { OrderLineExtras } from '#app/components/made-to-order/order-line-extras.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import type { OrderDetailDto, OrderDetailLineDto } from '#app/modules/orders/types.ts'
import { addressLines, type PostalAddress } from '#app/rules/address.ts'
import { formatMoney } from '#app/rules/money.ts'
import { countryName, type FulfilmentStatus, type PaymentStatus } from '#app/rules/order-labels.ts'
import { FulfilmentBadge, PaymentBadge } from './order-badges.tsx'

/** What both order pages (customer and back-office) show of an order. */
export type OrderDetailsView = Pick<
  OrderDetailDto,
  | 'number'
  | 'subtotalCents'
  | 'discountCents'
  | 'shippingCents'
  | 'totalCents'
  | 'refundedCents'
  | 'promoCode'
  | 'createdAt'
  | 'paidAt'
  | 'shippedAt'
  | 'deliveredAt'
  | 'cancelledAt'
  | 'carrier'
  | 'trackingNumber'
  | 'trackingUrl'
> & {
  status: FulfilmentStatus
  paymentStatus: PaymentStatus
  shippingAddress: PostalAddress | null
  lines: (Omit<OrderDetailLineDto, 'productId' | 'modelFileId'> & {
    modelFile: { id: string; fileName: string; size: number } | null
  })[]
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
const formatDate = (date: Date) => `${dateTime.format(new Date(date))} UTC`

/** The order's heading: its number, when it was placed, and its two statuses. */
export function OrderHeading({ order, children }: { order: OrderDetailsView; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Order #{order.number}</h1>
        <p className="text-muted-foreground text-sm">Placed {formatDate(order.createdAt)}</p>
        <div className="mt-1 flex flex-wrap gap-2">
          <FulfilmentBadge status={order.status} />
          <PaymentBadge status={order.paymentStatus} />
        </div>
      </div>
      {children}
    </header>
  )
}

/** Placed, paid, shipped, delivered, cancelled: each step the order has reached, with its date. */
export function OrderTimeline({ order }: { order: OrderDetailsView }) {
  const steps = [
    { label: 'Placed', at: order.createdAt },
    { label: order.paymentStatus === 'test' ? 'Test payment' : 'Paid', at: order.paidAt },
    { label: 'Shipped', at: order.shippedAt },
    { label: 'Delivered', at: order.deliveredAt },
    { label: 'Cancelled', at: order.cancelledAt },
  ].filter((step): step is { label: string; at: Date } => step.at !== null)
  return (
    <ol className="grid gap-2 text-sm" aria-label="Order progress">
      {steps.map((step) => (
        <li key={step.label} className="flex flex-wrap justify-between gap-2">
          <span className="font-medium">{step.label}</span>
          <time className="text-muted-foreground" dateTime={new Date(step.at).toISOString()}>
            {formatDate(step.at)}
          </time>
        </li>
      ))}
    </ol>
  )
}

/** The carrier and tracking number, with the carrier's tracking page when the shop gave one. */
export function TrackingInfo({ order }: { order: OrderDetailsView }) {
  if (!order.carrier || !order.trackingNumber) return null
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="tracking">
      <TruckIcon className="size-4" aria-hidden />
      <span>
        {order.carrier}, tracking number <span className="font-mono">{order.trackingNumber}</span>
      </span>
      {order.trackingUrl ? (
        <a
          href={order.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          Track parcel <ExternalLinkIcon className="size-3.5" aria-hidden />
        </a>
      ) : null}
    </div>
  )
}

/** The address a parcel goes to, as printed on its label. */
export function AddressBlock({ address }: { address: PostalAddress | null }) {
  if (!address) return <p className="text-muted-foreground text-sm">No shipping address was given.</p>
  return (
    <address className="text-sm not-italic leading-relaxed" data-testid="shipping-address">
      {addressLines(address, countryName).map((line) => (
        <span key={line} className="block break-words">
          {line}
        </span>
      ))}
    </address>
  )
}

/** A titled card of the order page, its content in a column. */
function DetailsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}

type OrderLinesView = Pick<
  OrderDetailsView,
  'lines' | 'subtotalCents' | 'discountCents' | 'shippingCents' | 'totalCents' | 'refundedCents' | 'promoCode'
>

/**
 * The lines (with a made-to-order line's note and model, a print line's options and measures) and
 * the totals. `showModels`: the reader may have a print line's model (the order's customer, the shop).
 */
export function OrderLinesCard({ order, showModels = false }: { order: OrderLinesView; showModels?: boolean }) {
  return (
    <DetailsCard title="Items">
      <ul className="divide-y" aria-label="Order lines">
        {order.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium">{line.title}</p>
              {line.variationName ? <p className="text-muted-foreground text-sm">{line.variationName}</p> : null}
              <p className="text-muted-foreground text-sm">
                {line.quantity} × {formatMoney(line.unitPriceCents)}
              </p>
              <OrderLineExtras note={line.note} modelFile={line.modelFile} />
              {line.print ? (
                <PrintLineModel print={line.print} modelId={showModels ? line.quoteModelId : null} />
              ) : null}
            </div>
            <p className="font-medium tabular-nums">{formatMoney(line.totalPriceCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="grid gap-1 border-t pt-3 text-sm" aria-label="Order totals">
        <TotalRow label="Subtotal" cents={order.subtotalCents} />
        {order.discountCents > 0 ? (
          <TotalRow
            label={order.promoCode ? `Discount (${order.promoCode})` : 'Discount'}
            cents={-order.discountCents}
          />
        ) : null}
        <TotalRow label="Shipping" cents={order.shippingCents} />
        <TotalRow label="Total" cents={order.totalCents} strong />
        {order.refundedCents > 0 ? <TotalRow label="Refunded" cents={-order.refundedCents} /> : null}
      </dl>
    </DetailsCard>
  )
}

function TotalRow({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'font-semibold text-base' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{cents < 0 ? `-${formatMoney(-cents)}` : formatMoney(cents)}</dd>
    </div>
  )
}

/** Shipping address, progress, tracking and the invoice link, beside the lines. */
export function OrderFactsCard({ order, invoiceHref }: { order: OrderDetailsView; invoiceHref: string | null }) {
  return (
    <DetailsCard title="Delivery">
      <section className="grid gap-1" aria-label="Shipping address">
        <h2 className="font-medium text-muted-foreground text-sm">Ships to</h2>
        <AddressBlock address={order.shippingAddress} />
      </section>
      <TrackingInfo order={order} />
      <OrderTimeline order={order} />
      {invoiceHref ? (
        <Link
          to={invoiceHref}
          className="inline-flex items-center gap-1.5 font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          <FileTextIcon className="size-4" aria-hidden /> View invoice
        </Link>
      ) : null}
    </DetailsCard>
  )
}
