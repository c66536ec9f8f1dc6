import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { IntentButton } from '#app/components/forms/intent-button.tsx'
import { QuoteStatusBadge } from '#app/components/quote-status-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import type { QuoteDto } from '#app/modules/quotes/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'

type SavedQuote = Omit<QuoteDto, 'expiresAt' | 'createdAt' | 'requestedAt' | 'acceptedAt'> & {
  expiresAt: Date | string
  createdAt: Date | string
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

function SavedQuoteCard({ quote }: { quote: SavedQuote }) {
  const [confirming, setConfirming] = useState(false)
  const number = shortId(quote.id)
  return (
    <li>
      <article
        aria-labelledby={`quote-${quote.id}`}
        className="grid gap-3 rounded-xl border bg-card p-4"
        data-testid="saved-quote"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={`quote-${quote.id}`} className="font-semibold">
              Quote #{number}
            </h3>
            <p className="text-muted-foreground text-sm">
              {quote.expired ? 'Expired on' : 'Expires'} {dateFormat.format(new Date(quote.expiresAt))}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <QuoteStatusBadge quote={quote} />
            <span className="font-semibold">{formatMoney(quote.totalCents)}</span>
          </div>
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-primary">View Items</summary>
          <ul className="mt-2 grid gap-1">
            {quote.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a saved quote's lines never move
              <li key={index} className="flex justify-between gap-3">
                <span className="break-words">{item.title}</span>
                <span className="tabular-nums">× {item.quantity}</span>
              </li>
            ))}
          </ul>
        </details>
        <div className="flex flex-wrap items-center gap-2">
          {quote.status === 'accepted' && quote.invoiceId ? (
            <Button asChild size="sm">
              <Link to={`/invoices/${quote.invoiceId}`}>View Invoice #{shortId(quote.invoiceId)}</Link>
            </Button>
          ) : null}
          {quote.status === 'draft' && !quote.expired ? (
            <IntentButton intent="request" fields={{ quoteId: quote.id }} size="sm">
              Ask the Shop to Accept<span className="sr-only"> quote #{number}</span>
            </IntentButton>
          ) : null}
          {quote.status === 'requested' && !quote.expired ? (
            <p className="text-muted-foreground text-sm">The shop will send you an invoice.</p>
          ) : null}
          <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Delete<span className="sr-only"> quote #{number}</span>
          </Button>
        </div>
      </article>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete Quote #${number}?`}
        description={
          quote.status === 'accepted'
            ? 'The quote is removed; its invoice stays.'
            : 'The quote and its items are removed for good.'
        }
        confirmLabel="Delete Quote"
        intent="delete"
        fields={{ quoteId: quote.id }}
      />
    </li>
  )
}

/** 'My Saved Quotes', newest first. */
export function SavedQuotes({ quotes }: { quotes: SavedQuote[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>My Saved Quotes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {quotes.length === 0 ? (
          <p className="text-muted-foreground">No saved quotes yet.</p>
        ) : (
          <ul className="grid gap-3">
            {quotes.map((quote) => (
              <SavedQuoteCard key={quote.id} quote={quote} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
