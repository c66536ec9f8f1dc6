import { and, eq, gte, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { products } from './schema.server.ts'

/** A line's product and quantity; a line of no product (a print of the customer's own model) takes no stock. */
export type StockLine = { productId: string | null; quantity: number }

/** Quantities per product, in id order: every transaction locks rows in the same order, so no deadlock. */
function perProduct(lines: readonly StockLine[]): [string, number][] {
  const totals = new Map<string, number>()
  for (const line of lines) {
    if (line.productId !== null) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity)
  }
  return [...totals.entries()].filter(([, quantity]) => quantity > 0).sort(([a], [b]) => a.localeCompare(b))
}

/**
 * Takes the quantities from stock, each only if that much is left (a conditional update, so
 * concurrent buyers never take more than there is). Returns the first product that fell short;
 * the caller must then roll its transaction back, as earlier products were already taken.
 * @example
 * const reserved = await reserveStock([{ productId, quantity: 2 }], tx)
 * if (!reserved.ok) throw new OutOfStock(reserved.productId)
 */
export async function reserveStock(
  lines: readonly StockLine[],
  tx: DbOrTx,
): Promise<{ ok: true } | { ok: false; productId: string }> {
  for (const [productId, quantity] of perProduct(lines)) {
    const taken = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}` })
      .where(and(eq(products.id, productId), gte(products.stockQuantity, quantity)))
      .returning({ id: products.id })
    if (taken.length === 0) return { ok: false, productId }
  }
  return { ok: true }
}

/**
 * Takes the quantities from stock even if less is left, never below zero: for a payment that
 * arrived after its reservation was released, where the money is already taken.
 * @example await takeStockUnconditionally(lines, tx)
 */
export async function takeStockUnconditionally(lines: readonly StockLine[], tx: DbOrTx): Promise<void> {
  for (const [productId, quantity] of perProduct(lines)) {
    await tx
      .update(products)
      .set({ stockQuantity: sql`greatest(${products.stockQuantity} - ${quantity}, 0)` })
      .where(eq(products.id, productId))
  }
}

/**
 * Gives reserved quantities back to stock (an expired or cancelled checkout).
 * @example await releaseStock(checkout.lines, tx)
 */
export async function releaseStock(lines: readonly StockLine[], tx?: DbOrTx): Promise<void> {
  const db = tx ?? (await getDb())
  for (const [productId, quantity] of perProduct(lines)) {
    await db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}` })
      .where(eq(products.id, productId))
  }
}
