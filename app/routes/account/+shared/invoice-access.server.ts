import { retrieveInvoiceForViewer } from '#app/modules/invoices/index.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireUser } from '#app/wiring/permissions.server.ts'

/**
 * The signed-in viewer and the invoice they may see: their own, or any for an admin. An unknown
 * or someone else's invoice gets the same toast and the way back to /account (storefront §8).
 */
export async function requireViewableInvoice(request: Request, invoiceId: string | undefined) {
  const viewer = await requireUser(request)
  const invoice = invoiceId ? await retrieveInvoiceForViewer(invoiceId, viewer) : null
  if (!invoice) {
    throw await redirectWithToast('/account', { title: 'Invoice not found or access denied.', variant: 'destructive' })
  }
  return { viewer, invoice }
}
