import { ArrowLeftIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import type { ListFilter } from '#app/components/admin/list-filter-form.tsx'
import { ListPager } from '#app/components/list-pager.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { rangeText } from '#app/rules/calendar.ts'
import { countText } from '#app/rules/list-counts.ts'
import { cn } from '#app/utils/misc.ts'

/**
 * A back-office page: its heading and what the page is for, the page's own buttons beside them
 * (they wrap below on a phone), then its content. A page below another links `back` to it first.
 * @example <AdminPage title="Manage Users" description="Customers and admins, newest first." actions={<Button>Invite User</Button>}>…</AdminPage>
 */
export function AdminPage({
  title,
  description,
  actions,
  back,
  width = 'max-w-7xl',
  children,
}: {
  title: string
  description: React.ReactNode
  actions?: React.ReactNode
  /** The page this one is part of: '← Back to Manage Guides'. */
  back?: { to: string; label: string }
  /** The page's widest, as a class: a list uses the screen, a form less of it. */
  width?: 'max-w-7xl' | 'max-w-5xl' | 'max-w-3xl'
  children: React.ReactNode
}) {
  return (
    <div className={cn('mx-auto min-w-0 px-4 py-10', width)}>
      {back ? (
        <p className="mb-2">
          <Link to={back.to} className="text-muted-foreground text-sm hover:underline">
            ← {back.label}
          </Link>
        </p>
      ) : null}
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 text-muted-foreground">{description}</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  )
}

/**
 * The link from a record's own page back to the list it is part of.
 * @example <BackLink to="/admin/orders">All orders</BackLink>
 */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-primary">
      <ArrowLeftIcon className="size-4" aria-hidden /> {children}
    </Link>
  )
}

/**
 * '1 message', '12 messages', '1,000+ messages' for a capped count (rules/list-counts.ts).
 * @example countOf(total, 'invoice', 'invoices')
 */
export function countOf(count: number, one: string, many: string) {
  return count === 1 ? `1 ${one}` : `${countText(count)} ${many}`
}

/**
 * A paged list in its card: the title, how many there are (with what narrows them) and which page
 * this is, the rows, or `empty` when this page has none, and the Previous and Next links.
 * @example
 * <ListCard title="All users" count={countOf(total, 'user', 'users')} page={page} pageCount={pageCount}
 *   empty={users.length === 0 ? 'No users yet.' : null} pager={{ label: 'User pages', hrefFor }}>
 *   <UsersTable users={users} />
 * </ListCard>
 */
export function ListCard({
  title,
  count,
  narrowedBy,
  page,
  pageCount,
  pageInCount = true,
  empty,
  pager,
  className = 'mt-6',
  children,
}: {
  title: React.ReactNode
  count: string
  /** What the list is narrowed to, after the count: ' matching “mount”'. */
  narrowedBy?: React.ReactNode
  /** Which page this is, of how many (null: not counted): said after the count (unless `pageInCount` is false) and in the pager. */
  page?: number
  pageCount?: number | null
  pageInCount?: boolean
  /** The text in place of the rows when this page has none; null when it has some. */
  empty: React.ReactNode
  pager?: { label: string; hrefFor: (page: number) => string }
  className?: string
  children: React.ReactNode
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>
          {count}
          {narrowedBy}
          {page !== undefined && pageInCount ? ` · page ${page}${pageCount === null ? '' : ` of ${pageCount}`}` : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        {empty ? <p className="text-muted-foreground">{empty}</p> : children}
        {pager && page !== undefined && pageCount !== undefined ? (
          <ListPager label={pager.label} page={page} pageCount={pageCount} hrefFor={pager.hrefFor} />
        ) : null}
      </CardContent>
    </Card>
  )
}

/**
 * What a paged list shows in place of its rows: null when this page has some; else that the page
 * is past the list's end, that nothing matches what narrows it, or that there is nothing yet.
 * @example emptyListText({ shown: users.length, total, narrowed: Boolean(q) }, { none: 'No users yet.', noMatch: 'No users match your search.', pastEnd: 'No users on this page.' })
 */
export function emptyListText(
  list: { shown: number; total: number; narrowed?: boolean },
  texts: { none: string; noMatch?: string; pastEnd: string },
) {
  if (list.shown > 0) return null
  if (list.total > 0) return texts.pastEnd
  return list.narrowed && texts.noMatch ? texts.noMatch : texts.none
}

/**
 * What narrows a list, said after its count: its search and its date range, `dates` naming which
 * date the range reads.
 * @example narrowedText({ q: 'mount', from: '2026-05-01', to: null }, 'placed') // ' matching “mount” placed from May 1'
 */
export function narrowedText({ q, from, to }: ListFilter, dates?: string) {
  const search = q ? ` matching “${q}”` : ''
  const range = from || to ? ` ${dates ? `${dates} ` : ''}${rangeText(from, to)}` : ''
  return `${search}${range}`
}
