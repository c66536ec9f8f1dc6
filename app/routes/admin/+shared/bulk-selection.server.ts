import { data } from 'react-router'
import { isUuid } from '#app/utils/ids.ts'

/** The most rows one bulk action changes: a larger selection is refused rather than half done. */
export const BULK_LIMIT = 1000

/**
 * The rows a bulk action names (components/admin/bulk-actions.tsx): the ticked ids, or every row
 * matching the list's query string (`scope=all`, `query`), which the route resolves with its own
 * list filter. Null when the form names nothing usable.
 */
export type BulkSelection = { ids: string[] } | { query: URLSearchParams }

export function readBulkSelection(form: FormData): BulkSelection | null {
  if (form.get('scope') === 'all') {
    const query = form.get('query')
    return { query: new URLSearchParams(typeof query === 'string' ? query.slice(0, 2000) : '') }
  }
  const ids = [...new Set(form.getAll('ids').map(String))]
  if (ids.length === 0 || ids.length > BULK_LIMIT || !ids.every(isUuid)) return null
  return { ids }
}

/**
 * The ids a bulk action names: the ticked ones, or every row `matching` the list's query (which asks
 * for one more than {@link BULK_LIMIT}, so that too many shows); null when the form names none usable.
 * @example const ids = await selectedIds(form, (query) => listReviewIds({ filter: filterOf(query), limit: BULK_LIMIT + 1 }))
 */
export async function selectedIds(form: FormData, matching: (query: URLSearchParams) => Promise<string[]>) {
  const selection = readBulkSelection(form)
  if (!selection) return null
  return 'ids' in selection ? selection.ids : matching(selection.query)
}

/**
 * What an export names: a GET's query string (the list's own download link), or a posted bulk
 * export's ticked ids or the list's query alone ('all matching'; a long list of ids fits no
 * address). A posted form naming nothing usable is answered 400.
 * @example const { query, ids } = await readExportSelection(request, 'orders')
 */
export async function readExportSelection(
  request: Request,
  noun: string,
): Promise<{ query: URLSearchParams; ids?: string[] }> {
  if (request.method === 'GET' || request.method === 'HEAD') return { query: new URL(request.url).searchParams }
  const selection = readBulkSelection(await request.formData().catch(() => new FormData()))
  if (!selection) throw data(`Select the ${noun} to export first.`, { status: 400 })
  return 'ids' in selection ? { query: new URLSearchParams(), ids: selection.ids } : { query: selection.query }
}
