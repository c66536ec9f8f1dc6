import { listProfilesByIds } from '#app/modules/accounts/index.server.ts'
import { findInvoiceOfOrder } from '#app/modules/invoices/index.server.ts'
import {
  getOrderDetail,
  listOrderEvents,
  type OrderDetailDto,
  type OrderEventDto,
} from '#app/modules/orders/index.server.ts'
import { withModelFileSummaries } from '../model-files/line-model-files.server.ts'

type ModelFileSummary = { id: string; fileName: string; size: number }

/** An order as its page shows it: the lines with their 3D model's name and size, and its invoice. */
export type OrderPageData = {
  order: Omit<OrderDetailDto, 'lines' | 'internalNote'> & {
    lines: (OrderDetailDto['lines'][number] & { modelFile: ModelFileSummary | null })[]
  }
  invoice: { id: string; status: string; refundedCents: number } | null
}

/** The back-office's order page adds the customer, the shop's own note and the history. */
export type AdminOrderPageData = OrderPageData & {
  internalNote: string | null
  customer: { id: string | null; name: string | null; email: string | null; isGuest: boolean }
  events: OrderEventDto[]
}

async function pageOf(order: OrderDetailDto): Promise<OrderPageData> {
  const { internalNote: _shopOnly, lines, ...rest } = order
  const [withFiles] = await withModelFileSummaries([{ items: lines }])
  const invoice = await findInvoiceOfOrder(order.id)
  return {
    order: {
      ...rest,
      lines: (withFiles?.items ?? []).map((line) => ({
        ...line,
        modelFile: line.modelFile
          ? { id: line.modelFile.id, fileName: line.modelFile.fileName, size: line.modelFile.size }
          : null,
      })),
    },
    invoice,
  }
}

/**
 * The customer's own order, or null for an unknown order or someone else's: both get the same
 * answer (DESIGN 5). The shop's internal note is never part of it.
 * @example const page = await loadCustomerOrderPage(params.orderId, viewer.id)
 */
export async function loadCustomerOrderPage(orderId: string, userId: string): Promise<OrderPageData | null> {
  const order = await getOrderDetail(orderId)
  if (!order || order.userId !== userId) return null
  return pageOf(order)
}

/**
 * Any order for the back-office, with its customer, internal note and history.
 * @example const page = await loadAdminOrderPage(params.orderId)
 */
export async function loadAdminOrderPage(orderId: string): Promise<AdminOrderPageData | null> {
  const order = await getOrderDetail(orderId)
  if (!order) return null
  const [page, events, people] = await Promise.all([
    pageOf(order),
    listOrderEvents(order.id),
    order.userId ? listProfilesByIds([order.userId]) : [],
  ])
  const person = people[0]
  return {
    ...page,
    internalNote: order.internalNote,
    events,
    customer: {
      id: order.userId,
      name: person?.fullName || order.shippingAddress?.name || null,
      email: person?.email ?? order.email,
      isGuest: order.userId === null,
    },
  }
}
