import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { getPrintQuoteSettings, savePrintMaterial, updatePrintSettings } from '#app/modules/settings/index.server.ts'
import { PrintMaterialFormSchema, PrintSettingsFormSchema } from '#app/modules/settings/schemas.ts'
import { changedFields, createdFields } from '#app/rules/changes.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { recordedWrite } from '#app/workflows/recorded-write.server.ts'

export const PRINT_INTENTS = ['save-print-settings', 'save-print-material'] as const
export type PrintIntent = (typeof PRINT_INTENTS)[number]

export function isPrintIntent(intent: unknown): intent is PrintIntent {
  return PRINT_INTENTS.includes(intent as PrintIntent)
}

const text = (fields: FormData, name: string) => fields.get(name) ?? ''

/** The print settings form's fields as posted (the schema names a missing one). */
export const printSettingsFieldNames = [
  'ratePerHour',
  'setupFee',
  'minimumPrice',
  'wallThicknessMm',
  'flowMm3PerSecond',
  'layerSeconds',
  'productionDaysMin',
  'productionDaysMax',
  'farmHoursPerDay',
  'batchDiscounts',
  'buildXMm',
  'buildYMm',
  'buildZMm',
  'fileSizeLimitMb',
] as const

const NEW_QUOTES_ONLY = 'New quotes use them; a saved quote keeps its price.'

/**
 * Saves the instant quote's rates and print-time model, or adds or edits a material, each with its
 * activity-log entry in the same transaction. Toasts: 'Print settings saved', 'Material saved'; a
 * refusal names the problem beside its field and changes nothing.
 */
export async function runPrintAction(intent: PrintIntent, fields: FormData, actor: ActivityActor) {
  if (intent === 'save-print-settings') {
    const parsed = parseForm(
      PrintSettingsFormSchema,
      Object.fromEntries(printSettingsFieldNames.map((name) => [name, text(fields, name)])),
    )
    if (!parsed.ok) return refusedForm(intent, parsed, { title: 'Print settings not saved' })
    const { ratePerHour, setupFee, minimumPrice, ...rest } = parsed.data
    const input = { ...rest, ratePerHourCents: ratePerHour, setupFeeCents: setupFee, minimumPriceCents: minimumPrice }
    const { settings: before } = await getPrintQuoteSettings()
    const changes = changedFields(before, input)
    await recordedWrite(
      actor,
      (tx) => updatePrintSettings(input, actor.id, tx),
      () =>
        Object.keys(changes).length > 0
          ? {
              action: 'print-settings.updated',
              recordType: 'settings',
              recordId: 'print',
              recordLabel: '3D printing settings',
              changes,
            }
          : null,
    )
    return succeeded(intent, 'Print settings saved', NEW_QUOTES_ONLY)
  }

  const materialId = fields.get('materialId')
  const id = materialId === null || materialId === '' ? null : isUuid(materialId) ? materialId : undefined
  if (id === undefined) return refused(intent, 'Unknown material.', 404, undefined, 'Material not saved')
  const parsed = parseForm(PrintMaterialFormSchema, {
    name: text(fields, 'name'),
    densityGPerCm3: text(fields, 'densityGPerCm3'),
    pricePerGram: text(fields, 'pricePerGram'),
    colours: text(fields, 'colours'),
    enabled: fields.get('enabled'),
    position: text(fields, 'position'),
  })
  if (!parsed.ok) return refusedForm(intent, parsed, { title: 'Material not saved' })
  const { pricePerGram, ...rest } = parsed.data
  const input = { ...rest, pricePerGramMillicents: pricePerGram }
  const was = id ? (await getPrintQuoteSettings()).materials.find((material) => material.id === id) : undefined
  const result = await recordedWrite(
    actor,
    (tx) => savePrintMaterial(id, input, tx),
    (saved) => {
      if (!saved.ok) return null
      const changes = was ? changedFields(was, input) : createdFields(input)
      if (Object.keys(changes).length === 0) return null
      return {
        action: was ? 'print-material.updated' : 'print-material.created',
        recordType: 'settings',
        recordId: saved.material.id,
        recordLabel: `Print material ${saved.material.name}`,
        changes,
      }
    },
  )
  if (!result.ok) return refused(intent, result.message, result.status, undefined, 'Material not saved')
  return succeeded(intent, 'Material saved', `${result.material.name}: ${NEW_QUOTES_ONLY}`)
}
