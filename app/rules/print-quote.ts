import { tierFor } from './pricing.ts'

// The instant quote's price of printing a customer's model (issue 15, decision 035): the shop's own
// formula, pure so the server computes it and the page can show the same numbers. Money is integer
// cents; a material's price per gram is in millicents (1/1000 cent) because filament costs fractions
// of a cent per gram.
//
//   material volume  = shell + interior × infill
//     shell          = min(surface area × wall thickness, volume)   (walls, top and bottom are solid)
//     interior       = volume − shell                               (filled at the infill percentage)
//   grams            = material volume (cm³) × density (g/cm³)
//   print seconds    = material volume / flow(layer height) + layers × seconds per layer
//     flow(h)        = flow at 0.2 mm × h / 0.2 mm                   (same nozzle and speed, taller lines)
//     layers         = ceil(height / layer height)
//   part cents       = round(grams × price per gram + print hours × rate per hour)
//   batch part cents = round(part cents × (100 − batch discount %) / 100)   (the shop's quantity tiers)
//   line cents       = max(minimum price, batch part cents × quantity + setup fee)
//   unit cents       = ceil(line cents / quantity);  line total = unit cents × quantity
//
// Every term grows with the model's size and the infill and shrinks with the quantity, so a larger
// model or more infill never costs less per part, and more parts never cost more per part as long as
// the tiers' discounts grow with their quantity (the settings form refuses tiers that do not).
// Rounding: the part price rounds half up once, the batch price rounds half up once, and the unit
// price rounds the line up to whole cents per part, so the line the customer pays is unit × quantity
// and never below the minimum (at most quantity − 1 cents above the exact line).

/** The layer height the flow rate is stated for. */
export const REFERENCE_LAYER_MM = 0.2

/**
 * What the model analysis measured, already scaled to millimetres: the fields of instant-quote's
 * `ModelMeasures` (after `scaleMeasures`), which it can be given as is.
 */
export type PricedModel = {
  volumeMm3: number
  areaMm2: number
  size: { x: number; y: number; z: number }
}

/** A print material as the quote needs it. */
export type PrintMaterialPrice = {
  /** g/cm³, e.g. 1.24 for PLA. */
  densityGPerCm3: number
  /** 1/1000 cent per gram: 6000 is $0.06 a gram. */
  pricePerGramMillicents: number
}

/** A batch discount: from `quantity` parts on, each part's price is `percentOff` % lower. */
export type BatchDiscountTier = { quantity: number; percentOff: number }

/** The shop's print settings the formula uses (back-office, /admin/settings). */
export type PrintPricing = {
  ratePerHourCents: number
  setupFeeCents: number
  minimumPriceCents: number
  /** Solid shell (perimeters, top and bottom) thickness, mm. */
  wallThicknessMm: number
  /** Average extrusion rate at 0.2 mm layers, mm³/s, travel and retractions included. */
  flowMm3PerSecond: number
  /** Time every layer adds beside extruding (layer change, wipe, cooling), seconds. */
  layerSeconds: number
  /** The policies' standard production time, business days. */
  productionDaysMin: number
  productionDaysMax: number
  /** Print hours the farm runs per business day; the queue beyond that adds days. */
  farmHoursPerDay: number
  batchDiscounts: readonly BatchDiscountTier[]
}

/** What the customer chose on the page. */
export type PrintChoice = { layerHeightMm: number; infillPercent: number; quantity: number }

export type PrintQuote = {
  /** Per part, rounded to 0.01 g and 0.01 h for showing; the price uses the exact values. */
  gramsPerPart: number
  printHoursPerPart: number
  /** One part before the batch discount, without the setup fee. */
  partCents: number
  batchPercentOff: number
  unitPriceCents: number
  lineTotalCents: number
  /** Whether the minimum order price decided the line. */
  minimumApplied: boolean
  productionDays: { min: number; max: number }
}

const finite = (value: number, fallback = 0) => (Number.isFinite(value) ? value : fallback)
const nonNegative = (value: number) => Math.max(0, finite(value))
const round2 = (value: number) => Math.round(value * 100) / 100

/** The layer heights the page offers (/services: 'Layer heights from 0.08 mm to 0.3 mm'). */
export const printQualities = [
  { id: 'fine', label: 'Fine (0.12 mm layers)', layerHeightMm: 0.12 },
  { id: 'standard', label: 'Standard (0.2 mm layers)', layerHeightMm: 0.2 },
  { id: 'draft', label: 'Draft (0.28 mm layers)', layerHeightMm: 0.28 },
] as const

