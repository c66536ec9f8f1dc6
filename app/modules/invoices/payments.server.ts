import { and, desc, eq, isNull, ne } from 'drizzle-orm'
import { formatMoney } from '#app/rules/money.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { pickColumns } from '#app/utils/pick.ts'
import { itemsByInvoice } from './invoice-rows.server.ts'
import { invoicePaymentSessions, invoicePayments, invoices } from './schema.server.ts'
import type {
  FlaggedInvoicePaymentDto,
  InvoicePaymentOutcome,
  OpenPaymentSession,
  PayableInvoiceDto,
  ReceivedInvoicePayment,
} from './types.ts'

/**
 * The invoice as Pay Now charges it, locked until the transaction ends so that an admin's edit
 * waits for it (or it for the edit); null when unknown.
 * @example const invoice = await lockPayableInvoice(id, tx)
 */
export async function lockPayableInvoice(invoiceId: string, tx: DbOrTx): Promise<PayableInvoiceDto | null> {
  if (!isUuid(invoiceId)) return null
  const locked = await lockInvoice(invoiceId, tx)
  if (!locked) return null
  const { email: _email, ...invoice } = locked
  const items = (await itemsByInvoice(tx, [invoiceId])).get(invoiceId) ?? []
  return {
    ...invoice,
    items: items.map(({ description, quantity, unitPriceCents }) => ({ description, quantity, unitPriceCents })),
  }
}

/** What a payment is judged against, locked until the transaction ends (an admin's edit waits). */
async function lockInvoice(invoiceId: string, tx: DbOrTx) {
  const [invoice] = await tx
    .select(pickColumns(invoices, ['id', 'userId', 'status', 'totalCents', 'version', 'email']))
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update')
  return invoice ?? null
}

/**
 * Marks every open payment session of an invoice expired and returns them, so the caller can
 * expire them at the provider too. Called when the invoice changes and when Pay Now opens a new
 * session: one invoice is never payable through two sessions.
 * @example const stale = await expireOpenPaymentSessions(invoice.id, tx)
 */
export async function expireOpenPaymentSessions(invoiceId: string, tx?: DbOrTx): Promise<OpenPaymentSession[]> {
  if (!isUuid(invoiceId)) return []
  const db = tx ?? (await getDb())
  return db
    .update(invoicePaymentSessions)
    .set({ status: 'expired' })
    .where(and(eq(invoicePaymentSessions.invoiceId, invoiceId), eq(invoicePaymentSessions.status, 'open')))
    .returning({
      provider: invoicePaymentSessions.provider,
      providerSessionId: invoicePaymentSessions.providerSessionId,
    })
}

/**
 * Records a provider session opened for an invoice, with the amount and the invoice version it was
 * opened for. False when the invoice changed since `invoiceVersion` was read: the session is then
 * recorded as expired and must be expired at the provider.
 * @example const current = await recordPaymentSession({ invoiceId, userId, provider: 'stripe', providerSessionId, amountCents, invoiceVersion, expiresAt })
 */
export async function recordPaymentSession(input: {
  invoiceId: string
  userId: string | null
  provider: string
  providerSessionId: string
  amountCents: number
  invoiceVersion: number
  expiresAt: Date
}): Promise<boolean> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({ version: invoices.version, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, input.invoiceId))
      .for('update')
    if (!invoice) return false
    const current = invoice.version === input.invoiceVersion && invoice.status === 'unpaid'
    await tx.insert(invoicePaymentSessions).values({ ...input, status: current ? 'open' : 'expired' })
    return current
  })
}

/**
 * Judges a payment the provider reports for an invoice session and records it, whatever it did.
 * The invoice is marked paid only when the session was opened by this shop for the invoice's
 * current version and the amount paid equals its current total; otherwise the payment is recorded
 * and flagged for the shop ('Payment does not match the invoice'), and a payment for an invoice
 * that is already paid is flagged for a refund. Runs inside the payment event's transaction; a
 * second event about the same session ('completed', then 'async_payment_succeeded') finds the
 * payment already recorded and changes nothing.
 * @example const { outcome } = await receiveInvoicePayment({ invoiceId, provider: 'stripe', providerSessionId, amountCents: 30000, ... }, tx)
 */
