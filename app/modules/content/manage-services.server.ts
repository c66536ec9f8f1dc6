import { eq, inArray, max } from 'drizzle-orm'
import { type DbOrTx, getDb, inTransaction } from '#app/utils/db.server.ts'
import { announceUnlessInTransaction } from '#app/utils/public-change.server.ts'
import { deleteContent } from './delete-content.server.ts'
import { serviceFeatures, services } from './schema.server.ts'
import { NEW_SERVICE, type ServiceInput } from './service-schemas.ts'

// The back-office's writes to services. The storefront's read (listServices) is in service.server.ts.

/**
 * Adds a service at the end of the list with the defaults of back-office §5: 'New Service', price 0
 * per hr, no features.
 * @example const { id } = await createService()
 */
export async function createService(tx?: DbOrTx): Promise<{ id: string; title: string }> {
  const db = tx ?? (await getDb())
  const [{ last }] = await db.select({ last: max(services.position) }).from(services)
  const [row] = await db
    .insert(services)
    .values({
      title: NEW_SERVICE.title,
      description: '',
      priceCents: NEW_SERVICE.priceCents,
      priceUnit: NEW_SERVICE.priceUnit,
      position: (last ?? -1) + 1,
    })
    .returning({ id: services.id, title: services.title })
  announceUnlessInTransaction(tx, 'service added')
  return row
}

/**
 * Saves every edited service at once (Save All Changes): title, description, price, unit and the
 * features in the order given. All or nothing: when one of the services no longer exists nothing
 * is saved and its id is returned. Services not in the list stay as they are.
 * @example const result = await saveServices([{ id, title: '3D Design', description, priceCents: 3000, priceUnit: 'hr', features: ['CAD'] }])
 */
export async function saveServices(
  input: ServiceInput[],
  tx?: DbOrTx,
): Promise<{ ok: true; saved: number } | { ok: false; reason: 'not-found'; id: string }> {
  const write = async (db: DbOrTx) => {
    const ids = input.map((service) => service.id)
    if (ids.length === 0) return { ok: true as const, saved: 0 }
    const existing = await db.select({ id: services.id }).from(services).where(inArray(services.id, ids)).for('update')
    const known = new Set(existing.map((row) => row.id))
    const missing = ids.find((id) => !known.has(id))
    if (missing) return { ok: false as const, reason: 'not-found' as const, id: missing }
    for (const service of input) {
      await db
        .update(services)
        .set({
          title: service.title,
          description: service.description,
          priceCents: service.priceCents,
          priceUnit: service.priceUnit,
          updatedAt: new Date(),
        })
        .where(eq(services.id, service.id))
    }
    await db.delete(serviceFeatures).where(inArray(serviceFeatures.serviceId, ids))
    const features = input.flatMap((service) =>
      service.features.map((name, position) => ({ serviceId: service.id, name, position })),
    )
    if (features.length > 0) await db.insert(serviceFeatures).values(features)
    return { ok: true as const, saved: input.length }
  }
  const result = await inTransaction(tx, write)
  if (result.ok) announceUnlessInTransaction(tx, 'services saved')
  return result
}

/**
 * Deletes a service and its features for good; false when the id is unknown.
 * @example const deleted = await deleteService(serviceId)
 */
export function deleteService(id: string, tx?: DbOrTx): Promise<boolean> {
  return deleteContent(services, id, tx, 'service deleted')
}
