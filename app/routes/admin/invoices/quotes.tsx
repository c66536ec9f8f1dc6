import { Link } from 'react-router'
import { AdminPage, countOf, ListCard } from '#app/components/admin/admin-page.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { IntentButton } from '#app/components/forms/intent-button.tsx'
import { QuoteStatusBadge } from '#app/components/quote-status-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { listProfilesByIds } from '#app/modules/accounts/index.server.ts'
import { listAllQuotes } from '#app/modules/quotes/index.server.ts'
import { QUOTE_FILTERS, QuoteListQuerySchema } from '#app/modules/quotes/schemas.ts'
import type { QuoteFilter } from '#app/modules/quotes/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import { loadListPage } from '../+shared/list-page.server.ts'
import type { Route } from './+types/quotes.ts'
import { acceptQuoteFromForm } from './quote-actions.server.ts'

const PAGE_SIZE = 25

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadListPage(request, QuoteListQuerySchema, PAGE_SIZE, async ({ filter }, paging) => {
    const { quotes, total } = await listAllQuotes({ filter, ...paging })
    const people = new Map((await listProfilesByIds(quotes.map((quote) => quote.userId))).map((p) => [p.id, p]))
    return {
      total,
      quotes: quotes.map((quote) => ({
        ...quote,
        customerName: people.get(quote.userId)?.fullName || null,
        customerEmail: people.get(quote.userId)?.email ?? null,
      })),
    }
  })
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const fields = await request.formData().catch(() => new FormData())
  if (fields.get('intent') === 'accept') return acceptQuoteFromForm(fields, actor)
  return refused(null, 'Unknown request.')
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export const meta = () => adminMeta('Quotes')

const filterLabels: Record<QuoteFilter, string> = {
  all: 'All',
  draft: 'Draft',
  requested: 'Awaiting an answer',
  accepted: 'Accepted',
  expired: 'Expired',
}

function quotesHref(filter: QuoteFilter, page = 1) {
  const params = new URLSearchParams()
  if (filter !== 'all') params.set('filter', filter)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `/admin/quotes?${query}` : '/admin/quotes'
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { filter, page, total, pageCount, quotes } = loaderData
  return (
    <AdminPage
      title="Quotes"
      description="Quotes customers saved, newest first. Create Invoice turns one into an unpaid invoice at the quoted prices."
    >
      <FilterNav
        label="Filter quotes"
        options={QUOTE_FILTERS}
        current={filter}
        labels={filterLabels}
        hrefFor={quotesHref}
        className="mt-6"
      />
      <ListCard
        title={filterLabels[filter]}
        count={countOf(total, 'quote', 'quotes')}
        page={page}
        pageCount={pageCount}
        pageInCount={false}
        empty={quotes.length === 0 ? 'No quotes here.' : null}
        pager={{ label: 'Quote pages', hrefFor: (to) => quotesHref(filter, to) }}
      >
        <ul className="divide-y">
          {quotes.map((quote) => (
            <li key={quote.id} className="grid gap-2 py-4 md:grid-cols-[1fr_auto]" data-testid="admin-quote-row">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium font-mono">Quote #{shortId(quote.id)}</span>
                  <QuoteStatusBadge quote={quote} />
                  <span className="font-semibold">{formatMoney(quote.totalCents)}</span>
                </p>
                <p className="text-sm">
                  {quote.customerName || 'Customer'}{' '}
                  <span className="break-all text-muted-foreground">{quote.customerEmail}</span>
                </p>
                <p className="text-muted-foreground text-sm">
                  Saved {dateFormat.format(new Date(quote.createdAt))} · {quote.expired ? 'expired' : 'valid until'}{' '}
                  {dateFormat.format(new Date(quote.expiresAt))}
                </p>
                <p className="break-words text-sm">
                  {quote.items.map((item) => `${item.quantity} × ${item.title}`).join(', ')}
                </p>
              </div>
              <div className="flex items-start gap-2 md:justify-end">
                {quote.status === 'accepted' && quote.invoiceId ? (
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/invoices/${quote.invoiceId}`}>Invoice #{shortId(quote.invoiceId)}</Link>
                  </Button>
                ) : quote.expired ? null : (
                  <IntentButton intent="accept" fields={{ quoteId: quote.id }} size="sm">
                    Create Invoice<span className="sr-only"> from quote #{shortId(quote.id)}</span>
                  </IntentButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      </ListCard>
    </AdminPage>
  )
}
