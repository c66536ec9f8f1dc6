// Words and formats shared by every place an order is shown: pages, lists, e-mails, exports.

export type FulfilmentStatus = 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled'
export type PaymentStatus = 'unpaid' | 'paid' | 'test' | 'refunded' | 'partially_refunded'

/** `#1001`: the number people use for an order (the UUID stays the key). */
export function orderNumberLabel(number: number): string {
  return `#${number}`
}

/** What happens after payment, from the shipping policy: on /success and in the confirmation. */
export const ORDER_NEXT_STEPS =
  'We print your order in 3-5 business days (larger or custom orders may take longer), then e-mail you the carrier and tracking number when it ships.'

export const fulfilmentLabels: Record<FulfilmentStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

export const paymentLabels: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  test: 'Test payment',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

/** 'US' → 'United States'; anything that is not a region code is shown as it is. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code
  try {
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}
