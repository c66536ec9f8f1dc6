import { and, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '#app/utils/db.server.ts'
import { invoices } from './schema.server.ts'

/**
 * Writes the account's e-mail onto its invoices and quotes that have none, before the account is
 * deleted: they stay (the foreign key sets the user to null) and the back-office still shows whose
 * they were.
 * @example await keepInvoiceEmailsOfUser(user.id, user.email, tx)
 */
export async function keepInvoiceEmailsOfUser(userId: string, email: string, tx: DbOrTx) {
  await tx
    .update(invoices)
    .set({ email })
    .where(and(eq(invoices.userId, userId), isNull(invoices.email)))
}
