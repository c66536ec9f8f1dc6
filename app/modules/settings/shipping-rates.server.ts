import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { ShippingRate, ShippingZone } from '#app/rules/shipping.ts'
import { type DbOrTx, getDb, inTransaction, type Tx } from '#app/utils/db.server.ts'
import { shippingCategories } from '../catalog/schema.server.ts'
import { shippingRates, shippingZones, shopSettings } from './schema.server.ts'
import { getShopSettings } from './service.server.ts'

export type ShippingZoneInput = { name: string; countries: readonly string[] }

/** A change to the zones or rates the shop refused, with the message for the admin. */
export type ShippingChangeResult = { ok: true } | { ok: false; status: 404 | 409; message: string }

/** The zones in the order the shop made them. */
export async function listShippingZones(tx?: DbOrTx): Promise<ShippingZone[]> {
  const db = tx ?? (await getDb())
  return db
    .select({ id: shippingZones.id, name: shippingZones.name, countries: shippingZones.countries })
    .from(shippingZones)
    .orderBy(asc(shippingZones.position), asc(shippingZones.createdAt), asc(shippingZones.id))
}

/** Every rate of every shipping category. */
export async function listShippingRates(tx?: DbOrTx): Promise<ShippingRate[]> {
  const db = tx ?? (await getDb())
  return db
    .select({
      shippingCategoryId: shippingRates.shippingCategoryId,
      zoneId: shippingRates.zoneId,
      priceCents: shippingRates.priceCents,
    })
    .from(shippingRates)
}

/** Zone writes one at a time, so two admins cannot put one country into two zones. */
async function lockZones(tx: Tx) {
  await getShopSettings(tx)
  await tx.select({ id: shopSettings.id }).from(shopSettings).where(eq(shopSettings.id, 1)).for('update')
}

/**
 * Why `input` cannot be saved as zone `id` beside the other zones: a name taken (regardless of
 * case) or a country another zone already has; null when it can.
 */
function zoneConflict(others: readonly ShippingZone[], input: ShippingZoneInput): string | null {
  if (others.some((zone) => zone.name.toLowerCase() === input.name.toLowerCase())) {
    return `There is already a zone named "${input.name}".`
  }
  for (const zone of others) {
    const taken = input.countries.find((code) => zone.countries.includes(code))
    if (taken) return `${taken} is already in the zone "${zone.name}".`
  }
  return null
}

/**
 * Creates a zone (`id` null) or renames and re-lists one. A country may belong to one zone only;
 * names are unique regardless of case.
 * @example await saveShippingZone(null, { name: 'Europe', countries: ['DE', 'FR'] })
 */
export async function saveShippingZone(
  id: string | null,
  input: ShippingZoneInput,
  outer?: Tx,
): Promise<ShippingChangeResult> {
  return inTransaction(outer, async (tx) => {
    await lockZones(tx)
    const others = (await listShippingZones(tx)).filter((zone) => zone.id !== id)
    const conflict = zoneConflict(others, input)
    if (conflict) return { ok: false, status: 409, message: conflict }
    const values = { name: input.name, countries: [...input.countries] }
    if (id === null) {
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`coalesce(max(${shippingZones.position}), -1)::int + 1` })
        .from(shippingZones)
      await tx.insert(shippingZones).values({ ...values, position: next })
      return { ok: true }
    }
    const updated = await tx
      .update(shippingZones)
      .set(values)
      .where(eq(shippingZones.id, id))
      .returning({ id: shippingZones.id })
    return updated.length > 0 ? { ok: true } : { ok: false, status: 404, message: 'This zone no longer exists.' }
  })
}

/** Deletes a zone and its rates; its countries fall back to 'everywhere else'. */
export async function deleteShippingZone(id: string, tx?: DbOrTx): Promise<ShippingChangeResult> {
  const db = tx ?? (await getDb())
  const deleted = await db.delete(shippingZones).where(eq(shippingZones.id, id)).returning({ id: shippingZones.id })
  return deleted.length > 0 ? { ok: true } : { ok: false, status: 404, message: 'This zone no longer exists.' }
}

/** One cell of the rate grid; null price means 'use the default'. */
export type ShippingRateCell = { shippingCategoryId: string; zoneId: string | null; priceCents: number | null }

/**
 * Replaces the whole rate grid at once, as the form shows it. Refused (and nothing changed) when
 * a category or zone of the grid was deleted meanwhile.
 * @example await replaceShippingRates([{ shippingCategoryId: heavy, zoneId: europe, priceCents: 1800 }])
 */
export async function replaceShippingRates(
  cells: readonly ShippingRateCell[],
  outer?: Tx,
): Promise<ShippingChangeResult> {
  return inTransaction(outer, async (tx) => {
    await lockZones(tx)
    const categoryIds = [...new Set(cells.map((cell) => cell.shippingCategoryId))]
    const zoneIds = [...new Set(cells.flatMap((cell) => (cell.zoneId ? [cell.zoneId] : [])))]
    const [categories, zones] = await Promise.all([
      categoryIds.length
        ? tx
            .select({ id: shippingCategories.id })
            .from(shippingCategories)
            .where(inArray(shippingCategories.id, categoryIds))
        : [],
      zoneIds.length
        ? tx.select({ id: shippingZones.id }).from(shippingZones).where(inArray(shippingZones.id, zoneIds))
        : [],
    ])
    if (categories.length !== categoryIds.length || zones.length !== zoneIds.length) {
      return {
        ok: false,
        status: 409,
        message: 'A shipping category or zone was changed meanwhile. Reload the page and try again.',
      }
    }
    await tx.delete(shippingRates)
    const priced = cells.flatMap((cell) =>
      cell.priceCents === null
        ? []
        : [{ shippingCategoryId: cell.shippingCategoryId, zoneId: cell.zoneId, priceCents: cell.priceCents }],
    )
    if (priced.length > 0) await tx.insert(shippingRates).values(priced)
    return { ok: true }
  })
}
