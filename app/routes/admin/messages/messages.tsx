import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListFilterForm } from '#app/components/admin/list-filter-form.tsx'
import { ListPager } from '#app/components/list-pager.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { countContactMessagesByStatus, listContactMessages } from '#app/modules/contact/index.server.ts'
import {
  CONTACT_INBOX_FILTERS,
  CONTACT_SEARCH_MAX_LENGTH,
  type ContactInboxFilter,
  ContactInboxQuerySchema,
} from '#app/modules/contact/schemas.ts'
import { rangeText } from '#app/rules/calendar.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { queryString } from '#app/utils/query-string.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import type { Route } from './+types/messages.ts'
import { statusLabels } from './message-badges.tsx'
import { MessagesTable } from './messages-table.tsx'

const PAGE_SIZE = 50

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { status, q, from, to, page } = ContactInboxQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  )
  const [{ messages, total }, counts] = await Promise.all([
    listContactMessages({
      status,
      search: q,
      dates: from || to ? { from, to, timeZone: getEnv().SHOP_TIME_ZONE } : undefined,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    countContactMessagesByStatus(),
  ])
  return {
    messages,
    total,
    counts,
    status,
    q,
    from: from ?? null,
    to: to ?? null,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  }
}

export const headers = privatePage

export const meta = () => adminMeta('Messages')

const tabLabels: Record<ContactInboxFilter, string> = { ...statusLabels, all: 'All' }

type Place = { status: ContactInboxFilter; q: string; from: string | null; to: string | null }

function listQuery({ status, q, from, to }: Place, page = 1) {
  return queryString({ status: status !== 'new' && status, q, from, to, page: page > 1 && page })
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, total, counts, status, q, from, to, page, pageCount } = loaderData
  const place: Place = { status, q, from, to }
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Messages</h1>
      <p className="mt-2 text-muted-foreground">
        Contact and quote requests from the storefront, newest first. Open one to see its files and its sender’s orders,
        and to reply.
      </p>
      <FilterNav
        label="Filter by status"
        options={CONTACT_INBOX_FILTERS}
        current={status}
        labels={tabLabels}
        hrefFor={(option) => `/admin/messages${listQuery({ ...place, status: option })}`}
        counts={counts}
        className="mt-6"
      />
      <div className="mt-4">
        <ListFilterForm
          id="message-filter"
          action="/admin/messages"
          searchLabel="Name, e-mail or subject"
          search={q}
          searchMaxLength={CONTACT_SEARCH_MAX_LENGTH}
          from={from}
          to={to}
          keep={{ status: status === 'new' ? null : status }}
        />
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <h2>{status === 'all' ? 'All messages' : tabLabels[status]}</h2>
          </CardTitle>
          <CardDescription>
            {total === 1 ? '1 message' : `${total} messages`}
            {q ? ` matching “${q}”` : ''}
            {from || to ? ` ${rangeText(from, to)}` : ''} · page {page} of {pageCount}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {messages.length === 0 ? (
            <p className="text-muted-foreground">
              {total > 0 ? 'No messages on this page.' : q || from || to ? 'No message matches.' : 'No messages here.'}
            </p>
          ) : (
            <MessagesTable messages={messages} caption="Contact messages, newest first" />
          )}
          <ListPager
            label="Message pages"
            page={page}
            pageCount={pageCount}
            hrefFor={(to) => `/admin/messages${listQuery(place, to)}`}
          />
        </CardContent>
      </Card>
    </section>
  )
}
