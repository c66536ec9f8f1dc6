import { data } from 'react-router'
import { type JsonBodyProblem, readJsonBody } from '#app/routes/resources/+shared/json-body.server.ts'
import { MAX_ORDER_BODY_BYTES, PlaceOrderRequestSchema } from '#app/rules/order.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import type { Viewer } from '#app/wiring/viewer.server.ts'
import { placeOrder } from '#app/workflows/place-order.server.ts'

const unreadOrder: Record<JsonBodyProblem, string> = {
  'too-large': 'Your order is too large to send. Please remove some lines.',
  unreadable: 'Your order could not be read. Please try again.',
  'not-json': 'Your order could not be read. Please reload the page and try again.',
}

const orderFailed = (description: string, status = 400) => refused(null, description, status, undefined, 'Order Failed')

/**
 * Place Order for a signed-in customer (storefront §2 Create an Order, §5, §8): the body is
 * `{ items: [{ productId, variationId, quantity, note, modelFile }] }`; every field is checked,
 * prices come from the database. Answers 'Order Placed!' with the order number and the invoice to
 * open, or 'Empty Cart' / 'Order Failed' with the reason; never a 500 for bad input.
 */
export async function placeOrderAction(request: Request, viewer: Viewer) {
  const read = await readJsonBody(request, MAX_ORDER_BODY_BYTES)
  if (!read.ok) return orderFailed(unreadOrder[read.problem])
  // A line's problem comes back by its place (`items.0.note`), shown beside that line.
  const parsed = parseForm(PlaceOrderRequestSchema, read.body)
  if (!parsed.ok) return refusedForm(null, parsed, { title: 'Order Failed' })
  let result: Awaited<ReturnType<typeof placeOrder>>
  try {
    result = await placeOrder({ customer: { id: viewer.id, email: viewer.email }, items: parsed.data.items })
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, 'An order could not be placed')
    return orderFailed('Failed to place order.', 500)
  }
  if (!result.success) {
    const status = result.error === 'Empty Cart' ? 400 : 409
    return refused(null, result.message || 'Failed to place order.', status, undefined, result.error)
  }
  // The page's clientAction opens the order's invoice.
  const placed = succeeded(null, 'Order Placed!', `Your order #${result.order_number} has been placed.`)
  return data({ ...placed.data, orderId: result.order_id, invoiceId: result.invoice_id })
}
