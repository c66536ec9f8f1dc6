import {
  BookOpenIcon,
  FileTextIcon,
  InboxIcon,
  InfoIcon,
  MailIcon,
  MegaphoneIcon,
  PackageIcon,
  ReceiptIcon,
  ScrollTextIcon,
  ShoppingBagIcon,
  StarIcon,
  TagIcon,
  TriangleAlertIcon,
  UserPlusIcon,
  UsersIcon,
  WrenchIcon,
} from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { FigureCard, RegionCard, RevenueCard, RevenueChartCard } from '#app/components/admin/dashboard-figures.tsx'
import { shortDay } from '#app/rules/calendar.ts'
import { formatMoney } from '#app/rules/money.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { cn } from '#app/utils/misc.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { readDashboard } from '#app/workflows/admin-dashboard.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import type { Route } from './+types/dashboard.ts'
import { LowStockCard } from './low-stock-card.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const dashboard = await readDashboard({ now: new Date(), timeZone: getEnv().SHOP_TIME_ZONE })
  return { name: admin.name, ...dashboard }
}

export const headers = privatePage

export const meta = () => adminMeta('Dashboard')

/** The back-office's pages (back-office §2's dashboard cards), below the figures. */
const shortcuts = [
  { to: '/admin/orders', title: 'Orders', icon: ShoppingBagIcon },
  { to: '/admin/invoices', title: 'Invoices', icon: ReceiptIcon },
  { to: '/admin/quotes', title: 'Customer Quotes', icon: FileTextIcon },
  { to: '/admin/promotions', title: 'Promotions', icon: TagIcon },
  { to: '/admin/products', title: 'Products', icon: PackageIcon },
  { to: '/admin/guides', title: 'Guides', icon: BookOpenIcon },
  { to: '/admin/updates', title: 'Updates', icon: MegaphoneIcon },
  { to: '/admin/reviews', title: 'Reviews', icon: StarIcon },
  { to: '/admin/users', title: 'Users', icon: UsersIcon },
  { to: '/admin/services', title: 'Services', icon: WrenchIcon },
  { to: '/admin/about', title: 'About Page', icon: InfoIcon },
  { to: '/admin/policies', title: 'Policies', icon: ScrollTextIcon },
  { to: '/admin/outbox', title: 'Mail Outbox', icon: MailIcon },
] as const

const revenueNames: Record<number, { title: string; before: string }> = {
  1: { title: 'Revenue today', before: 'Yesterday' },
  7: { title: 'Revenue, last 7 days', before: 'The 7 days before' },
  30: { title: 'Revenue, last 30 days', before: 'The 30 days before' },
}

/** The paid invoices of a period: what a revenue figure adds up. */
const paidInvoicesHref = (from: string, to: string) =>
  `/admin/invoices?status=paid&payment=real&by=paid&from=${from}&to=${to}`

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** The work waiting, each figure with the filtered list that clears it. */
function workFigures(data: Route.ComponentProps['loaderData']) {
  return [
    {
      title: 'Orders to fulfil',
      count: data.ordersToFulfil,
      detail: 'Paid, not yet shipped',
      to: '/admin/orders?status=to-fulfil',
      icon: ShoppingBagIcon,
    },
    {
      title: 'Unpaid invoices',
      count: data.unpaidInvoices.count,
      detail: `${formatMoney(data.unpaidInvoices.totalCents)} to collect`,
      to: '/admin/invoices?status=unpaid',
      icon: ReceiptIcon,
    },
    {
      title: 'Quotes to answer',
      count: data.quotesAwaitingAnswer,
      detail: 'Acceptance requested',
      to: '/admin/quotes?filter=requested',
      icon: FileTextIcon,
    },
    {
      title: 'New messages',
      count: data.newMessages,
      detail: 'Contact requests to answer',
      to: '/admin/messages?status=new',
      icon: InboxIcon,
    },
    {
      title: 'Reviews to approve',
      count: data.reviewsAwaitingApproval,
      detail: 'Waiting for approval',
      to: '/admin/reviews?filter=pending',
      icon: StarIcon,
    },
    {
      title: 'Low-stock products',
      count: data.lowStock.total,
      detail: 'At or below their alert',
      to: '/admin/products?filter=low-stock',
      icon: TriangleAlertIcon,
    },
    {
      title: 'New customers',
      count: data.newCustomers.count,
      detail: `Last 30 days · ${plural(data.newCustomers.previous, 'customer', 'customers')} the 30 before`,
      to: `/admin/users?role=customer&joined=${data.newCustomers.from}`,
      icon: UserPlusIcon,
      work: false,
    },
  ]
}

export default function AdminDashboard({ loaderData: data }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-6">
        <h1 className="font-bold text-3xl tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">
          Welcome back, {data.name || 'admin'}. Today is {shortDay(data.today)} ({data.timeZone} time).
        </p>
      </header>

      <FigureSection id="revenue-title" title="Paid revenue" hideTitle className="sm:grid-cols-3">
        {data.revenue.map((figure) => (
          <li key={figure.days}>
            <RevenueCard
              title={revenueNames[figure.days]?.title ?? `Revenue, last ${figure.days} days`}
              cents={figure.cents}
              previousCents={figure.previousCents}
              previousName={revenueNames[figure.days]?.before ?? 'Before'}
              to={paidInvoicesHref(figure.from, figure.to)}
            />
          </li>
        ))}
      </FigureSection>

      <FigureSection id="work-title" title="To do" className="grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        {workFigures(data).map((figure) => (
          <li key={figure.title}>
            <FigureCard {...figure} />
          </li>
        ))}
      </FigureSection>

      <div className="mb-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RevenueChartCard points={data.chart} testCents={data.testCents} />
        </div>
        <RegionCard
          id="top-products-title"
          title="Top products, last 30 days"
          description="By revenue of orders paid for real, before discounts."
        >
          {data.topProducts.length === 0 ? (
            <p className="text-muted-foreground text-sm">No product sold in the last 30 days.</p>
          ) : (
            <ol className="divide-y">
              {data.topProducts.map((product) => (
                <li key={product.productId} className="flex items-baseline justify-between gap-3 py-2">
                  <Link
                    to={`/admin/products/edit/${product.productId}`}
                    className="min-w-0 break-words font-medium underline-offset-4 hover:underline"
                  >
                    {product.title}
                  </Link>
                  <span className="shrink-0 text-right text-sm tabular-nums">
                    {formatMoney(product.revenueCents)}
                    <span className="block text-muted-foreground text-xs">
                      {plural(product.quantity, 'unit', 'units')}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </RegionCard>
      </div>

      <LowStockCard products={data.lowStock.products} more={data.lowStock.total > data.lowStock.products.length} />

      <nav aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title" className="mb-3 font-semibold text-lg">
          Manage
        </h2>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {shortcuts.map((shortcut) => (
            <li key={shortcut.to}>
              <Link
                to={shortcut.to}
                className="flex items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                <shortcut.icon className="size-4 text-primary" aria-hidden />
                {shortcut.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  )
}

/** A row of figure cards under its heading (`hideTitle`: for screen readers only). */
function FigureSection({
  id,
  title,
  hideTitle = false,
  className,
  children,
}: {
  id: string
  title: string
  hideTitle?: boolean
  /** The columns of the cards' grid. */
  className: string
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className={hideTitle ? 'sr-only' : 'mb-3 font-semibold text-lg'}>
        {title}
      </h2>
      <ul className={cn('grid gap-4', className)}>{children}</ul>
    </section>
  )
}
