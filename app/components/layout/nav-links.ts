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

/** The account menu of a signed-in customer: the account page and the portal's tools. */
export const accountLinks = [
  { name: 'My Account', to: '/account' },
  { name: 'Create an Order', to: '/order' },
  { name: 'My Quotes', to: '/quotes' },
  { name: 'Accounting Hub', to: '/accounting' },
] as const
