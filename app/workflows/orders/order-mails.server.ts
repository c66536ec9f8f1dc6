import { type MailTemplateData, sendMail } from '#app/modules/mail/index.server.ts'
import {
  getOrderDetail,
  type OrderActor,
  type OrderDetailDto,
  recordOrderEvent,
} from '#app/modules/orders/index.server.ts'
import { addressLines } from '#app/rules/address.ts'
import { countryName, ORDER_NEXT_STEPS, orderNumberLabel } from '#app/rules/order-labels.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { invoicePdfAttachment } from '../invoice-document.server.ts'

// Every e-mail about an order is written from the order as stored (its number, lines, totals and
// address), after the change it reports has committed. A failure to store one is logged, never
// undoes the change: the admin can resend the confirmation from the order page.

function orderUrlOf(order: OrderDetailDto): string | undefined {
  // A guest has no account page; their invoice link is in every e-mail instead.
  return order.userId ? `${getEnv().PUBLIC_URL}/account/orders/${order.id}` : undefined
}

const lineTitle = (line: OrderDetailDto['lines'][number]) =>
  line.variationName ? `${line.title} (${line.variationName})` : line.title

const shippingLines = (order: OrderDetailDto) =>
  order.shippingAddress ? addressLines(order.shippingAddress, countryName) : undefined

async function stored(orderId: string, what: string, send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send()
    return true
  } catch (err) {
    logger.error({ err, orderId }, `Order e-mail (${what}) could not be stored`)
    return false
  }
}

/**
 * The customer's order confirmation and the shop's new-order notice, after an order was placed.
 * `paymentDue`: placed on /order, its invoice still to pay.
 * @example await sendOrderPlacedMails(orderId, { invoiceId, paymentDue: false })
 */
export async function sendOrderPlacedMails(orderId: string, options: { invoiceId: string; paymentDue: boolean }) {
  const order = await getOrderDetail(orderId)
  if (!order) return
  const env = getEnv()
  const number = orderNumberLabel(order.number)
  await Promise.all([
    sendConfirmation(order, options),
    stored(order.id, 'new order', () =>
      sendMail({
        to: env.SHOP_EMAIL,
        template: 'new-order',
        data: {
          orderNumber: number,
          customerEmail: order.email ?? 'unknown',
          totalCents: order.totalCents,
          adminUrl: `${env.PUBLIC_URL}/admin/orders/${order.id}`,
          testPayment: order.testPayment,
          paymentDue: options.paymentDue,
        },
      }),
    ),
  ])
}

async function sendConfirmation(order: OrderDetailDto, options: { invoiceId: string | null; paymentDue: boolean }) {
  if (!order.email) return false
  const env = getEnv()
  const pdf = options.invoiceId ? await invoicePdfAttachment(options.invoiceId) : null
  return stored(order.id, 'confirmation', () =>
    sendMail({
      to: order.email as string,
      template: 'order-confirmation',
      attachments: pdf ? [pdf] : [],
      data: {
        orderNumber: orderNumberLabel(order.number),
        lines: order.lines.map((line) => ({
          title: lineTitle(line),
          quantity: line.quantity,
          totalCents: line.totalPriceCents,
        })),
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        shippingCents: order.shippingCents,
        totalCents: order.totalCents,
        invoiceUrl: options.invoiceId ? `${env.PUBLIC_URL}/invoices/${options.invoiceId}` : `${env.PUBLIC_URL}/account`,
        orderUrl: orderUrlOf(order),
        shippingAddress: shippingLines(order),
        nextSteps: options.paymentDue ? undefined : ORDER_NEXT_STEPS,
        testPayment: order.testPayment,
        paymentDue: options.paymentDue,
      },
    }),
  )
}

/**
 * Sends the order confirmation again (the order page's Resend button) and records it in the
 * order's history. False when the order has no e-mail or the message could not be stored.
 * @example const sent = await resendOrderConfirmation(orderId, invoiceId, actor)
 */
export async function resendOrderConfirmation(orderId: string, invoiceId: string | null, actor: OrderActor) {
  const order = await getOrderDetail(orderId)
  if (!order?.email) return false
  const sent = await sendConfirmation(order, { invoiceId, paymentDue: order.paymentStatus === 'unpaid' })
  if (sent) await recordOrderEvent(order.id, 'confirmation_sent', actor, `Confirmation sent to ${order.email}`, null)
  return sent
}

/**
 * A customer's e-mail about what happened to their order, with its number and a link to it (their
 * account for a guest); nothing for an order without an e-mail.
 */
async function sendProgressMail<T extends 'order-shipped' | 'order-cancelled' | 'order-refunded'>(
  order: OrderDetailDto,
  template: T,
  data: Omit<MailTemplateData[T], 'orderNumber' | 'orderUrl'>,
) {
  if (!order.email) return
  const to = order.email
  const orderUrl = orderUrlOf(order) ?? `${getEnv().PUBLIC_URL}/account`
  await stored(order.id, template.replace('order-', ''), () =>
    sendMail({
      to,
      template,
      data: { ...data, orderNumber: orderNumberLabel(order.number), orderUrl } as MailTemplateData[T],
    }),
  )
}

/** The customer's 'on its way' e-mail with the carrier and tracking link. */
export async function sendOrderShippedMail(orderId: string) {
  const order = await getOrderDetail(orderId)
  if (!order?.carrier || !order.trackingNumber) return
  await sendProgressMail(order, 'order-shipped', {
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    shippingAddress: shippingLines(order) ?? [],
  })
}

/** The customer's cancellation e-mail, saying what was refunded with it. */
export async function sendOrderCancelledMail(orderId: string, refundedCents: number) {
  const order = await getOrderDetail(orderId)
  if (order) await sendProgressMail(order, 'order-cancelled', { refundedCents })
}

/** The customer's refund e-mail: this refund, the total refunded, and why. */
export async function sendOrderRefundedMail(orderId: string, refund: { amountCents: number; reason: string | null }) {
  const order = await getOrderDetail(orderId)
  if (!order) return
  await sendProgressMail(order, 'order-refunded', {
    amountCents: refund.amountCents,
    totalRefundedCents: order.refundedCents,
    fullyRefunded: order.paymentStatus === 'refunded',
    reason: refund.reason,
  })
}
