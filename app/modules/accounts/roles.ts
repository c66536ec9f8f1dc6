/** The two roles (storefront §3): every account is a customer unless its role is exactly 'Admin'. */
export const CUSTOMER_ROLE = 'customer'
export const ADMIN_ROLE = 'Admin'

export function isAdminRole(role: string | null | undefined): boolean {
  return role === ADMIN_ROLE
}
