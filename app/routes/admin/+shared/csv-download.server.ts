import { csvRow } from '#app/utils/csv.ts'
import { logger } from '#app/utils/logger.server.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { readExportSelection } from './bulk-selection.server.ts'

/** An amount of a CSV file: dollars with 2 decimals. */
export const csvDollars = (cents: number) => (cents / 100).toFixed(2)

/** A download's file name, dated today (UTC): `orders-paid-2026-05-01.csv`. */
export const datedFileName = (prefix: string) => `${prefix}${new Date().toISOString().slice(0, 10)}.csv`

/**
 * A CSV file download streamed from batches of records (DESIGN 7), so a long history never sits in
 * memory at once; a failure midway ends the download with an error rather than a short file.
 * @example return csvDownload({ name: 'orders.csv', header, batches: exportAdminOrders(filter), recordOf, what: 'Order export' })
 */
export function csvDownload<Row>({
  name,
  header,
  batches,
  recordOf,
  what,
}: {
  name: string
  header: readonly string[]
  batches: AsyncGenerator<Row[]>
  recordOf: (row: Row) => string
  what: string
}): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheet programs read the × and accented names as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`))
    },
    async pull(controller) {
      try {
        const next = await batches.next()
        if (next.done) return controller.close()
        controller.enqueue(encoder.encode(next.value.map(recordOf).join('')))
      } catch (err) {
        logger.error({ err }, `${what} failed`)
        controller.error(err)
      }
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/**
 * The loader of a list's CSV download, admin only, which is its action too: a GET exports the rows
 * the list's filter, search and dates select (the list's own download link), a post the bulk
 * export's ticked rows or all matching (readExportSelection). `exportOf` reads the list's query
 * and names the file (dated today) and the batches of rows.
 * @example
 * export const loader = csvExportLoader('invoices', { header, recordOf, what: 'Invoice export' }, (query, ids) => ({
 *   prefix: 'invoices-', batches: exportAdminInvoices({ ...filterOf(query), ids }) }))
 * export const action = loader
 */
export function csvExportLoader<Row>(
  noun: string,
  file: { header: readonly string[]; recordOf: (row: Row) => string; what: string },
  exportOf: (query: URLSearchParams, ids?: string[]) => { prefix: string; batches: AsyncGenerator<Row[]> },
) {
  return async ({ request }: { request: Request }) => {
    await requireAdmin(request)
    const { query, ids } = await readExportSelection(request, noun)
    const { prefix, batches } = exportOf(query, ids)
    return csvDownload({ ...file, name: datedFileName(prefix), batches })
  }
}
