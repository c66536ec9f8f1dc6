export type OrderStatus = 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled'

export type OrderSummaryDto = {
  id: string
  status: OrderStatus
  totalCents: number
  createdAt: Date
  items: { title: string; quantity: number; variationName: string | null }[]
}
