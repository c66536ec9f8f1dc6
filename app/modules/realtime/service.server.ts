import { getDatabase } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'

// The same channel the invoices module notifies on; modules do not import each other.
const INVOICE_CHANGED_CHANNEL = 'invoice_changed'
const statuses = new Set(['quote', 'unpaid', 'paid', 'void'])

export type InvoiceStatusChange = { id: string; status: 'quote' | 'unpaid' | 'paid' | 'void' }

function parseChange(payload: string): InvoiceStatusChange | null {
  try {
    const value = JSON.parse(payload) as Partial<InvoiceStatusChange>
    if (typeof value.id !== 'string' || typeof value.status !== 'string' || !statuses.has(value.status)) return null
    return { id: value.id, status: value.status }
  } catch {
    return null
  }
}

/**
 * Calls `onChange` whenever the given invoice changes, on any server instance (PostgreSQL
 * LISTEN on 'invoice_changed'). Resolves to the function that stops listening.
 * @example
 * const unsubscribe = await subscribeToInvoice(id, ({ status }) => send(status))
 * request.signal.addEventListener('abort', () => void unsubscribe())
 */
export async function subscribeToInvoice(
  invoiceId: string,
  onChange: (change: InvoiceStatusChange) => void,
): Promise<() => Promise<void>> {
  const database = await getDatabase()
  const stop = await database.listen(INVOICE_CHANGED_CHANNEL, (payload) => {
    const change = parseChange(payload)
    if (change?.id === invoiceId) onChange(change)
  })
  let stopped = false
  return async () => {
    if (stopped) return
    stopped = true
    await stop().catch((err) => logger.warn({ err, invoiceId }, 'Invoice subscription did not stop cleanly'))
  }
}
