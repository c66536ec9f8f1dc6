import { eq } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { shopSettings } from './schema.server.ts'
import type { ShopSettingsDto } from './types.ts'

const columns = {
  legalName: shopSettings.legalName,
  address: shopSettings.address,
  email: shopSettings.email,
  taxId: shopSettings.taxId,
  paidOrderStatus: shopSettings.paidOrderStatus,
  defaultShippingCents: shopSettings.defaultShippingCents,
  shippingCountries: shopSettings.shippingCountries,
  updatedAt: shopSettings.updatedAt,
}

/**
 * The shop's settings row; created with its defaults the first time it is read (the migration
 * creates it too, a restored or hand-made database may not have it).
 * @example const { paidOrderStatus } = await getShopSettings() // 'processing'
 */
export async function getShopSettings(tx?: DbOrTx): Promise<ShopSettingsDto> {
  const db = tx ?? (await getDb())
  const [row] = await db.select(columns).from(shopSettings).where(eq(shopSettings.id, 1))
  if (row) return row
  await db.insert(shopSettings).values({ id: 1 }).onConflictDoNothing()
  const [created] = await db.select(columns).from(shopSettings).where(eq(shopSettings.id, 1))
  if (!created) throw new Error('The shop settings row could not be created')
  return created
}

/**
 * Saves the shop's details and order rules (the one row), with who changed them.
 * @example await updateShopSettings({ legalName: 'LayerWorks 3D LLC', …, defaultShippingCents: 500 }, admin.id)
 */
export async function updateShopSettings(
  input: Omit<ShopSettingsDto, 'updatedAt'>,
  adminId: string | null,
  tx?: DbOrTx,
): Promise<ShopSettingsDto> {
  const db = tx ?? (await getDb())
  await getShopSettings(db)
  await db
    .update(shopSettings)
    .set({ ...input, updatedAt: new Date(), updatedBy: adminId })
    .where(eq(shopSettings.id, 1))
  return getShopSettings(db)
}
