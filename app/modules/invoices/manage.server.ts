import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { CalendarDay } from '#app/rules/calendar.ts'
import { changedFields, createdFields, type FieldChange } from '#app/rules/changes.ts'
import { withinDays } from '#app/utils/calendar-sql.server.ts'
import { type DbOrTx, getDb, inTransaction } from '#app/utils/db.server.ts'
import { emailContaining } from '#app/utils/email-search.server.ts'
import { idStartingWith } from '#app/utils/id-references.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import {
  type ExportPosition,
  idsReadOnce,
  inSubquery,
  isSubquery,
  iterateNewestFirst,
  type PageRequest,
  selectNewestFirstPage,
} from '#app/utils/list-queries.server.ts'
import { adminInvoiceColumns, invoiceItemsColumn, itemsByInvoice } from './invoice-rows.server.ts'
import { notifyInvoiceChanged } from './notify.server.ts'
import { invoiceItems, invoices } from './schema.server.ts'
import {
  INVOICE_SEARCH_MAX_LENGTH,
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
 * The back-office list's filter. `search` is the admin's text, found in the invoice's id (its
 * start) and billing e-mail, plus the customers and orders a workflow found for it elsewhere (by
 * name, by order number). `dates` reads the day an invoice was written or paid, in the shop's time zone.
 */
export type InvoiceListFilter = {
  status?: InvoiceStatus
  payment?: 'all' | 'real' | 'test'
  search?: { text: string; userIds?: readonly string[] | SQL; orderIds?: readonly string[] | SQL }
  dates?: { from?: CalendarDay; to?: CalendarDay; by: 'created' | 'paid'; timeZone: string }
  /** Only these invoices (a bulk selection). */
  ids?: readonly string[]
}

function whereOf({ status, payment = 'all', search, dates, ids }: InvoiceListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    ids ? (ids.length ? inArray(invoices.id, ids.filter(isUuid)) : sql`false`) : undefined,
    status ? eq(invoices.status, status) : undefined,
    payment === 'all' ? undefined : eq(invoices.testPayment, payment === 'test'),
  ]
  const text = search?.text.trim().replace(/^#/, '').slice(0, INVOICE_SEARCH_MAX_LENGTH) ?? ''
  if (search && text) {
    const matches: SQL[] = [emailContaining(invoices.email, text)]
    const byId = idStartingWith(invoices.id, text)
    if (byId) matches.push(byId)
    const { userIds } = search
    if (isSubquery(userIds)) matches.push(inSubquery(invoices.userId, userIds))
    else if (userIds?.length) matches.push(inArray(invoices.userId, [...userIds]))
    const { orderIds } = search
    if (isSubquery(orderIds)) matches.push(inSubquery(invoices.orderId, orderIds))
    else if (orderIds?.length) matches.push(inArray(invoices.orderId, [...orderIds]))
    conditions.push(or(...matches))
  }
  if (dates) conditions.push(withinDays(dates.by === 'paid' ? invoices.paymentDate : invoices.createdAt, dates))
  return and(...conditions)
}

/**
 * Every invoice and quote for the back-office matching a filter, newest first, with their items in
 * order; `total` counts every match for paging.
 * @example const { invoices, total } = await listAllInvoices({ status: 'unpaid', limit: 50, offset: 0 })
 */
export async function listAllInvoices({
  limit,
  offset = 0,
  ...filter
}: InvoiceListFilter & PageRequest): Promise<{ invoices: AdminInvoiceDto[]; total: number }> {
  const db = await getDb()
  // The customers a search found are filtered on by the page and by its count: read once.
  const { search } = filter
  const customers = idsReadOnce(db, 'matching_customers', search?.userIds)
  const where = whereOf(search ? { ...filter, search: { ...search, userIds: customers.ids } } : filter)
  const columns = { ...adminInvoiceColumns, items: invoiceItemsColumn }
  const { rows, total } = await selectNewestFirstPage(db, invoices, columns, {
    where,
    limit,
    offset,
    shared: customers.shared,
  })
  return { invoices: rows, total }
}

