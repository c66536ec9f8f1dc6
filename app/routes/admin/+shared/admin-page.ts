import type { ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * What every back-office page module exports alike, written once:
 * @example
 * export const headers = privatePage
 * export const meta = () => adminMeta('Manage Guides')
 * export const shouldRevalidate = reloadAfterRefusal
 */

/** A back-office page is one person's view of the shop: no cache, no shared copy. */
export function privatePage() {
  return { 'Cache-Control': 'private, no-store' }
}

/** The page title of a back-office page, kept out of search engines. */
export function adminMeta(title: string) {
  return [{ title: `${title} · LayerWorks 3D` }, { name: 'robots', content: 'noindex' }]
}

/**
 * A refused change still reloads the page as it is now when the refusal came from the records
 * rather than the form: the record was already gone (404) or changed meanwhile (409).
 */
export function reloadAfterRefusal({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 404 || actionStatus === 409 ? true : defaultShouldRevalidate
}
