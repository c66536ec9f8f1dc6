import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'

/**
 * The signed-in customer's saved country, which the cart prices shipping for until they pick
 * another; null for a visitor or a profile without one.
 * @example await priceCart({ items, savedCountry: await savedCountryOf(request) })
 */
export async function savedCountryOf(request: Request): Promise<string | null> {
  const viewer = await getViewer(request)
  if (!viewer) return null
  return (await retrieveProfile(viewer.id))?.shippingAddress.country || null
}
