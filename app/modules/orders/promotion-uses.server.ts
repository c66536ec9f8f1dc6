import { and, count, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { checkouts, orders } from './schema.server.ts'

/** Whose uses count against a limit per customer: their account, and orders placed with their e-mail. */
export type PromotionCustomer = { userId: string; email: string }

const activeOrder = ne(orders.status, 'cancelled')

function openCheckout(now: Date) {
  return and(eq(checkouts.status, 'open'), gt(checkouts.expiresAt, now))
}

function ordersOf(customer: PromotionCustomer): SQL | undefined {
  return or(eq(orders.userId, customer.userId), sql`lower(${orders.email}) = lower(${customer.email})`)
}

/**
 * How many times each promotion has been used: its orders, less the cancelled ones (a cancelled
 * order gives its use back).
 * @example const uses = await countPromotionOrders([id]); uses.get(id) // 3
 */
export async function countPromotionOrders(promotionIds: readonly string[]): Promise<Map<string, number>> {
  const uses = new Map<string, number>()
  if (promotionIds.length === 0) return uses
  const db = await getDb()
  const rows = await db
    .select({ promotionId: orders.promotionId, uses: count() })
    .from(orders)
    .where(and(inArray(orders.promotionId, [...promotionIds]), activeOrder))
    .groupBy(orders.promotionId)
  for (const row of rows) if (row.promotionId) uses.set(row.promotionId, row.uses)
  return uses
}

/**
 * The uses a usage limit counts: the promotion's orders (not cancelled) and its checkouts still open
 * at the provider, which hold a use until they are paid or lapse. With a customer, also theirs.
 * Call it in the transaction that locked the promotion (lockPromotionLimits), so that two checkouts
 * cannot both take the last use.
 * @example const { total, byCustomer } = await countPromotionUses(id, { customer, now }, tx)
 */
export async function countPromotionUses(
  promotionId: string,
  { customer, now = new Date() }: { customer?: PromotionCustomer | null; now?: Date } = {},
  tx?: DbOrTx,
): Promise<{ total: number; byCustomer: number }> {
  const db = tx ?? (await getDb())
  const checkoutOf = customer
    ? or(eq(checkouts.userId, customer.userId), sql`lower(${checkouts.email}) = lower(${customer.email})`)
    : undefined
  const [[placed], [held]] = await Promise.all([
    db
      .select({
        total: count(),
        byCustomer: customer
          ? sql<number>`count(*) filter (where ${ordersOf(customer)})`.mapWith(Number)
          : sql<number>`0`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.promotionId, promotionId), activeOrder)),
    db
      .select({
        total: count(),
        byCustomer: checkoutOf
          ? sql<number>`count(*) filter (where ${checkoutOf})`.mapWith(Number)
          : sql<number>`0`.mapWith(Number),
      })
      .from(checkouts)
      .where(and(eq(checkouts.promotionId, promotionId), openCheckout(now))),
  ])
  return { total: placed.total + held.total, byCustomer: placed.byCustomer + held.byCustomer }
}
