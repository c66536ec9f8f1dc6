import { and, asc, count, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isProviderId, isUuid } from '#app/utils/ids.ts'
import { checkouts } from './schema.server.ts'
import type { CheckoutDto, CreateCheckoutRecordInput, HoldScope, ReleasedCheckoutDto } from './types.ts'

const checkoutColumns = {
  id: checkouts.id,
  userId: checkouts.userId,
  email: checkouts.email,
  shippingAddress: checkouts.shippingAddress,
  lines: checkouts.lines,
  subtotalCents: checkouts.subtotalCents,
  discountCents: checkouts.discountCents,
  shippingCents: checkouts.shippingCents,
  totalCents: checkouts.totalCents,
  promoCode: checkouts.promoCode,
  promotionId: checkouts.promotionId,
  provider: checkouts.provider,
  providerSessionId: checkouts.providerSessionId,
  status: checkouts.status,
  expiresAt: checkouts.expiresAt,
  orderId: checkouts.orderId,
  createdAt: checkouts.createdAt,
}

/**
 * Records a checkout that has just reserved its stock; status 'open' until paid or expired.
 * @example const { id } = await createCheckoutRecord({ userId, email, lines, ... }, tx)
 */
export async function createCheckoutRecord(input: CreateCheckoutRecordInput, tx?: DbOrTx): Promise<{ id: string }> {
  const db = tx ?? (await getDb())
  const [row] = await db.insert(checkouts).values(input).returning({ id: checkouts.id })
  if (!row) throw new Error('The checkout was not stored')
  return row
}

/**
 * Links an open checkout to the provider's session and takes over the session's expiry.
 * @example await attachCheckoutSession(checkout.id, { providerSessionId: session.id, expiresAt: session.expiresAt })
 */
export async function attachCheckoutSession(
  id: string,
  session: { providerSessionId: string; expiresAt: Date },
  tx?: DbOrTx,
): Promise<void> {
  const db = tx ?? (await getDb())
  await db
    .update(checkouts)
    .set({ ...session, updatedAt: new Date() })
    .where(eq(checkouts.id, id))
}

/** A malformed id (from a URL) is unknown without asking the database. */
function isCheckoutKey(key: { id: string } | { providerSessionId: string }) {
  return 'id' in key ? isUuid(key.id) : isProviderId(key.providerSessionId)
}

/**
 * One checkout by id, or by the provider's session id; null when unknown.
 * @example const checkout = await retrieveCheckout({ providerSessionId: 'cs_demo_…' })
 */
export async function retrieveCheckout(
  key: { id: string } | { providerSessionId: string },
  tx?: DbOrTx,
): Promise<CheckoutDto | null> {
  if (!isCheckoutKey(key)) return null
  const db = tx ?? (await getDb())
  const where = 'id' in key ? eq(checkouts.id, key.id) : eq(checkouts.providerSessionId, key.providerSessionId)
  const [row] = await db.select(checkoutColumns).from(checkouts).where(where).limit(1)
  return row ?? null
}

/**
 * The checkout, locked until the transaction ends, so two events for one session (a webhook and
 * the demo page, or two instances) are applied one after the other. Use inside a transaction.
 * @example const checkout = await lockCheckout({ id: reference.id }, tx)
 */
export async function lockCheckout(
  key: { id: string } | { providerSessionId: string },
  tx: DbOrTx,
): Promise<CheckoutDto | null> {
  if (!isCheckoutKey(key)) return null
  const where = 'id' in key ? eq(checkouts.id, key.id) : eq(checkouts.providerSessionId, key.providerSessionId)
  const [row] = await tx.select(checkoutColumns).from(checkouts).where(where).limit(1).for('update')
  return row ?? null
}

/**
 * Marks a checkout paid by the order it became.
 * @example await markCheckoutCompleted(checkout.id, order.id, tx)
 */
export async function markCheckoutCompleted(id: string, orderId: string, tx?: DbOrTx): Promise<void> {
  const db = tx ?? (await getDb())
  await db.update(checkouts).set({ status: 'completed', orderId, updatedAt: new Date() }).where(eq(checkouts.id, id))
}

/**
 * Marks an open checkout expired; false when it was no longer open (its stock is then not
 * released a second time).
 * @example if (await markCheckoutExpired(checkout.id, tx)) await releaseStock(lines, tx)
 */
export async function markCheckoutExpired(id: string, tx?: DbOrTx): Promise<boolean> {
  const db = tx ?? (await getDb())
  const rows = await db
    .update(checkouts)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(checkouts.id, id), eq(checkouts.status, 'open')))
    .returning({ id: checkouts.id })
  return rows.length > 0
}

