import { invoicePdf } from '#app/workflows/invoice-document.server.ts'
import { requireViewableInvoice } from './+shared/invoice-access.server.ts'
import type { Route } from './+types/invoice-pdf.ts'

/**
 * The invoice as a PDF (issue 12): for its customer and for admins, like the invoice page; anyone
 * else gets the page's 'Invoice not found or access denied.' and the way back to /account.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { invoice } = await requireViewableInvoice(request, params.invoiceId)
  const { bytes, fileName } = await invoicePdf(invoice)
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
