import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { IntentButton } from '#app/components/forms/intent-button.tsx'
import { QuoteStatusBadge } from '#app/components/quote-status-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import type { PrintQuoteDetails, QuoteDto } from '#app/modules/quotes/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'

type SavedQuote = Omit<QuoteDto, 'expiresAt' | 'createdAt' | 'requestedAt' | 'acceptedAt'> & {
  expiresAt: Date | string
  createdAt: Date | string
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

const oneDecimal = (value: number) => String(Number(value.toFixed(1)))

/** A print of the customer's own model: its measures and options as it was priced when saved. */
function PrintDetails({ print, unitPriceCents }: { print: PrintQuoteDetails; unitPriceCents: number }) {
  const { size } = print
  const rows = [
    ['Size', `${oneDecimal(size.x)} × ${oneDecimal(size.y)} × ${oneDecimal(size.z)} mm`],
    ['Volume', `${(print.volumeMm3 / 1000).toFixed(2)} cm³`],
    ['Material', `${print.material}, ${print.colour}`],
    ['Quality', print.quality],
    ['Infill', `${print.infillPercent} %`],
    ['Model units', print.units === 'inch' ? 'Inches (× 25.4)' : 'Millimetres'],
    ['Unit price', formatMoney(unitPriceCents)],
  ] as const
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-muted-foreground text-xs" data-testid="quote-print-details">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt>{term}</dt>
          <dd className="text-right text-foreground tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

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
              <li key={index} className="grid gap-1">
                <div className="flex justify-between gap-3">
                  <span className="break-words">{item.title}</span>
                  <span className="tabular-nums">× {item.quantity}</span>
                </div>
                {item.print ? <PrintDetails print={item.print} unitPriceCents={item.unitPriceCents} /> : null}
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
