import {
  BookOpenIcon,
  FileTextIcon,
  InfoIcon,
  MailIcon,
  MegaphoneIcon,
  PackageIcon,
  ReceiptIcon,
  ScrollTextIcon,
  ShoppingBagIcon,
  StarIcon,
  TagIcon,
  UsersIcon,
  WrenchIcon,
} from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { listLowStockProducts } from '#app/modules/catalog/index.server.ts'
import { requireAdmin } from '#app/utils/permissions.server.ts'
import { LowStockCard } from './+shared/low-stock-card.tsx'
import type { Route } from './+types/dashboard.ts'

/** How many low-stock products the dashboard lists; the rest are one link away. */
const LOW_STOCK_SHOWN = 10

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const lowStock = await listLowStockProducts({ limit: LOW_STOCK_SHOWN + 1 })
  return {
    name: admin.name,
    lowStock: lowStock.slice(0, LOW_STOCK_SHOWN),
    moreLowStock: lowStock.length > LOW_STOCK_SHOWN,
  }
}

export function meta() {
  return [{ title: 'Dashboard · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

/** The dashboard's cards (back-office §2), plus the mail outbox. */
const cards = [
  { to: '/admin/orders', title: 'Orders', text: 'Order list and statuses', icon: ShoppingBagIcon },
  { to: '/admin/invoices', title: 'Invoices', text: 'Invoices and quotes', icon: ReceiptIcon },
  { to: '/admin/quotes', title: 'Customer Quotes', text: 'Saved quotes to accept', icon: FileTextIcon },
  { to: '/admin/promotions', title: 'Promotions', text: 'Promotion codes and sales', icon: TagIcon },
  { to: '/admin/products', title: 'Products', text: 'Catalog, prices and stock', icon: PackageIcon },
  { to: '/admin/guides', title: 'Guides', text: 'How-to guides and categories', icon: BookOpenIcon },
  { to: '/admin/updates', title: 'Updates', text: 'News timeline', icon: MegaphoneIcon },
  { to: '/admin/reviews', title: 'Reviews', text: 'Approve and manage reviews', icon: StarIcon },
  { to: '/admin/users', title: 'Users', text: 'Customers, admins and invitations', icon: UsersIcon },
  { to: '/admin/services', title: 'Services', text: 'Services, prices and features', icon: WrenchIcon },
  { to: '/admin/about', title: 'About Page', text: 'Hero, story and mission', icon: InfoIcon },
  { to: '/admin/policies', title: 'Policies', text: 'Returns, shipping, privacy', icon: ScrollTextIcon },
  { to: '/admin/outbox', title: 'Mail Outbox', text: 'Every e-mail the shop sent', icon: MailIcon },
] as const

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-8">
        <h1 className="font-bold text-3xl tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">Welcome back, {loaderData.name || 'admin'}.</p>
      </header>
      <LowStockCard products={loaderData.lowStock} more={loaderData.moreLowStock} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="block h-full rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
              <Card className="h-full transition-colors hover:bg-accent">
                <CardHeader>
                  <card.icon className="size-6 text-primary" aria-hidden />
                  <CardTitle>
                    <h2>{card.title}</h2>
                  </CardTitle>
                  <CardDescription>{card.text}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
