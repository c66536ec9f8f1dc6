import {
  checkBuildVolume,
  findOwnedQuoteModel,
  type ModelMeasures,
  OPEN_MESH_MESSAGE,
  type QuoteModel,
  type QuoteModelOwner,
  QuoteOptionsSchema,
  quoteUnits,
  type Size3,
  scaleMeasures,
} from '#app/modules/instant-quote/index.server.ts'
import type { PrintQuoteDetails } from '#app/modules/quotes/index.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { printQualities, quotePrint } from '#app/rules/print-quote.ts'
import { isUuid } from '#app/utils/ids.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { buildVolumeOf, printPricingOf } from './print-pricing.server.ts'
import { printQueueHours } from './print-queue.server.ts'

/** The numbers the page shows for one choice of options; every one computed here. */
export type QuotePrice = {
  unitPriceCents: number
  lineTotalCents: number
  quantity: number
  gramsPerPart: number
  printHoursPerPart: number
  batchPercentOff: number
  minimumApplied: boolean
  productionDays: { min: number; max: number }
}

export type PriceQuoteModelResult =
  /** The model's size at the chosen units, and its price, or why it has none. */
  | {
      ok: true
      modelId: string
      size: Size3
      warnings: string[]
      price: QuotePrice
      details: PrintQuoteDetails
      /** For the viewer of an order's print line: the file's format and the colour's swatch. */
      view: { format: ModelMeasures['format']; colourHex: string }
    }
  | { ok: true; modelId: string; size: Size3; warnings: string[]; price: null; message: string }
  | { ok: false; status: 400 | 404; message: string; fieldErrors?: Record<string, string> }

export const QUOTE_MODEL_NOT_FOUND = 'This model was not found. Please upload it again.'

/**
 * Prices a model the owner uploaded with the options they chose (issue 15, item 3): the options
 * are checked against the enabled materials, their colours and the offered qualities; the stored
 * measures are scaled to the chosen units, checked against the build volume again, and priced by
 * the shop's formula (decision 035). Someone else's model is not found, like a missing one.
 * The asker may own it twice over: as the customer signed in, and by the guest cookie of the
 * visit before they signed in.
 * @example const result = await priceQuoteModel(Object.fromEntries(form), [{ guestToken }])
 */
export async function priceQuoteModel(input: unknown, owners: QuoteModelOwner[]): Promise<PriceQuoteModelResult> {
  // Whose model it is comes first: someone else's is not found, whatever options they send.
  const modelId = (input as { modelId?: unknown } | null)?.modelId
  const model = isUuid(modelId) ? await ownedBy(modelId, owners) : undefined
  if (!model) return { ok: false, status: 404, message: QUOTE_MODEL_NOT_FOUND }
  return priceFoundQuoteModel(model, input)
}

/**
 * Prices a model the caller already found for someone allowed to buy it (its owner, or a cart
 * line's token: decision 039) with the options of `input`, as priceQuoteModel does.
 */
export async function priceFoundQuoteModel(model: QuoteModel, input: unknown): Promise<PriceQuoteModelResult> {
  const parsed = parseForm(QuoteOptionsSchema, input)
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message, fieldErrors: parsed.fieldErrors }
  const options = parsed.data

  const { settings, materials } = await getPrintQuoteSettings()
  const material = materials.find((candidate) => candidate.id === options.materialId && candidate.enabled)
  if (!material) return refused('materialId', 'Choose one of the materials offered.')
  if (!material.colours.some((colour) => colour.name === options.colour)) {
    return refused('colour', `Choose one of the colours of ${material.name}.`)
  }
  const quality = printQualities.find((candidate) => candidate.id === options.quality)
  if (!quality) return refused('quality', 'Choose a print quality.')

  const factor = quoteUnits.find((unit) => unit.id === options.units)?.factor ?? 1
  const measures = scaleMeasures(model.measures, factor)
  const warnings = measures.watertight ? [] : [OPEN_MESH_MESSAGE]
  const fits = checkBuildVolume(measures.size, buildVolumeOf(settings))
  if (!fits.fits)
    return { ok: true, modelId: model.id, size: measures.size, warnings, price: null, message: fits.message }

  const quote = quotePrint({
    measures,
    material,
    choice: { layerHeightMm: quality.layerHeightMm, infillPercent: options.infill, quantity: options.quantity },
    pricing: printPricingOf(settings),
    queueHours: await printQueueHours(settings.productionDaysMax),
  })
  return {
    ok: true,
    modelId: model.id,
    size: measures.size,
    warnings,
    price: {
      unitPriceCents: quote.unitPriceCents,
      lineTotalCents: quote.lineTotalCents,
      quantity: options.quantity,
      gramsPerPart: quote.gramsPerPart,
      printHoursPerPart: quote.printHoursPerPart,
      batchPercentOff: quote.batchPercentOff,
      minimumApplied: quote.minimumApplied,
      productionDays: quote.productionDays,
    },
    // What it was priced with, as a saved quote and a message to the shop keep it.
    details: {
      fileName: model.fileName,
      size: measures.size,
      volumeMm3: measures.volumeMm3,
      watertight: measures.watertight,
      material: material.name,
      colour: options.colour,
      quality: quality.label,
      infillPercent: options.infill,
      units: options.units,
      gramsPerPart: quote.gramsPerPart,
      printHoursPerPart: quote.printHoursPerPart,
    },
    view: {
      format: model.measures.format,
      colourHex: material.colours.find((colour) => colour.name === options.colour)?.hex ?? '#9ca3af',
    },
  }
}

async function ownedBy(modelId: string, owners: QuoteModelOwner[]) {
  for (const owner of owners) {
    const model = await findOwnedQuoteModel(modelId, owner)
    if (model) return model
  }
  return undefined
}

function refused(field: string, message: string): PriceQuoteModelResult {
  return { ok: false, status: 400, message, fieldErrors: { [field]: message } }
}
