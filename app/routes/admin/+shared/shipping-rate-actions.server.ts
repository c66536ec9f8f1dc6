import {
  deleteShippingZone,
  replaceShippingRates,
  type ShippingChangeResult,
  type ShippingRateCell,
  saveShippingZone,
} from '#app/modules/settings/index.server.ts'
import { ShippingRatePriceSchema, ShippingZoneFormSchema } from '#app/modules/settings/schemas.ts'
import { isUuid } from '#app/utils/ids.ts'
import { refused, succeeded } from './content-admin-result.server.ts'

export const SHIPPING_INTENTS = ['save-zone', 'delete-zone', 'save-rates'] as const
export type ShippingIntent = (typeof SHIPPING_INTENTS)[number]

export function isShippingIntent(intent: unknown): intent is ShippingIntent {
  return SHIPPING_INTENTS.includes(intent as ShippingIntent)
}

function answer(intent: ShippingIntent, result: ShippingChangeResult, title: string, description: string) {
  return result.ok ? succeeded(intent, title, description) : refused(intent, result.message, result.status)
}

/**
 * The grid as the form sent it: every `rate:{category}:{zone|else}` field (`rateFieldName`), empty for 'the
 * default'. A malformed name or price refuses the whole grid.
 */
function readRateGrid(fields: FormData): { cells: ShippingRateCell[] } | { error: string } {
  const cells: ShippingRateCell[] = []
  for (const [name, value] of fields.entries()) {
    if (!name.startsWith('rate:')) continue
    const [, categoryId, zone] = name.split(':')
    if (!isUuid(categoryId) || !(zone === 'else' || isUuid(zone))) return { error: 'Unknown shipping rate field.' }
    const price = ShippingRatePriceSchema.safeParse(typeof value === 'string' ? value.trim() : '')
    if (!price.success) return { error: price.error.issues[0]?.message ?? 'Enter the shipping rate like 5.00.' }
    cells.push({ shippingCategoryId: categoryId, zoneId: zone === 'else' ? null : zone, priceCents: price.data })
  }
  if (cells.length > 10_000) return { error: 'Too many shipping rates.' }
  return { cells }
}

/**
 * Adds, edits or deletes a shipping zone, or saves the rate grid. Toasts: 'Zone saved',
 * 'Zone deleted', 'Shipping rates saved'; a refusal says why and changes nothing.
 */
export async function runShippingAction(intent: ShippingIntent, fields: FormData) {
  if (intent === 'save-rates') {
    const grid = readRateGrid(fields)
    if ('error' in grid) return refused(intent, grid.error)
    const result = await replaceShippingRates(grid.cells)
    return answer(intent, result, 'Shipping rates saved', 'The cart and checkout charge these rates from now on.')
  }
  const zoneId = fields.get('zoneId')
  const id = zoneId === null || zoneId === '' ? null : isUuid(zoneId) ? zoneId : undefined
  if (id === undefined || (intent === 'delete-zone' && id === null)) return refused(intent, 'Unknown shipping zone.')
  if (intent === 'delete-zone') {
    const result = await deleteShippingZone(id as string)
    return answer(intent, result, 'Zone deleted', 'Its countries now ship at the everywhere-else rates.')
  }
  const parsed = ShippingZoneFormSchema.safeParse({
    name: fields.get('name') ?? '',
    countries: fields.get('countries') ?? '',
  })
  if (!parsed.success) return refused(intent, parsed.error.issues[0]?.message ?? 'Please check the zone.')
  const result = await saveShippingZone(id, parsed.data)
  return answer(intent, result, 'Zone saved', `“${parsed.data.name}” ships to ${parsed.data.countries.join(', ')}.`)
}
