/** One page of the back-office as the sidebar lists it. */
export type AdminNavItem = { name: string; to: string }

/** The back-office sidebar, grouped by the job a shop owner comes to do. */
export const adminNavGroups: ReadonlyArray<{ name: string; items: readonly AdminNavItem[] }> = [
  { name: 'Overview', items: [{ name: 'Dashboard', to: '/admin' }] },
  {
    name: 'Sales',
    items: [
      { name: 'Orders', to: '/admin/orders' },
      { name: 'Invoices', to: '/admin/invoices' },
      { name: 'Customer Quotes', to: '/admin/quotes' },
      { name: 'Messages', to: '/admin/messages' },
      { name: 'Promotions', to: '/admin/promotions' },
    ],
  },
  {
    name: 'Catalog',
    items: [
      { name: 'Products', to: '/admin/products' },
      { name: 'Add Product', to: '/add-product' },
      { name: 'Categories', to: '/admin/settings#product-categories' },
    ],
  },
  {
    name: 'Content',
    items: [
      { name: 'Guides', to: '/admin/guides' },
      { name: 'Guide Categories', to: '/admin/guides/categories' },
      { name: 'Updates', to: '/admin/updates' },
      { name: 'Reviews', to: '/admin/reviews' },
      { name: 'Services', to: '/admin/services' },
      { name: 'About Page', to: '/admin/about' },
      { name: 'Policies', to: '/admin/policies' },
    ],
  },
  { name: 'People', items: [{ name: 'Users', to: '/admin/users' }] },
  {
    name: 'Shop',
    items: [
      { name: 'Settings', to: '/admin/settings' },
      { name: 'Mail Outbox', to: '/admin/outbox' },
      { name: 'Activity', to: '/admin/activity' },
    ],
  },
]

const pages = adminNavGroups.flatMap((group) => group.items).filter((item) => !item.to.includes('#'))

/** What a page below a listed one is: its list's detail page. */
const detailNames: ReadonlyArray<[RegExp, string]> = [
  [/^\/admin\/orders\/[^/]+$/, 'Order'],
  [/^\/admin\/messages\/[^/]+$/, 'Message'],
  [/^\/admin\/products\/edit\/[^/]+$/, 'Edit Product'],
]

/**
 * The trail from the dashboard to the page at `pathname`, for the breadcrumbs: the dashboard,
 * the listed page it belongs to, and a detail page's own name.
 * @example adminBreadcrumbs('/admin/orders/7f3a…') // [Dashboard /admin, Orders /admin/orders, Order (current)]
 */
export function adminBreadcrumbs(pathname: string): AdminNavItem[] {
  const path = pathname.replace(/\/+$/, '') || '/'
  const dashboard = { name: 'Dashboard', to: '/admin' }
  if (path === '/admin') return [dashboard]
  const section = pages
    .filter((page) => page.to !== '/admin' && (path === page.to || path.startsWith(`${page.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0]
  const trail = section ? [dashboard, section] : [dashboard]
  const detail = detailNames.find(([pattern]) => pattern.test(path))
  if (detail) trail.push({ name: detail[1], to: path })
  return trail
}