export const MIN_LAYER_MM = 0.08
export const MAX_LAYER_MM = 0.3

/** The model's plastic in mm³: solid shell plus the interior at the infill percentage. */
export function materialVolumeMm3(measures: PricedModel, wallThicknessMm: number, infillPercent: number): number {
  const volume = nonNegative(measures.volumeMm3)
  const shell = Math.min(nonNegative(measures.areaMm2) * nonNegative(wallThicknessMm), volume)
  const infill = Math.min(100, nonNegative(infillPercent)) / 100
  return shell + (volume - shell) * infill
}

/** Seconds to print one part: extrusion at the layer height's flow plus each layer's overhead. */
export function printSeconds(
  extrudedMm3: number,
  heightMm: number,
  layerHeightMm: number,
  pricing: Pick<PrintPricing, 'flowMm3PerSecond' | 'layerSeconds'>,
): number {
  const layer = Math.min(MAX_LAYER_MM, Math.max(MIN_LAYER_MM, finite(layerHeightMm, REFERENCE_LAYER_MM)))
  const flow = (nonNegative(pricing.flowMm3PerSecond) * layer) / REFERENCE_LAYER_MM
  const layers = Math.ceil(nonNegative(heightMm) / layer - 1e-9)
  const extruding = flow > 0 ? nonNegative(extrudedMm3) / flow : 0
  return extruding + layers * nonNegative(pricing.layerSeconds)
}

/** The batch discount for `quantity` parts, by the shop's one tier rule (pricing.ts's `tierFor`). */
export function batchPercentOff(tiers: readonly BatchDiscountTier[], quantity: number): number {
  const valid = tiers.filter((tier) => Number.isFinite(tier.quantity) && Number.isFinite(tier.percentOff))
  return Math.min(100, nonNegative(tierFor(valid, quantity)?.percentOff ?? 0))
}

/**
 * The price and production time of `choice.quantity` prints of a model in a material.
 * @example quotePrint({ measures: cube50, material: pla, choice: { layerHeightMm: 0.2, infillPercent: 20, quantity: 10 }, pricing })
 * // { gramsPerPart: 48.86, printHoursPerPart: 1.37, unitPriceCents: 911, lineTotalCents: 9110, … } (decision 035)
 */
export function quotePrint({
  measures,
  material,
  choice,
  pricing,
  queueHours = 0,
}: {
  measures: PricedModel
  material: PrintMaterialPrice
  choice: PrintChoice
  pricing: PrintPricing
  /** Print hours already waiting in the shop's queue. */
  queueHours?: number
}): PrintQuote {
  const quantity = Math.max(1, Math.floor(finite(choice.quantity, 1)))
  const extruded = materialVolumeMm3(measures, pricing.wallThicknessMm, choice.infillPercent)
  const grams = (extruded / 1000) * nonNegative(material.densityGPerCm3)
  const hours = printSeconds(extruded, measures.size.z, choice.layerHeightMm, pricing) / 3600
  const exactPartCents =
    (grams * nonNegative(material.pricePerGramMillicents)) / 1000 + hours * nonNegative(pricing.ratePerHourCents)
  const partCents = Math.round(exactPartCents)
  const percentOff = batchPercentOff(pricing.batchDiscounts, quantity)
  const batchPartCents = Math.round((partCents * (100 - percentOff)) / 100)
  const exactLine = batchPartCents * quantity + Math.round(nonNegative(pricing.setupFeeCents))
  const minimum = Math.round(nonNegative(pricing.minimumPriceCents))
  const line = Math.max(minimum, exactLine)
  const unitPriceCents = Math.ceil(line / quantity)
  const extraDays =
    pricing.farmHoursPerDay > 0 ? Math.floor((nonNegative(queueHours) + hours * quantity) / pricing.farmHoursPerDay) : 0
  return {
    gramsPerPart: round2(grams),
    printHoursPerPart: round2(hours),
    partCents,
    batchPercentOff: percentOff,
    unitPriceCents,
    lineTotalCents: unitPriceCents * quantity,
    minimumApplied: exactLine < minimum,
    productionDays: {
      min: nonNegative(pricing.productionDaysMin) + extraDays,
      max: Math.max(nonNegative(pricing.productionDaysMin), nonNegative(pricing.productionDaysMax)) + extraDays,
    },
  }
}