/**
 * Every invoice matching a filter, newest first, in batches with their items: for an export of any
 * size. Each batch continues after the last invoice read, so a change during the export never
 * repeats or skips one.
 * @example for await (const batch of iterateInvoices({ status: 'paid' })) write(batch)
 */
export async function* iterateInvoices(filter: InvoiceListFilter, batchSize = 500): AsyncGenerator<AdminInvoiceDto[]> {
  const db = await getDb()
  const select = (position: ExportPosition) =>
    db
      .select({ ...adminInvoiceColumns, ...position })
      .from(invoices)
      .$dynamic()
  for await (const rows of iterateNewestFirst(select, { from: invoices, where: whereOf(filter), batchSize })) {
    yield await withItems(db, rows)
  }
}

async function withItems<Row extends { id: string }>(
  db: DbOrTx,
  rows: Row[],
): Promise<(Row & { items: InvoiceItemDto[] })[]> {
  const itemsOf = await itemsByInvoice(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({ ...row, items: itemsOf.get(row.id) ?? [] }))
}

/**
 * Creates an invoice or quote for a customer, optionally for one of their orders. The total is the
 * sum of quantity times unit price, computed here from the items; a paid invoice is paid now.
 * @example const { id, totalCents } = await createInvoice({ userId, email, status: 'unpaid', items })
 * @example await createInvoice({ userId, email, orderId: order.id, status: 'unpaid', items }, tx)
 */
export async function createInvoice(input: InvoiceInput, tx?: DbOrTx, audit?: InvoiceAudit): Promise<SavedInvoiceDto> {
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
    if (audit) {
      const after = auditedInvoice({ ...valid, totalCents: invoice.totalCents })
      const changes = createdFields(after)
      await audit(db, { invoiceId: invoice.id, action: 'created', changes })
    }
    return invoice
  }
  return inTransaction(tx, write)
}

/**
 * Told of an admin's change inside its transaction, so a caller can record it (the activity log)
 * in the same commit without this module knowing of it.
 */
export type InvoiceAudit = (
  tx: DbOrTx,
  change: {
    invoiceId: string
    action: 'created' | 'updated' | 'status-changed' | 'voided' | 'deleted'
    /** Each field that changed, before and after (null before a create, after a delete). */
    changes: Record<string, FieldChange>
  },
) => Promise<void>

/** An invoice's fields as the activity log compares them: items as 'quantity × description @ price'. */
function auditedInvoice(invoice: {
  email: string | null
  status: InvoiceStatus
  totalCents: number
  items: readonly { description: string; quantity: number; unitPriceCents: number }[]
}) {
  return {
    customer: invoice.email,
    status: invoice.status,
    totalCents: invoice.totalCents,
    items: invoice.items.map((item) => `${item.quantity} × ${item.description} @ ${item.unitPriceCents}`),
  }
}

const statusChange = (before: InvoiceStatus, after: InvoiceStatus | null) => ({ status: { before, after } })

/** The invoice's status under its row's lock, until the transaction ends; null when there is none. */
async function lockedStatus(tx: DbOrTx, invoiceId: string): Promise<InvoiceStatus | null> {
  const [row] = await tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update')
  return row?.status ?? null
}

/**
 * Replaces an invoice's customer, status and items, and its total computed from them; null when
 * there is no such invoice, 'void' when it was voided (it stays as it is). Open invoice pages are
 * told once it is saved. It runs in its own transaction (no `tx`) so that the announcement can
 * only follow a committed change.
 * @example const saved = await updateInvoice(id, { userId, email, status: 'paid', items })
 */
