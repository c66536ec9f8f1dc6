/** Back-office pages offered in the header search to admins (back-office §2). */
export const adminShortcuts = [
  { name: 'Dashboard', to: '/admin' },
  { name: 'Manage Orders', to: '/admin/orders' },
  { name: 'Manage Invoices', to: '/admin/invoices' },
  { name: 'Manage Promotions', to: '/admin/promotions' },
  { name: 'Manage Products', to: '/admin/products' },
  { name: 'Manage Updates', to: '/admin/updates' },
  { name: 'Manage Reviews', to: '/admin/reviews' },
  { name: 'Manage Guides', to: '/admin/guides' },
  { name: 'Manage Users', to: '/admin/users' },
  { name: 'Manage Services', to: '/admin/services' },
  { name: 'Manage About Page', to: '/admin/about' },
  { name: 'Manage Policies', to: '/admin/policies' },
] as const

/** The admin menu in the header (back-office §2). */
export const adminMenu = [
  { name: 'Dashboard', to: '/admin' },
  { name: 'Orders', to: '/admin/orders' },
  { name: 'Invoices', to: '/admin/invoices' },
  { name: 'Quotes', to: '/admin/quotes' },
  { name: 'Promotions', to: '/admin/promotions' },
  { name: 'Products', to: '/admin/products' },
  { name: 'Updates', to: '/admin/updates' },
  { name: 'Reviews', to: '/admin/reviews' },
  { name: 'Guides', to: '/admin/guides' },
  { name: 'Users', to: '/admin/users' },
] as const

/** Shortcuts whose name contains the text, case-insensitive; at most `limit`. */
export function matchAdminShortcuts(text: string, limit = 4) {
  const needle = text.trim().toLowerCase()
  if (!needle) return []
  return adminShortcuts.filter((shortcut) => shortcut.name.toLowerCase().includes(needle)).slice(0, limit)
}
