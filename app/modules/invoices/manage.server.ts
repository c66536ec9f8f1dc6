import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { notifyInvoiceChanged } from './notify.server.ts'
import { invoiceItems, invoices } from './schema.server.ts'
import {
  INVOICE_STATUSES,
  invoiceTotalCents,
  MAX_INVOICE_ITEMS,
  MAX_INVOICE_TOTAL_CENTS,
  MAX_ITEM_QUANTITY,
  MAX_UNIT_PRICE_CENTS,
} from './schemas.ts'
import type { AdminInvoiceDto, InvoiceInput, InvoiceItemDto, InvoiceStatus, SavedInvoiceDto } from './types.ts'

// The module checks its own invariants whatever the caller validated: a bad call is a programming
// error and throws before anything is written.
const InvoiceInputSchema = z
  .object({
    userId: z.uuid(),
    email: z.string().max(254).nullable(),
    orderId: z.uuid().nullish(),
    status: z.enum(INVOICE_STATUSES),
    items: z
      .array(
        z.object({
          description: z.string().trim().min(1).max(200),
          quantity: z.number().int().min(1).max(MAX_ITEM_QUANTITY),
          unitPriceCents: z.number().int().min(0).max(MAX_UNIT_PRICE_CENTS),
          productId: z.uuid().nullable(),
        }),
      )
      .min(1)
      .max(MAX_INVOICE_ITEMS),
    dueDate: z.iso.date().nullish(),
  })
  .refine((input) => invoiceTotalCents(input.items) <= MAX_INVOICE_TOTAL_CENTS, 'The invoice total is too large.')

/**
 * Payment date for a status an admin sets. Paid keeps the date it was first paid (a card payment's
 * or a customer's Mark as Paid), or is paid now. Quote or unpaid has no payment date: the invoice
 * is awaiting payment again (a refund, a mistake), and a stale date would tell the customer's
 * accounting hub it was settled. The provider's payment reference is kept as the audit trail.
 */
function paymentDateFor(status: InvoiceStatus) {
  return status === 'paid' ? sql`coalesce(${invoices.paymentDate}, now())` : null
}

async function insertItems(db: DbOrTx, invoiceId: string, items: InvoiceInput['items']) {
  await db.insert(invoiceItems).values(
    items.map((item, position) => ({
      invoiceId,
      position,
      description: item.description.trim(),
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      productId: item.productId,
    })),
  )
}

/**
 * Every invoice and quote for the back-office, newest first, optionally of one status, with their
 * items in order; `total` counts every match for paging.
 * @example const { invoices, total } = await listAllInvoices({ status: 'unpaid', limit: 50, offset: 0 })
 */
