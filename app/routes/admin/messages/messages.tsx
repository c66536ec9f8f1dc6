import { AdminPage, countOf, emptyListText, ListCard, narrowedText } from '#app/components/admin/admin-page.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListFilterForm } from '#app/components/admin/list-filter-form.tsx'
import { countContactMessagesByStatus, listContactMessages } from '#app/modules/contact/index.server.ts'
import {
  CONTACT_INBOX_FILTERS,
  CONTACT_SEARCH_MAX_LENGTH,
  type ContactInboxFilter,
  ContactInboxQuerySchema,
} from '#app/modules/contact/schemas.ts'
import { queryString } from '#app/utils/query-string.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import { loadListPage, shopDays } from '../+shared/list-page.server.ts'
import type { Route } from './+types/messages.ts'
import { statusLabels } from './message-badges.tsx'
import { MessagesTable } from './messages-table.tsx'

const PAGE_SIZE = 50

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadListPage(request, ContactInboxQuerySchema, PAGE_SIZE, async ({ status, q, from, to }, paging) => {
    const [list, counts] = await Promise.all([
      listContactMessages({ status, search: q, dates: shopDays({ from, to }), ...paging }),
      countContactMessagesByStatus(),
    ])
    return { ...list, counts }
  })
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
    <AdminPage
      title="Messages"
      description="Contact and quote requests from the storefront, newest first. Open one to see its files and its sender’s orders, and to reply."
    >
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
          searchMaxLength={CONTACT_SEARCH_MAX_LENGTH}
          filter={place}
          keep={{ status: status === 'new' ? null : status }}
        />
      </div>
      <ListCard
        title={status === 'all' ? 'All messages' : tabLabels[status]}
        count={countOf(total, 'message', 'messages')}
        narrowedBy={narrowedText(place)}
        page={page}
        pageCount={pageCount}
        empty={emptyListText(
          { shown: messages.length, total, narrowed: Boolean(q || from || to) },
          { none: 'No messages here.', noMatch: 'No message matches.', pastEnd: 'No messages on this page.' },
        )}
        pager={{ label: 'Message pages', hrefFor: (to) => `/admin/messages${listQuery(place, to)}` }}
      >
        <MessagesTable messages={messages} caption="Contact messages, newest first" />
      </ListCard>
    </AdminPage>
  )
}
