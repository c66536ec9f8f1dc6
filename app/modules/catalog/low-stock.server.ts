import { and, asc, eq, lte, sql } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { countUpToLimit } from '#app/utils/list-queries.server.ts'
import { lowOnStock, products, stockAlerts } from './schema.server.ts'
import type { LowStockProduct } from './types.ts'

/**
 * Not archived, with stock at or below the product's own low-stock threshold: the condition of the
 * partial indexes that find these products (catalog/schema.server.ts), spelled once for both.
 */
export const isLowOnStock = lowOnStock(products)

const lowStockColumns = {
  id: products.id,
  title: products.title,
  sku: products.sku,
  status: products.status,
  stockQuantity: products.stockQuantity,
  lowStockThreshold: products.lowStockThreshold,
}

const emptiestFirst = [asc(products.stockQuantity), asc(products.title), asc(products.id)]

/**
 * The products the shop should restock: not archived (hidden ones too, they may come back), with
 * stock at or below their threshold, the emptiest first.
 * @example const low = await listLowStockProducts() // [{ id, title: 'Bike Mount', stockQuantity: 1, lowStockThreshold: 3, … }]
 */
export async function listLowStockProducts({ limit }: { limit?: number } = {}): Promise<LowStockProduct[]> {
  const db = await getDb()
  const query = db
    .select(lowStockColumns)
    .from(products)
    .where(isLowOnStock)
    .orderBy(...emptiestFirst)
  return limit ? query.limit(limit) : query
}

/**
 * The first `limit` products to restock (as {@link listLowStockProducts} orders them) and how many
 * there are (counted up to the lists' limit, rules/list-counts.ts), in one query.
 * @example const { products, total } = await lowStockSummary({ limit: 10 }) // total 14, 10 products
 */
export async function lowStockSummary({
  limit,
}: {
  limit: number
}): Promise<{ products: LowStockProduct[]; total: number }> {
  const db = await getDb()
  // The count rides along on each row; no row means none to count.
  const rows = await db
    .select({ ...lowStockColumns, total: countUpToLimit(products, isLowOnStock) })
    .from(products)
    .where(isLowOnStock)
    .orderBy(...emptiestFirst)
    .limit(limit)
  return { products: rows.map(({ total: _total, ...product }) => product), total: rows[0]?.total ?? 0 }
}

/**
 * Takes the right to send the alert `name` now: true when it was never sent or was last sent at
 * least `everyMs` before `now`, and records `now` as its last sending. One statement under the
 * row's lock, so of several callers at once (several server instances) exactly one gets true.
 * @example if (await claimStockAlert('daily-low-stock', { now, everyMs: DAY_MS })) await sendTheMail()
 */
export async function claimStockAlert(name: string, { now, everyMs }: { now: Date; everyMs: number }) {
  const db = await getDb()
  const due = new Date(now.getTime() - everyMs)
  const rows = await db
    .insert(stockAlerts)
    .values({ name, lastSentAt: now })
    .onConflictDoUpdate({
      target: stockAlerts.name,
      set: { lastSentAt: now },
      setWhere: lte(stockAlerts.lastSentAt, sql`${due.toISOString()}::timestamptz`),
    })
    .returning({ name: stockAlerts.name })
  return rows.length > 0
}

/**
 * Gives back a claim whose alert could not be sent, so the next check tries again. Only the claim
 * made at `claimedAt` is given back, never a later one.
 * @example await releaseStockAlert('daily-low-stock', now)
 */
export async function releaseStockAlert(name: string, claimedAt: Date) {
  const db = await getDb()
  await db.delete(stockAlerts).where(and(eq(stockAlerts.name, name), eq(stockAlerts.lastSentAt, claimedAt)))
}
