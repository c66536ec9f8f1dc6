import { deleteUser, retrieveUser } from '#app/modules/accounts/index.server.ts'
import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import { releaseQuoteModelsOfUser } from '#app/modules/instant-quote/index.server.ts'
import { keepInvoiceEmailsOfUser } from '#app/modules/invoices/index.server.ts'
import { keepOrderEmailsOfUser } from '#app/modules/orders/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { deleteQuoteModelFiles } from './instant-quote/quote-model-retention.server.ts'

export type DeleteUserResult =
  | { ok: true; email: string }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'invalid'; message: string }

/** Carries a refusal out of the transaction, so the steps before it are rolled back. */
class Refused extends Error {
  constructor(readonly result: Exclude<DeleteUserResult, { ok: true }>) {
    super('refused')
  }
}

/**
 * Deletes an account (back-office §4) and keeps its business records: orders, checkouts and
 * invoices stay, marked with the account's e-mail, in one transaction with the deletion. Its
 * uploaded quote models go with it, files too, except those something still refers to (decision 040).
 * An admin never deletes their own account, and the last admin is never deleted.
 * @example const result = await deleteUserKeepingRecords(userId, { actor: { id: admin.id, label: admin.email } })
 */
export async function deleteUserKeepingRecords(
  userId: string,
  { actor }: { actor: ActivityActor & { id: string } },
): Promise<DeleteUserResult> {
  const db = await getDb()
  let modelFiles: string[] = []
  try {
    const result = await db.transaction(async (tx) => {
      // Step 1: the account, or not found.
      const user = await retrieveUser(userId, tx)
      if (!user) throw new Refused({ ok: false, reason: 'not-found' })
      // Step 2: write its e-mail onto its orders and checkouts.
      await keepOrderEmailsOfUser(user.id, user.email, tx)
      // Step 3: and onto its invoices and quotes.
      await keepInvoiceEmailsOfUser(user.id, user.email, tx)
      // Step 3b: its uploaded models, but for those an order or another record still refers to.
      modelFiles = await releaseQuoteModelsOfUser(user.id, tx)
      // Step 4: delete the account (sessions and sign-in methods go with it).
      const deleted = await deleteUser(user.id, { actorId: actor.id }, tx)
      if (!deleted.ok) throw new Refused(deleted)
      // Step 5: the activity log's entry, in the same transaction.
      await recordActivity(
        {
          actor,
          action: 'user.deleted',
          recordType: 'user',
          recordId: user.id,
          recordLabel: user.email,
          changes: { email: { before: user.email, after: null }, fullName: { before: user.fullName, after: null } },
        },
        tx,
      )
      return { ok: true as const, email: user.email }
    })
    // Step 6: the deleted models' files, once the rows are gone for good.
    await deleteQuoteModelFiles(modelFiles)
    return result
  } catch (error) {
    if (error instanceof Refused) return error.result
    throw error
  }
}