/**
 * Open checkouts whose expiry passed before `before`, oldest first.
 * @example const stale = await listLapsedCheckouts(new Date(Date.now() - grace), 100)
 */
export async function listLapsedCheckouts(before: Date, limit = 100): Promise<{ id: string }[]> {
  const db = await getDb()
  return db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.status, 'open'), lte(checkouts.expiresAt, before)))
    .orderBy(asc(checkouts.expiresAt))
    .limit(limit)
}

// A provider may report a payment up to three days after a session of at most a day expired.
const LATE_PAYMENT_DAYS = 4

/**
 * Whether a checkout that may still become an order holds this product: one that is open, or
 * expired in the last few days (a late payment still makes it an order, with this product's line).
 * @example if (await hasUnfinishedCheckoutWith(productId, tx)) return refuse()
 */
export async function hasUnfinishedCheckoutWith(productId: string, tx?: DbOrTx): Promise<boolean> {
  if (!isUuid(productId)) return false
  const db = tx ?? (await getDb())
  const since = new Date(Date.now() - LATE_PAYMENT_DAYS * 24 * 60 * 60 * 1000)
  const rows = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        or(eq(checkouts.status, 'open'), and(eq(checkouts.status, 'expired'), gte(checkouts.createdAt, since))),
        sql`${checkouts.lines} @> ${JSON.stringify([{ productId }])}::jsonb`,
      ),
    )
    .limit(1)
  return rows.length > 0
}

function scopeWhere(scope: HoldScope | { holderKey: string }): SQL {
  if ('holderKey' in scope) return eq(checkouts.holderKey, scope.holderKey)
  return 'userId' in scope
    ? eq(checkouts.userId, scope.userId)
    : (and(isNull(checkouts.userId), eq(checkouts.clientAddress, scope.guestAddress)) as SQL)
}

/**
 * Serialises checkouts of one hold scope until the transaction ends, so two checkouts started at
 * once cannot both pass the hold limits. Use inside a transaction.
 * @example await lockHoldScope({ guestAddress: '203.0.113.9' }, tx)
 */
export async function lockHoldScope(scope: HoldScope, tx: DbOrTx): Promise<void> {
  const key = 'userId' in scope ? `user:${scope.userId}` : `guest:${scope.guestAddress}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout-holds:${key}`}))`)
}

/**
 * How many checkouts a hold scope started since `since` (whatever became of them).
 * @example const recent = await countCheckoutsSince({ userId }, new Date(Date.now() - 60_000), tx)
 */
export async function countCheckoutsSince(scope: HoldScope, since: Date, tx?: DbOrTx): Promise<number> {
  const db = tx ?? (await getDb())
  const [row] = await db
    .select({ value: count() })
    .from(checkouts)
    .where(and(scopeWhere(scope), gte(checkouts.createdAt, since)))
  return row?.value ?? 0
}

/**
 * The units of each product a hold scope (or one holder) holds in open checkouts.
 * @example const held = await heldUnitsByProduct({ guestAddress }, tx) // Map { productId => 4 }
 */
export async function heldUnitsByProduct(
  scope: HoldScope | { holderKey: string },
  tx?: DbOrTx,
): Promise<Map<string, number>> {
  const db = tx ?? (await getDb())
  const rows = await db
    .select({ lines: checkouts.lines })
    .from(checkouts)
    .where(and(scopeWhere(scope), eq(checkouts.status, 'open')))
  const held = new Map<string, number>()
  for (const row of rows) {
    for (const line of row.lines) {
      // A print of the customer's own model holds no stock.
      if (line.productId !== null) held.set(line.productId, (held.get(line.productId) ?? 0) + line.quantity)
    }
  }
  return held
}

/**
 * Expires a holder's open checkouts (a new one replaces them) and returns each with its lines
 * given back to the caller to release, and its provider session to expire there.
 * @example const earlier = await expireOpenCheckoutsOfHolder('guest:…', tx)
 */
export async function expireOpenCheckoutsOfHolder(
  holderKey: string,
  tx: DbOrTx,
): Promise<(ReleasedCheckoutDto & { lines: CheckoutDto['lines'] })[]> {
  return tx
    .update(checkouts)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(checkouts.holderKey, holderKey), eq(checkouts.status, 'open')))
    .returning({
      id: checkouts.id,
      provider: checkouts.provider,
      providerSessionId: checkouts.providerSessionId,
      lines: checkouts.lines,
    })
}