export async function listAllInvoices({
  status,
  payment = 'all',
  limit,
  offset = 0,
}: {
  status?: InvoiceStatus
  payment?: 'all' | 'real' | 'test'
  limit: number
  offset?: number
}): Promise<{ invoices: AdminInvoiceDto[]; total: number }> {
  const db = await getDb()
  const filter = and(
    status ? eq(invoices.status, status) : undefined,
    payment === 'all' ? undefined : eq(invoices.testPayment, payment === 'test'),
  )
  const [rows, [{ value: total }]] = await Promise.all([
    db
      .select({
        id: invoices.id,
        userId: invoices.userId,
        email: invoices.email,
        orderId: invoices.orderId,
        status: invoices.status,
        totalCents: invoices.totalCents,
        paymentDate: invoices.paymentDate,
        paymentReference: invoices.paymentReference,
        // The payment date is a customer's declaration's when both are the same transaction's now().
        // Written out: drizzle leaves columns unqualified in a one-table select, which a subquery misreads.
        declaredByCustomer: sql<boolean>`exists (select 1 from declared_payments dp where dp.invoice_id = invoices.id and dp.declared_at = invoices.payment_date)`,
        testPayment: invoices.testPayment,
        createdAt: invoices.createdAt,
        updatedAt: invoices.updatedAt,
      })
      .from(invoices)
      .where(filter)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(invoices).where(filter),
  ])
  const items = rows.length
    ? await db
        .select({
          id: invoiceItems.id,
          invoiceId: invoiceItems.invoiceId,
          productId: invoiceItems.productId,
          description: invoiceItems.description,
          quantity: invoiceItems.quantity,
          unitPriceCents: invoiceItems.unitPriceCents,
        })
        .from(invoiceItems)
        .where(
          inArray(
            invoiceItems.invoiceId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(invoiceItems.position))
    : []
  const itemsOf = new Map<string, InvoiceItemDto[]>()
  for (const { invoiceId, ...item } of items) {
    itemsOf.set(invoiceId, [...(itemsOf.get(invoiceId) ?? []), item])
  }
  return { invoices: rows.map((row) => ({ ...row, items: itemsOf.get(row.id) ?? [] })), total }
}

/**
 * Creates an invoice or quote for a customer, optionally for one of their orders. The total is the
 * sum of quantity times unit price, computed here from the items; a paid invoice is paid now.
 * @example const { id, totalCents } = await createInvoice({ userId, email, status: 'unpaid', items })
 * @example await createInvoice({ userId, email, orderId: order.id, status: 'unpaid', items }, tx)
 */
export async function createInvoice(input: InvoiceInput, tx?: DbOrTx): Promise<SavedInvoiceDto> {
  const valid = InvoiceInputSchema.parse(input)
  const write = async (db: DbOrTx) => {
    const [invoice] = await db
      .insert(invoices)
      .values({
        userId: valid.userId,
        email: valid.email,
        orderId: valid.orderId ?? null,
        status: valid.status,
        totalCents: invoiceTotalCents(valid.items),
        paymentDate: valid.status === 'paid' ? new Date() : null,
        dueDate: valid.dueDate ?? null,
      })
      .returning({ id: invoices.id, status: invoices.status, totalCents: invoices.totalCents })
    if (!invoice) throw new Error('The invoice was not stored')
    await insertItems(db, invoice.id, valid.items)
    return invoice
  }
  return tx ? write(tx) : (await getDb()).transaction(write)
}

/**
 * Replaces an invoice's customer, status and items, and its total computed from them; null when
 * there is no such invoice. Open invoice pages are told once it is saved. It runs in its own
 * transaction (no `tx`) so that the announcement can only follow a committed change.
 * @example const saved = await updateInvoice(id, { userId, email, status: 'paid', items })
 */
export async function updateInvoice(invoiceId: string, input: InvoiceInput): Promise<SavedInvoiceDto | null> {
  const valid = InvoiceInputSchema.parse(input)
  if (!isUuid(invoiceId)) return null
  const db = await getDb()
  const saved = await db.transaction(async (tx) => {
    const [invoice] = await tx
      .update(invoices)
      .set({
        userId: valid.userId,
        email: valid.email,
        status: valid.status,
        totalCents: invoiceTotalCents(valid.items),
        paymentDate: paymentDateFor(valid.status),
        // Payment sessions opened for the invoice as it was can no longer pay it.
        version: sql`${invoices.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId))
      .returning({ id: invoices.id, status: invoices.status, totalCents: invoices.totalCents })
    if (!invoice) return null
    await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId))
    await insertItems(tx, invoiceId, valid.items)
    return invoice
  })
  if (saved) await notifyInvoiceChanged(saved.id, saved.status)
  return saved
}

/**
 * Sets an invoice's status (back-office §4: any status, freely) and tells open invoice pages when
 * it changed. Null when there is no such invoice.
 * @example const result = await setInvoiceStatus(id, 'paid') // { id, status: 'paid', totalCents, changed: true }
 */
export async function setInvoiceStatus(
  invoiceId: string,
  status: InvoiceStatus,
): Promise<(SavedInvoiceDto & { changed: boolean }) | null> {
  if (!isUuid(invoiceId) || !INVOICE_STATUSES.includes(status)) return null
  const db = await getDb()
  const result = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update')
    if (!before) return null
    const [invoice] = await tx
      .update(invoices)
      .set({
        status,
        paymentDate: paymentDateFor(status),
        version: before.status === status ? invoices.version : sql`${invoices.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId))
      .returning({ id: invoices.id, status: invoices.status, totalCents: invoices.totalCents })
    return invoice ? { ...invoice, changed: before.status !== status } : null
  })
  if (result?.changed) await notifyInvoiceChanged(result.id, result.status)
  return result
}

/**
 * Deletes a quote or an unpaid invoice with its items. A paid invoice is a record of money taken
 * and stays ('paid'); 'not-found' when there was none. Open pages are not told: the
 * 'invoice_changed' payload is a status, and a deleted invoice has none; the page says it is gone
 * the next time it loads.
 * @example const outcome = await deleteInvoice(id) // 'deleted'
 */
export async function deleteInvoice(invoiceId: string): Promise<'deleted' | 'not-found' | 'paid'> {
  if (!isUuid(invoiceId)) return 'not-found'
  const db = await getDb()
  return db.transaction(async (tx) => {
    // Under the row's lock: a payment landing meanwhile either comes first (and the invoice
    // stays) or finds no invoice.
    const [row] = await tx
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update')
    if (!row) return 'not-found'
    if (row.status === 'paid') return 'paid'
    await tx.delete(invoices).where(eq(invoices.id, invoiceId))
    return 'deleted'
  })
}
