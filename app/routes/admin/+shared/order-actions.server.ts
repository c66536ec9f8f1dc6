import { data } from 'react-router'
import { setOrderStatus } from '#app/modules/orders/index.server.ts'
import { ORDER_NOT_FOUND, OrderStatusFormSchema } from '#app/modules/orders/schemas.ts'
import { shortId } from '#app/rules/money.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { logger } from '#app/utils/logger.server.ts'

function failure(status: number, description: string) {
  return data<ActionResult>({ ok: false, toast: { title: 'Error', description, variant: 'destructive' } }, { status })
}

/** The list's status menu: any status from any other, saved at once (back-office §4). */
export async function changeOrderStatus(form: FormData) {
  const parsed = OrderStatusFormSchema.safeParse({ orderId: form.get('orderId'), status: form.get('status') })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return failure(issue?.path[0] === 'orderId' ? 404 : 400, issue?.message ?? 'Please try again.')
  }
  const { orderId, status } = parsed.data
  try {
    const order = await setOrderStatus(orderId, status)
    if (!order) return failure(404, ORDER_NOT_FOUND)
    return data<ActionResult>({
      ok: true,
      toast: {
        title: 'Order Status Updated',
        description: `Order #${shortId(order.id)} is ${order.status}.`,
        variant: 'success',
      },
    })
  } catch (err) {
    logger.error({ err, orderId }, 'Order status could not be saved')
    return failure(500, 'The status could not be saved. Please try again.')
  }
}

export function unknownIntent() {
  return failure(400, 'Unknown request.')
}