export async function receiveInvoicePayment(
  payment: ReceivedInvoicePayment,
  tx: DbOrTx,
): Promise<{
  outcome: InvoicePaymentOutcome | 'unchanged'
  invoiceId: string | null
  note: string | null
  amountCents: number
  /** The invoice's billing e-mail, for the receipt. */
  email: string | null
}> {
  const [session] = await tx
    .select()
    .from(invoicePaymentSessions)
    .where(eq(invoicePaymentSessions.providerSessionId, payment.providerSessionId))
    .for('update')
  const invoiceId = session?.invoiceId ?? (isUuid(payment.invoiceId) ? payment.invoiceId : null)
  const [recorded] = await tx
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.provider, payment.provider),
        eq(invoicePayments.providerSessionId, payment.providerSessionId),
      ),
    )
  if (recorded) return { outcome: 'unchanged', invoiceId, note: null, amountCents: 0, email: null }

  const invoice = invoiceId ? await lockInvoice(invoiceId, tx) : null
  const amountCents = payment.amountCents ?? session?.amountCents ?? 0
  const { outcome, note } = judge()
  function judge(): { outcome: InvoicePaymentOutcome; note: string | null } {
    if (!invoice) return { outcome: 'mismatch', note: 'The invoice no longer exists: refund this payment.' }
    if (invoice.status === 'paid')
      return { outcome: 'duplicate', note: 'The invoice was already paid: refund this payment.' }
    if (invoice.status === 'void') return { outcome: 'mismatch', note: 'The invoice was voided: refund this payment.' }
    if (!session || session.invoiceId !== invoiceId) {
      return { outcome: 'mismatch', note: 'This payment was not started from the invoice page of this shop.' }
    }
    if (session.invoiceVersion !== invoice.version || invoice.status !== 'unpaid') {
      return {
        outcome: 'mismatch',
        note: `The invoice was changed after this payment of ${formatMoney(amountCents)} was started; it is now ${formatMoney(invoice.totalCents)}.`,
      }
    }
    if (amountCents !== invoice.totalCents) {
      return {
        outcome: 'mismatch',
        note: `Paid ${formatMoney(amountCents)}; the invoice is ${formatMoney(invoice.totalCents)}.`,
      }
    }
    return { outcome: 'applied', note: null }
  }

  await tx.insert(invoicePayments).values({
    invoiceId: invoice ? invoiceId : null,
    provider: payment.provider,
    providerSessionId: payment.providerSessionId,
    paymentReference: payment.paymentReference,
    amountCents,
    testPayment: payment.testPayment,
    outcome,
    note,
    receivedAt: payment.paidAt,
  })
  if (session) {
    await tx
      .update(invoicePaymentSessions)
      .set({ status: 'completed' })
      .where(eq(invoicePaymentSessions.id, session.id))
  }
  if (outcome === 'applied' && invoiceId) {
    await tx
      .update(invoices)
      .set({
        status: 'paid',
        paymentDate: payment.paidAt,
        paymentReference: payment.paymentReference ?? payment.providerSessionId,
        testPayment: payment.testPayment,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId))
  }
  return { outcome, invoiceId: invoice ? invoiceId : null, note, amountCents, email: invoice?.email ?? null }
}

/**
 * Payments the shop has to look at (not matching the invoice, or paying one twice), newest first;
 * those of one invoice when `invoiceId` is given.
 * @example const flagged = await listFlaggedInvoicePayments()
 */
export async function listFlaggedInvoicePayments({
  invoiceId,
  limit = 50,
}: {
  invoiceId?: string
  limit?: number
} = {}): Promise<FlaggedInvoicePaymentDto[]> {
  const db = await getDb()
  const where = [ne(invoicePayments.outcome, 'applied'), isNull(invoicePayments.resolvedAt)]
  if (invoiceId) where.push(eq(invoicePayments.invoiceId, invoiceId))
  return db
    .select({
      id: invoicePayments.id,
      invoiceId: invoicePayments.invoiceId,
      provider: invoicePayments.provider,
      paymentReference: invoicePayments.paymentReference,
      amountCents: invoicePayments.amountCents,
      testPayment: invoicePayments.testPayment,
      outcome: invoicePayments.outcome,
      note: invoicePayments.note,
      receivedAt: invoicePayments.receivedAt,
    })
    .from(invoicePayments)
    .where(and(...where))
    .orderBy(desc(invoicePayments.receivedAt))
    .limit(limit) as Promise<FlaggedInvoicePaymentDto[]>
}

/**
 * The shop has dealt with a flagged payment (refunded it, or accepted it by hand): it is no longer
 * flagged. Who and when are kept. False when there is no such flagged payment.
 * @example await resolveFlaggedInvoicePayment(paymentId, admin.id)
 */
export async function resolveFlaggedInvoicePayment(paymentId: string, adminId: string): Promise<boolean> {
  if (!isUuid(paymentId)) return false
  const db = await getDb()
  const rows = await db
    .update(invoicePayments)
    .set({ resolvedAt: new Date(), resolvedBy: adminId })
    .where(
      and(
        eq(invoicePayments.id, paymentId),
        ne(invoicePayments.outcome, 'applied'),
        isNull(invoicePayments.resolvedAt),
      ),
    )
    .returning({ id: invoicePayments.id })
  return rows.length > 0
}
