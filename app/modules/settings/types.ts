import type { BatchDiscountTier, PrintMaterialPrice, PrintPricing } from '#app/rules/print-quote.ts'

/** What a paid order's fulfilment status starts as; never 'pending' (issue 12). */
export const paidOrderStatuses = ['processing', 'shipped', 'delivered'] as const

export type PaidOrderStatus = (typeof paidOrderStatuses)[number]

/** The shop's own details and order rules (one row). */
export type ShopSettingsDto = {
  /** Printed on every invoice: legal name, postal address (one line per line), e-mail, tax id. */
  legalName: string
  address: string
  email: string
  taxId: string
  /** The fulfilment status a paid order starts with (never 'pending'). */
  paidOrderStatus: PaidOrderStatus
  /** Charged where no shipping rate applies; the specification's flat 5.00 by default. */
  defaultShippingCents: number
  /** ISO 3166-1 alpha-2 codes the shop ships to; empty means worldwide. */
  shippingCountries: string[]
  updatedAt: Date
}

/** A colour a print material comes in: its name and a swatch for the page and the viewer. */
export type PrintColour = { name: string; hex: string }

/** A print material as the back-office edits it and the instant quote offers it. */
export type PrintMaterialDto = PrintMaterialPrice & {
  id: string
  name: string
  colours: PrintColour[]
  enabled: boolean
  position: number
}

/** The instant quote's rates and print-time model, its build volume and upload limit (one row). */
export type PrintSettingsDto = Omit<PrintPricing, 'batchDiscounts'> & {
  batchDiscounts: BatchDiscountTier[]
  buildXMm: number
  buildYMm: number
  buildZMm: number
  fileSizeLimitMb: number
}
