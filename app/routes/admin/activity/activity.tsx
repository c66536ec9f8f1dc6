import { z } from 'zod'
import { ActivityEntries } from '#app/components/admin/activity-history.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListFilterForm } from '#app/components/admin/list-filter-form.tsx'
import { ListPager } from '#app/components/list-pager.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { listActivity } from '#app/modules/activity/index.server.ts'
import { rangeText } from '#app/rules/calendar.ts'
import { searchText } from '#app/rules/text.ts'
import { DateRangeQuerySchema } from '#app/utils/date-range-query.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { queryString } from '#app/utils/query-string.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
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
  const { type, record, q, from, to, page } = ActivityQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  )
  const { entries, total } = await listActivity({
    recordTypes: type === 'all' ? undefined : [...RECORD_FILTERS[type].types],
    recordId: record,
    search: q,
    dates: from || to ? { from, to, timeZone: getEnv().SHOP_TIME_ZONE } : undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  })
  return {
    entries,
    total,
    type,
    record: record ?? null,
    q,
    from: from ?? null,
    to: to ?? null,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  }
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
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Activity</h1>
      <p className="mt-2 text-muted-foreground">
        Every change an admin made in the back-office and every admin sign-in, with the fields it changed.
      </p>
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
          search={q}
          searchMaxLength={100}
          from={from}
          to={to}
          keep={{ type: type === 'all' ? null : type, record }}
        />
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <h2>{record ? 'History of one record' : typeLabels[type]}</h2>
          </CardTitle>
          <CardDescription>
            {total === 1 ? '1 entry' : `${total} entries`}
            {q ? ` matching “${q}”` : ''}
            {from || to ? ` ${rangeText(from, to)}` : ''} · page {page} of {pageCount}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {entries.length === 0 ? (
            <p className="text-muted-foreground">
              {total > 0 ? 'No entries on this page.' : 'Nothing recorded here yet.'}
            </p>
          ) : (
            <ActivityEntries entries={entries} showRecord />
          )}
          <ListPager
            label="Activity pages"
            page={page}
            pageCount={pageCount}
            hrefFor={(to) => `/admin/activity${listQuery(place, to)}`}
          />
        </CardContent>
      </Card>
    </section>
  )
}
