import { and, eq, ne, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { printMaterials, printSettings } from './schema.server.ts'
import type { PrintMaterialDto, PrintSettingsDto } from './types.ts'

/** The instant quote's settings and every material (enabled or not), in the shop's order. */
export type PrintQuoteSettings = { settings: PrintSettingsDto; materials: PrintMaterialDto[] }

const settingsColumns = {
  ratePerHourCents: printSettings.ratePerHourCents,
  setupFeeCents: printSettings.setupFeeCents,
  minimumPriceCents: printSettings.minimumPriceCents,
  wallThicknessMm: printSettings.wallThicknessMm,
  flowMm3PerSecond: printSettings.flowMm3PerSecond,
  layerSeconds: printSettings.layerSeconds,
  productionDaysMin: printSettings.productionDaysMin,
  productionDaysMax: printSettings.productionDaysMax,
  farmHoursPerDay: printSettings.farmHoursPerDay,
  batchDiscounts: printSettings.batchDiscounts,
  buildXMm: printSettings.buildXMm,
  buildYMm: printSettings.buildYMm,
  buildZMm: printSettings.buildZMm,
  fileSizeLimitMb: printSettings.fileSizeLimitMb,
}

// The materials as one JSON array beside the settings row, so a quote reads everything in one query.
const materialsJson = sql<PrintMaterialDto[]>`(
  select coalesce(json_agg(json_build_object(
    'id', m.id, 'name', m.name, 'densityGPerCm3', m.density_g_per_cm3,
    'pricePerGramMillicents', m.price_per_gram_millicents, 'colours', m.colours,
    'enabled', m.enabled, 'position', m.position
  ) order by m.position, m.name), '[]'::json)
  from ${printMaterials} m
)`

async function readPrintQuoteSettings(db: DbOrTx): Promise<PrintQuoteSettings | undefined> {
  const [row] = await db
    .select({ ...settingsColumns, materials: materialsJson })
    .from(printSettings)
    .where(eq(printSettings.id, 1))
  if (!row) return undefined
  const { materials, ...settings } = row
  return { settings, materials }
}

/**
 * The instant quote's rates, print-time model and materials, in one query (the quote's hot path).
 * The settings row is created with its defaults if a restored or hand-made database lacks it.
 * @example const { settings, materials } = await getPrintQuoteSettings()
 */
export async function getPrintQuoteSettings(tx?: DbOrTx): Promise<PrintQuoteSettings> {
  const db = tx ?? (await getDb())
  const found = await readPrintQuoteSettings(db)
  if (found) return found
  await db.insert(printSettings).values({ id: 1 }).onConflictDoNothing()
  const created = await readPrintQuoteSettings(db)
  if (!created) throw new Error('The print settings row could not be created')
  return created
}

/**
 * Saves the instant quote's rates and print-time model, with who changed them. New quotes use them;
 * a saved quote keeps its price.
 */
export async function updatePrintSettings(
  input: PrintSettingsDto,
  adminId: string | null,
  tx?: DbOrTx,
): Promise<PrintSettingsDto> {
  const db = tx ?? (await getDb())
  await db.insert(printSettings).values({ id: 1 }).onConflictDoNothing()
  const [saved] = await db
    .update(printSettings)
    .set({ ...input, updatedAt: new Date(), updatedBy: adminId })
    .where(eq(printSettings.id, 1))
    .returning(settingsColumns)
  return saved
}

export type PrintMaterialInput = Omit<PrintMaterialDto, 'id'>

/** A material change the shop refused, with the message for the admin. */
export type PrintMaterialResult =
  | { ok: true; material: PrintMaterialDto }
  | { ok: false; status: 404 | 409; message: string }

const materialColumns = {
  id: printMaterials.id,
  name: printMaterials.name,
  densityGPerCm3: printMaterials.densityGPerCm3,
  pricePerGramMillicents: printMaterials.pricePerGramMillicents,
  colours: printMaterials.colours,
  enabled: printMaterials.enabled,
  position: printMaterials.position,
}

/**
 * Adds a material (`id` null) or changes one. Names are unique regardless of case.
 * @example await savePrintMaterial(null, { name: 'Nylon', densityGPerCm3: 1.14, pricePerGramMillicents: 12000, … })
 */
export async function savePrintMaterial(
  id: string | null,
  input: PrintMaterialInput,
  tx?: DbOrTx,
): Promise<PrintMaterialResult> {
  const db = tx ?? (await getDb())
  const sameName = sql`lower(${printMaterials.name}) = lower(${input.name})`
  const [taken] = await db
    .select({ id: printMaterials.id })
    .from(printMaterials)
    .where(id ? and(sameName, ne(printMaterials.id, id)) : sameName)
  if (taken) return { ok: false, status: 409, message: `There is already a material named "${input.name}".` }
  const values = { ...input, colours: input.colours.map(({ name, hex }) => ({ name, hex })) }
  const [material] = id
    ? await db
        .update(printMaterials)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(printMaterials.id, id))
        .returning(materialColumns)
    : await db.insert(printMaterials).values(values).onConflictDoNothing().returning(materialColumns)
  if (material) return { ok: true, material }
  return id
    ? { ok: false, status: 404, message: 'This material no longer exists.' }
    : { ok: false, status: 409, message: `There is already a material named "${input.name}".` }
}
