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
