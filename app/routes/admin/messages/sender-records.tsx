import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import type { ContactMessageSummaryDto } from '#app/modules/contact/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import { type FulfilmentStatus, fulfilmentLabels, type PaymentStatus, paymentLabels } from '#app/rules/order-labels.ts'
import { MessageDate, MessageStatusBadge } from './message-badges.tsx'

type Dated<T extends { createdAt: Date }> = Omit<T, 'createdAt'> & { createdAt: Date | string }

export type SenderRecords = {
  account: { id: string; email: string; fullName: string } | null
  messages: Dated<ContactMessageSummaryDto>[]
  orders: {
    id: string
    number: number
    status: FulfilmentStatus
    paymentStatus: PaymentStatus
    totalCents: number
    createdAt: Date | string
  }[]
  quotes: { id: string; status: string; totalCents: number; expired: boolean; createdAt: Date | string }[]
}

function Section({ title, empty, children }: { title: string; empty: string | null; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="font-medium text-sm">{title}</h3>
      {empty ? <p className="text-muted-foreground text-sm">{empty}</p> : children}
    </section>
  )
}

/** What the shop knows of the sender: their account, other messages, orders and quotes. */
export function SenderCard({ email, sender }: { email: string; sender: SenderRecords }) {
  const { account, messages, orders, quotes } = sender
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Sender</h2>
        </CardTitle>
        <CardDescription className="break-all">
          {account ? (
            <>
              Customer account{account.fullName ? ` of ${account.fullName}` : ''} ({account.email})
            </>
          ) : (
            <>No customer account with {email}.</>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Section title="Other messages" empty={messages.length ? null : 'No other messages.'}>
          <ul className="grid gap-2 text-sm">
            {messages.map((message) => (
              <li key={message.id} className="grid gap-0.5">
                <Link
                  to={`/admin/messages/${message.id}`}
                  className="break-words font-medium text-primary underline-offset-4 hover:underline"
                >
                  {message.subject}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                  <MessageDate value={message.createdAt} /> <MessageStatusBadge status={message.status} />
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Orders" empty={orders.length ? null : 'No orders.'}>
          <ul className="grid gap-2 text-sm">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap justify-between gap-x-3">
                <Link
                  to={`/admin/orders/${order.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Order #{order.number}
                </Link>
                <span className="text-muted-foreground">
                  {fulfilmentLabels[order.status]} · {paymentLabels[order.paymentStatus]} ·{' '}
                  <span className="tabular-nums">{formatMoney(order.totalCents)}</span>
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Quotes" empty={quotes.length ? null : account ? 'No quotes.' : 'Quotes need an account.'}>
          <ul className="grid gap-2 text-sm">
            {quotes.map((quote) => (
              <li key={quote.id} className="flex flex-wrap justify-between gap-x-3">
                <Link to="/admin/quotes" className="font-medium text-primary underline-offset-4 hover:underline">
                  Quote #{shortId(quote.id)}
                </Link>
                <span className="text-muted-foreground">
                  {quote.expired ? 'expired' : quote.status} ·{' '}
                  <span className="tabular-nums">{formatMoney(quote.totalCents)}</span>
                </span>
              </li>
            ))}
          </ul>
        </Section>
      </CardContent>
    </Card>
  )
}
