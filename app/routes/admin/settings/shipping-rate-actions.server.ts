import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import {
  deleteShippingZone,
  listShippingRates,
  listShippingZones,
  replaceShippingRates,
  type ShippingChangeResult,
  type ShippingRateCell,
  saveShippingZone,
} from '#app/modules/settings/index.server.ts'
import { ShippingRateGridFormSchema, ShippingZoneFormSchema } from '#app/modules/settings/schemas.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { recordedWrite, type WriteRecord } from '#app/workflows/recorded-write.server.ts'

export const SHIPPING_INTENTS = ['save-zone', 'delete-zone', 'save-rates'] as const
export type ShippingIntent = (typeof SHIPPING_INTENTS)[number]

export function isShippingIntent(intent: unknown): intent is ShippingIntent {
  return SHIPPING_INTENTS.includes(intent as ShippingIntent)
}

function answer(intent: ShippingIntent, result: ShippingChangeResult, title: string, description: string) {
  return result.ok ? succeeded(intent, title, description) : refused(intent, result.message, result.status)
}

/** The grid's cells as the form sent them: every `rate:{category}:{zone|else}` field (`rateFieldName`). */
function rateGridValues(fields: FormData) {
  return { rates: Object.fromEntries([...fields.entries()].filter(([name]) => name.startsWith('rate:'))) }
}

/** A shipping change with its activity-log entry, in one transaction; a refused change records nothing. */
function recordedShippingWrite(
  actor: ActivityActor,
  write: Parameters<typeof recordedWrite<ShippingChangeResult>>[1],
  entry: WriteRecord,
) {
  return recordedWrite(actor, write, (result) => (result.ok ? entry : null))
}

const rateText = (cell: Pick<ShippingRateCell, 'shippingCategoryId' | 'zoneId'>) =>
  `${cell.shippingCategoryId}:${cell.zoneId ?? 'else'}`

/**
 * Adds, edits or deletes a shipping zone, or saves the rate grid. Toasts: 'Zone saved',
 * 'Zone deleted', 'Shipping rates saved'; a refusal says why and changes nothing.
 */
export async function runShippingAction(intent: ShippingIntent, fields: FormData, actor: ActivityActor) {
  if (intent === 'save-rates') {
    const parsed = parseForm(ShippingRateGridFormSchema, rateGridValues(fields))
    if (!parsed.ok) return refusedForm(intent, parsed)
    const cells: ShippingRateCell[] = parsed.data.rates
    // The grid's cells as 'category:zone' → cents (null: the default), before and after.
    const before = Object.fromEntries((await listShippingRates()).map((rate) => [rateText(rate), rate.priceCents]))
    const after = Object.fromEntries(cells.map((cell) => [rateText(cell), cell.priceCents]))
    const changes = Object.fromEntries(
      [...new Set([...Object.keys(before), ...Object.keys(after)])]
        .filter((cell) => (before[cell] ?? null) !== (after[cell] ?? null))
        .map((cell) => [cell, { before: before[cell] ?? null, after: after[cell] ?? null }]),
    )
    const result = await recordedShippingWrite(actor, (tx) => replaceShippingRates(cells, tx), {
      action: 'shipping-rates.updated',
      recordType: 'settings',
      recordId: 'shipping-rates',
      recordLabel: 'Shipping rates',
      changes,
    })
    return answer(intent, result, 'Shipping rates saved', 'The cart and checkout charge these rates from now on.')
  }
  const zoneId = fields.get('zoneId')
  const id = zoneId === null || zoneId === '' ? null : isUuid(zoneId) ? zoneId : undefined
  if (id === undefined || (intent === 'delete-zone' && id === null)) return refused(intent, 'Unknown shipping zone.')
  const zones = await listShippingZones()
  const was = zones.find((zone) => zone.id === id)
  if (intent === 'delete-zone') {
    const result = await recordedShippingWrite(actor, (tx) => deleteShippingZone(id as string, tx), {
      action: 'shipping-zone.deleted',
      recordType: 'settings',
      recordId: id as string,
      recordLabel: `Shipping zone ${was?.name ?? ''}`.trim(),
      changes: { countries: { before: was?.countries ?? null, after: null } },
    })
    return answer(intent, result, 'Zone deleted', 'Its countries now ship at the everywhere-else rates.')
  }
  const parsed = parseForm(ShippingZoneFormSchema, {
    name: fields.get('name') ?? '',
    countries: fields.get('countries') ?? '',
  })
  if (!parsed.ok) return refusedForm(intent, parsed)
  const result = await recordedShippingWrite(actor, (tx) => saveShippingZone(id, parsed.data, tx), {
    action: id ? 'shipping-zone.updated' : 'shipping-zone.created',
    recordType: 'settings',
    recordId: id ?? parsed.data.name,
    recordLabel: `Shipping zone ${parsed.data.name}`,
    changes: {
      name: { before: was?.name ?? null, after: parsed.data.name },
      countries: { before: was?.countries ?? null, after: [...parsed.data.countries] },
    },
  })
  return answer(intent, result, 'Zone saved', `“${parsed.data.name}” ships to ${parsed.data.countries.join(', ')}.`)
}
