import { and, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '#app/utils/db.server.ts'
import { checkouts, orders } from './schema.server.ts'

/**
 * Writes the account's e-mail onto its orders and checkouts that have none, before the account is
 * deleted: the rows stay (the foreign key sets the user to null) and still say whose they were.
 * @example await keepOrderEmailsOfUser(user.id, user.email, tx)
 */
export async function keepOrderEmailsOfUser(userId: string, email: string, tx: DbOrTx) {
  await tx
    .update(orders)
    .set({ email })
    .where(and(eq(orders.userId, userId), isNull(orders.email)))
  await tx
    .update(checkouts)
    .set({ email })
    .where(and(eq(checkouts.userId, userId), isNull(checkouts.email)))
}
