import { z } from 'zod'
import { ActivityEntries } from '#app/components/admin/activity-history.tsx'
import { AdminPage, countOf, emptyListText, ListCard, narrowedText } from '#app/components/admin/admin-page.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListFilterForm } from '#app/components/admin/list-filter-form.tsx'
import { listActivity } from '#app/modules/activity/index.server.ts'
import { searchText } from '#app/rules/text.ts'
import { DateRangeQuerySchema } from '#app/utils/date-range-query.ts'
import { queryString } from '#app/utils/query-string.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import { loadListPage, shopDays } from '../+shared/list-page.server.ts'
import type { Route } from './+types/activity.ts'

const PAGE_SIZE = 50

/** The kinds of record the log has entries for, as the filter offers them, and the record types of each. */
const RECORD_FILTERS = {
  all: { label: 'Everything', types: [] },
  product: { label: 'Products', types: ['product', 'product-category', 'shipping-category'] },
  order: { label: 'Orders', types: ['order'] },
  invoice: { label: 'Invoices and quotes', types: ['invoice', 'quote'] },
  promotion: { label: 'Promotions', types: ['promotion'] },
  review: { label: 'Reviews', types: ['review'] },
  message: { label: 'Messages', types: ['message'] },
  content: { label: 'Content', types: ['guide', 'guide-category', 'update', 'service', 'about', 'policy'] },
  user: { label: 'Users', types: ['user'] },
  settings: { label: 'Settings and mail', types: ['settings', 'mail'] },
  admin: { label: 'Sign-ins', types: ['admin'] },
} as const satisfies Record<string, { label: string; types: readonly string[] }>
type RecordTypeFilter = keyof typeof RECORD_FILTERS
const RECORD_TYPES = Object.keys(RECORD_FILTERS) as [RecordTypeFilter, ...RecordTypeFilter[]]
const typeLabels = Object.fromEntries(RECORD_TYPES.map((type) => [type, RECORD_FILTERS[type].label])) as Record<
  RecordTypeFilter,
  string
>

const ActivityQuerySchema = z
  .object({
    type: z.enum(RECORD_TYPES).catch('all'),
    record: z
      .string()
      .max(100)
      .regex(/^[\w-]+$/)
      .optional()
      .catch(undefined),
    q: searchText(100),
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  })
  .and(DateRangeQuerySchema)

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadListPage(request, ActivityQuerySchema, PAGE_SIZE, ({ type, record, q, from, to }, paging) =>
    listActivity({
      recordTypes: type === 'all' ? undefined : [...RECORD_FILTERS[type].types],
      recordId: record,
      search: q,
      dates: shopDays({ from, to }),
      ...paging,
    }),
  )
}

export const headers = privatePage

export const meta = () => adminMeta('Activity')

type Place = { type: RecordTypeFilter; record: string | null; q: string; from: string | null; to: string | null }

function listQuery({ type, record, q, from, to }: Place, page = 1) {
  return queryString({ type: type !== 'all' && type, record, q, from, to, page: page > 1 && page })
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { entries, total, type, record, q, from, to, page, pageCount } = loaderData
  const place: Place = { type, record, q, from, to }
  return (
    <AdminPage
      title="Activity"
      description="Every change an admin made in the back-office and every admin sign-in, with the fields it changed."
    >
      <FilterNav
        label="Filter by record"
        options={RECORD_TYPES}
        current={type}
        labels={typeLabels}
        hrefFor={(option) => `/admin/activity${listQuery({ ...place, type: option, record: null })}`}
        className="mt-6"
      />
      <div className="mt-4">
        <ListFilterForm
          id="activity-filter"
          action="/admin/activity"
          searchLabel="Record or admin"
          searchMaxLength={100}
          filter={place}
          keep={{ type: type === 'all' ? null : type, record }}
        />
      </div>
      <ListCard
        title={record ? 'History of one record' : typeLabels[type]}
        count={countOf(total, 'entry', 'entries')}
        narrowedBy={narrowedText(place)}
        page={page}
        pageCount={pageCount}
        empty={emptyListText(
          { shown: entries.length, total },
          { none: 'Nothing recorded here yet.', pastEnd: 'No entries on this page.' },
        )}
        pager={{ label: 'Activity pages', hrefFor: (to) => `/admin/activity${listQuery(place, to)}` }}
      >
        <ActivityEntries entries={entries} showRecord />
      </ListCard>
    </AdminPage>
  )
}