export async function updateInvoice(
  invoiceId: string,
  input: InvoiceInput,
  audit?: InvoiceAudit,
): Promise<SavedInvoiceDto | null | 'void'> {
  const valid = InvoiceInputSchema.parse(input)
  if (!isUuid(invoiceId)) return null
  const db = await getDb()
  const saved = await db.transaction(async (tx) => {
    const status = await lockedStatus(tx, invoiceId)
    if (status === null || status === 'void') return status
    const [before] = audit
      ? await withItems(
          tx,
          await tx
            .select({
              id: invoices.id,
              userId: invoices.userId,
              email: invoices.email,
              status: invoices.status,
              totalCents: invoices.totalCents,
            })
            .from(invoices)
            .where(eq(invoices.id, invoiceId)),
        )
      : []
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
    if (audit && before) {
      const changes = changedFields(
        auditedInvoice(before),
        auditedInvoice({ ...valid, totalCents: invoice.totalCents }),
      )
      if (Object.keys(changes).length > 0) await audit(tx, { invoiceId, action: 'updated', changes })
    }
    return invoice
  })
  if (saved && saved !== 'void') await notifyInvoiceChanged(saved.id, saved.status)
  return saved
}

/**
 * Sets an invoice's status (back-office §4: any status, freely) and tells open invoice pages when
 * it changed. Null when there is no such invoice; 'void' when it was voided (no status leaves void).
 * @example const result = await setInvoiceStatus(id, 'paid') // { id, status: 'paid', totalCents, changed: true }
 */
export async function setInvoiceStatus(
  invoiceId: string,
  status: InvoiceStatus,
  audit?: InvoiceAudit,
): Promise<(SavedInvoiceDto & { changed: boolean }) | null | 'void'> {
  if (!isUuid(invoiceId) || !(INVOICE_STATUSES as readonly string[]).includes(status)) return null
  const db = await getDb()
  const result = await db.transaction(async (tx) => {
    const current = await lockedStatus(tx, invoiceId)
    if (current === null || current === 'void') return current
    const before = { status: current }
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
    if (invoice && before.status !== status) {
      await audit?.(tx, { invoiceId, action: 'status-changed', changes: statusChange(before.status, status) })
    }
    return invoice ? { ...invoice, changed: before.status !== status } : null
  })
  if (result && result !== 'void' && result.changed) await notifyInvoiceChanged(result.id, result.status)
  return result
}

/**
 * Voids an unpaid or paid invoice: it stays in the records, marked void with the day it was voided,
 * and can no longer be paid (payment sessions opened before no longer match its version), changed
 * or deleted; it leaves the revenue and the unpaid figures. A quote is deleted instead.
 * @example const outcome = await voidInvoice(id) // 'voided'
 */
export async function voidInvoice(
  invoiceId: string,
  audit?: InvoiceAudit,
): Promise<'voided' | 'not-found' | 'void' | 'quote'> {
  if (!isUuid(invoiceId)) return 'not-found'
  const db = await getDb()
  const outcome = await db.transaction(async (tx) => {
    const status = await lockedStatus(tx, invoiceId)
    if (status === null) return 'not-found'
    if (status === 'void' || status === 'quote') return status
    await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: new Date(), version: sql`${invoices.version} + 1`, updatedAt: new Date() })
      .where(eq(invoices.id, invoiceId))
    await audit?.(tx, { invoiceId, action: 'voided', changes: statusChange(status, 'void') })
    return 'voided'
  })
  if (outcome === 'voided') await notifyInvoiceChanged(invoiceId, 'void')
  return outcome
}

/**
 * Deletes a quote or an unpaid invoice with its items. A paid invoice is a record of money taken
 * and stays ('paid'), as does a voided one ('void'); 'not-found' when there was none. Open pages are not told: the
 * 'invoice_changed' payload is a status, and a deleted invoice has none; the page says it is gone
 * the next time it loads.
 * @example const outcome = await deleteInvoice(id) // 'deleted'
 */
export async function deleteInvoice(
  invoiceId: string,
  audit?: InvoiceAudit,
): Promise<'deleted' | 'not-found' | 'paid' | 'void'> {
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
    if (row.status === 'paid' || row.status === 'void') return row.status
    await tx.delete(invoices).where(eq(invoices.id, invoiceId))
    await audit?.(tx, { invoiceId, action: 'deleted', changes: statusChange(row.status, null) })
    return 'deleted'
  })
}
