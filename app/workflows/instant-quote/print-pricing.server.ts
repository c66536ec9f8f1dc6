import type { Size3 } from '#app/modules/instant-quote/index.server.ts'
import type { PrintSettingsDto } from '#app/modules/settings/types.ts'
import type { PrintPricing } from '#app/rules/print-quote.ts'

/** The printer's build volume of the shop's print settings, in mm. */
export const buildVolumeOf = (settings: PrintSettingsDto): Size3 => ({
  x: settings.buildXMm,
  y: settings.buildYMm,
  z: settings.buildZMm,
})

/** The print settings as the quote formula reads them. */
export const printPricingOf = (settings: PrintSettingsDto): PrintPricing => ({
  ratePerHourCents: settings.ratePerHourCents,
  setupFeeCents: settings.setupFeeCents,
  minimumPriceCents: settings.minimumPriceCents,
  wallThicknessMm: settings.wallThicknessMm,
  flowMm3PerSecond: settings.flowMm3PerSecond,
  layerSeconds: settings.layerSeconds,
  productionDaysMin: settings.productionDaysMin,
  productionDaysMax: settings.productionDaysMax,
  farmHoursPerDay: settings.farmHoursPerDay,
  batchDiscounts: settings.batchDiscounts,
})
