import { eq, sql } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { expireOpenPaymentSessions } from './payments.server.ts'
import { declaredPayments, invoices } from './schema.server.ts'
import type { DeclaredPaymentResult } from './types.ts'

/**
 * A customer's Mark as Paid (storefront §4, DESIGN 8): their own unpaid invoice becomes paid now,
 * recorded as a payment they declared (who and when), not as a card payment. Like any change it
 * bumps the invoice's version and expires its open Pay Now sessions in the database; the caller
 * expires those at the provider and announces the change once this has committed (decision 017).
 * Someone else's invoice and an unknown or malformed id are 'not-found'; a paid invoice or a quote
 * is 'not-unpaid'. Either way nothing changes.
 * @example
 * const result = await declareInvoicePaid(invoiceId, viewer.id)
 * if (result.ok) await expireAtProvider(result.expiredSessions)
 */
export async function declareInvoicePaid(invoiceId: string, userId: string): Promise<DeclaredPaymentResult> {
  if (!isUuid(invoiceId) || !isUuid(userId)) return { ok: false, reason: 'not-found' }
  const db = await getDb()
  return db.transaction(async (tx) => {
    // Locked, so a Pay Now being opened or an admin's edit waits for this (or this for them).
    const [invoice] = await tx
      .select({ userId: invoices.userId, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update')
    if (!invoice || invoice.userId !== userId) return { ok: false, reason: 'not-found' }
    if (invoice.status !== 'unpaid') return { ok: false, reason: 'not-unpaid' }
    // Both times are the transaction's now(), so the back-office can tell that the invoice's payment
    // date is this declaration's (and not a later card payment or an admin's status change).
    const [declared] = await tx
      .insert(declaredPayments)
      .values({ invoiceId, userId, declaredAt: sql`now()` })
      .returning({ declaredAt: declaredPayments.declaredAt })
    await tx
      .update(invoices)
      .set({
        status: 'paid',
        paymentDate: sql`now()`,
        // Declared by the customer, not paid through the demo checkout.
        testPayment: false,
        version: sql`${invoices.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId))
    const expiredSessions = await expireOpenPaymentSessions(invoiceId, tx)
    return { ok: true, invoiceId, declaredAt: declared.declaredAt, expiredSessions }
  })
}
