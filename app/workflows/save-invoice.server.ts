import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { listProductsByIds } from '#app/modules/catalog/index.server.ts'
import { createInvoice, type SavedInvoiceDto, updateInvoice } from '#app/modules/invoices/index.server.ts'
import { INVOICE_IS_VOID, type InvoiceForm } from '#app/modules/invoices/schemas.ts'
import type { OrderActor } from '#app/modules/orders/index.server.ts'
import { invoiceAudit } from './invoice-audit.server.ts'
import { markOrderPaidByShop } from './orders/order-of-invoice.server.ts'
import { expireInvoicePaymentSessions } from './pay-invoice.server.ts'

export type SaveInvoiceResult =
  | { ok: true; invoice: SavedInvoiceDto }
  | { ok: false; reason: 'invalid' | 'not-found' | 'void'; message: string }

/**
 * The back-office's Save on an invoice or quote (back-office §2): a validated form becomes a new
 * invoice, or replaces the one with `invoiceId`. The total is computed from the items by the
 * invoices module; a change to an existing invoice is announced to its open pages.
 * @example
 * const parsed = InvoiceFormSchema.safeParse(invoiceFormValues(formData))
 * if (parsed.success) await saveInvoice(parsed.data, { invoiceId })
 */
export async function saveInvoice(
  form: InvoiceForm,
  { invoiceId, actor }: { invoiceId?: string; actor?: OrderActor } = {},
): Promise<SaveInvoiceResult> {
  // Step 1: the customer must exist; the invoice is billed to their e-mail.
  const customer = await retrieveProfile(form.userId)
  if (!customer) return invalid('That customer does not exist any more. Please select another one.')
  // Step 2: an item may name a product of the catalog (any status), never an unknown one.
  const productIds = [...new Set(form.items.flatMap((item) => (item.productId ? [item.productId] : [])))]
  if (productIds.length > 0) {
    const known = new Set((await listProductsByIds(productIds)).map((product) => product.id))
    if (productIds.some((id) => !known.has(id))) return invalid('A chosen product does not exist any more.')
  }
  // Step 3: store it; the invoices module computes the total.
  const input = { userId: customer.id, email: customer.email, status: form.status, items: form.items }
  const audit = actor ? invoiceAudit(actor) : undefined
  if (!invoiceId) return { ok: true, invoice: await createInvoice(input, undefined, audit) }
  const invoice = await updateInvoice(invoiceId, input, audit)
  if (!invoice) return { ok: false, reason: 'not-found', message: 'Invoice not found.' }
  if (invoice === 'void') return { ok: false, reason: 'void', message: INVOICE_IS_VOID }
  // Step 4: a payment started for the invoice as it was can no longer pay it.
  await expireInvoicePaymentSessions(invoice.id)
  // Step 5: an invoice of an order saved as paid makes its order paid too.
  if (invoice.status === 'paid' && actor) await markOrderPaidByShop(invoice.id, actor)
  return { ok: true, invoice }
}

function invalid(message: string): SaveInvoiceResult {
  return { ok: false, reason: 'invalid', message }
}
