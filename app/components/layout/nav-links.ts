/** The header's top links (storefront §2 Navigation). */
export const primaryLinks = [
  { name: 'Home', to: '/' },
  { name: 'Services', to: '/services' },
  { name: 'Products', to: '/products' },
  { name: 'Contact', to: '/contact' },
  { name: 'Reviews', to: '/feedback' },
] as const

/** The 'Company' menu. */
export const companyLinks = [
  { name: 'About', to: '/about' },
  { name: 'Updates', to: '/updates' },
  { name: 'Guides', to: '/guides' },
] as const
