import { keepFirstShippingAddress } from '#app/modules/accounts/index.server.ts'
import { releaseStock, takeStockUnconditionally } from '#app/modules/catalog/index.server.ts'
import {
  type CreatePaidInvoiceInput,
  createPaidInvoice,
  notifyInvoiceChanged,
  receiveInvoicePayment,
} from '#app/modules/invoices/index.server.ts'
import { sendMail } from '#app/modules/mail/index.server.ts'
import {
  type CheckoutDto,
  createOrder,
  lockCheckout,
  markCheckoutCompleted,
  markCheckoutExpired,
} from '#app/modules/orders/index.server.ts'
import { type CheckoutOutcome, type PaymentEvent, recordPaymentEvent } from '#app/modules/payments/index.server.ts'
import { getShopSettings } from '#app/modules/settings/index.server.ts'
import { canShipTo } from '#app/rules/address.ts'
import { printOptionsText } from '#app/rules/print-line.ts'
import { getDb, type Tx } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'
import { invoicePdfAttachment } from '#app/workflows/invoice-document.server.ts'
import { sendOrderPlacedMails } from '#app/workflows/orders/order-mails.server.ts'
import { markOrderOfInvoicePaid } from '#app/workflows/orders/order-of-invoice.server.ts'

/**
 * What an event did: nothing new ('duplicate', 'ignored', 'unchanged'), or its effect. A payment
 * that does not match its invoice ('invoice-payment-flagged') is recorded and left to the shop.
 */
export type PaymentEventResult =
  | { outcome: 'duplicate' | 'ignored' | 'unchanged' | 'awaiting-payment' | 'expired' }
  | { outcome: 'completed'; orderId: string; invoiceId: string }
  | { outcome: 'invoice-paid'; invoiceId: string }
  | { outcome: 'invoice-payment-flagged'; invoiceId: string | null; reason: string }

type PlacedOrder = {
  orderId: string
  invoiceId: string
  email: string | null
  checkout: CheckoutDto
  testPayment: boolean
  shippingAddress: CheckoutDto['shippingAddress']
}

/** An invoice payment to report once committed: a receipt to the customer, or a notice to the shop. */
type InvoicePaymentReport = {
  invoiceId: string | null
  amountCents: number
  email: string | null
  reference: string
  testPayment: boolean
  flagged: string | null
}

/** The built-in demo checkout takes no money: what it pays is a test payment (DESIGN 9). */
const isTestProvider = (provider: string) => provider === 'demo'

/** Step 2: the cart checkout the session belongs to, locked for this transaction. */
async function findCheckout(session: CheckoutOutcome, tx: Tx): Promise<CheckoutDto | null> {
  const byReference = session.reference?.kind === 'cart' ? await lockCheckout({ id: session.reference.id }, tx) : null
  const checkout = byReference ?? (await lockCheckout({ providerSessionId: session.id }, tx))
  if (checkout?.providerSessionId && checkout.providerSessionId !== session.id) {
    logger.warn({ checkoutId: checkout.id, sessionId: session.id }, 'Payment event for another session ignored')
    return null
  }
  return checkout
}

/** Step 3a: a paid checkout becomes, once, a pending order with its lines and a paid invoice. */
async function placeOrder(
  checkout: CheckoutDto,
  session: CheckoutOutcome,
  provider: string,
  tx: Tx,
): Promise<PlacedOrder | null> {
  const testPayment = isTestProvider(provider)
  if (checkout.status === 'completed') return null
  if (checkout.status === 'expired') {
    // Paid after its reservation was released (a late webhook): the money is taken, so is the stock.
    logger.warn({ checkoutId: checkout.id }, 'Payment completed for an expired checkout')
    await takeStockUnconditionally(checkout.lines, tx)
  }
  if (session.amountTotalCents !== null && session.amountTotalCents !== checkout.totalCents) {
    logger.warn(
      { checkoutId: checkout.id, paid: session.amountTotalCents, expected: checkout.totalCents },
      'The amount paid differs from the checkout total',
    )
  }
  const email = checkout.email ?? session.customerEmail
  const shippingAddress = session.shippingAddress ?? checkout.shippingAddress
  const order = await createOrder(
    {
      userId: checkout.userId,
      email,
      shippingAddress,
      lines: checkout.lines,
      subtotalCents: checkout.subtotalCents,
      discountCents: checkout.discountCents,
      shippingCents: checkout.shippingCents,
      totalCents: checkout.totalCents,
      promoCode: checkout.promoCode,
      promotionId: checkout.promotionId,
      paymentSessionId: session.id,
      testPayment,
      payment: {
        provider,
        reference: session.paymentReference ?? session.id,
        paidAt: new Date(),
        fulfilmentStatus: (await getShopSettings(tx)).paidOrderStatus,
      },
    },
    tx,
  )
  const invoice = await createPaidInvoice(
    {
      userId: checkout.userId,
      email,
      orderId: order.id,
      totalCents: checkout.totalCents,
      paymentDate: new Date(),
      paymentReference: session.paymentReference ?? session.id,
      testPayment,
      items: invoiceItems(checkout),
    },
    tx,
  )
  await markCheckoutCompleted(checkout.id, order.id, tx)
  return { orderId: order.id, invoiceId: invoice.id, email, checkout, testPayment, shippingAddress }
}

/** The invoice's items add up to what was paid: the lines, the discount and shipping. */
function invoiceItems(checkout: CheckoutDto): CreatePaidInvoiceInput['items'] {
  const items: CreatePaidInvoiceInput['items'] = checkout.lines.map((line) => ({
    productId: line.productId,
    description: line.print
      ? `${line.title} (${printOptionsText(line.print)})`
      : line.variation
        ? `${line.title} (${line.variation.name})`
        : line.title,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
  }))
  if (checkout.discountCents > 0) {
    items.push({
      productId: null,
      description: `Discount (${checkout.promoCode ?? 'promotion'})`,
      quantity: 1,
      unitPriceCents: -checkout.discountCents,
    })
  }
  if (checkout.shippingCents > 0) {
    items.push({
      productId: null,
      description: 'Shipping',
      quantity: 1,
      unitPriceCents: checkout.shippingCents,
    })
  }
  return items
}

/** Step 3b: an expired or failed checkout gives its reserved stock back, once. */
async function expireCheckout(checkout: CheckoutDto, tx: Tx): Promise<boolean> {
  if (!(await markCheckoutExpired(checkout.id, tx))) return false
  await releaseStock(checkout.lines, tx)
  return true
}

/**
 * Step 4b: after the commit, a paid invoice's receipt to the customer, or the shop's notice of a
 * payment that did not mark its invoice paid. A mail failure is logged only.
 */
async function sendInvoicePaymentMail(report: InvoicePaymentReport) {
  const env = getEnv()
  const invoiceNumber = report.invoiceId ? report.invoiceId.slice(0, 8) : 'unknown'
  const mail = report.flagged
    ? sendMail({
        to: env.SHOP_EMAIL,
        template: 'payment-flagged',
        data: {
          invoiceNumber,
          amountCents: report.amountCents,
          reason: report.flagged,
          testPayment: report.testPayment,
          adminUrl: `${env.PUBLIC_URL}/admin/invoices#flagged-payments`,
        },
      })
    : report.email && report.invoiceId
      ? sendMail({
          to: report.email,
          template: 'payment-receipt',
          attachments: await invoicePdfAttachment(report.invoiceId).then((pdf) => (pdf ? [pdf] : [])),
          data: {
            invoiceNumber,
            totalCents: report.amountCents,
            paidAt: new Date(),
            reference: report.reference,
            url: `${env.PUBLIC_URL}/invoices/${report.invoiceId}`,
            testPayment: report.testPayment,
          },
        })
      : null
  await mail?.catch((error: unknown) =>
    logger.error({ err: error, invoiceId: report.invoiceId }, 'Invoice payment e-mail could not be stored'),
  )
}

/**
 * Applies a verified payment-provider event (webhook or demo page) exactly once: a paid cart
 * checkout becomes a pending order with its lines and a paid invoice; an expired or failed one
 * releases its stock; an invoice payment marks the invoice paid only when it pays the invoice's
 * current version and total (otherwise it is recorded and flagged for the shop). The event is recorded in the same transaction, so a replay changes nothing
 * and a failure lets the provider's retry apply it again. E-mails go out after the commit.
 * @example
 * const event = await provider.parseEvent(body, signature)
 * const result = await handlePaymentEvent(provider.name, event) // { outcome: 'completed', orderId, invoiceId }
 */
export async function handlePaymentEvent(provider: string, event: PaymentEvent): Promise<PaymentEventResult> {
  const db = await getDb()
  const testPayment = isTestProvider(provider)
  const { result, placed, invoicePayment } = await db.transaction(async (tx) => {
    const done = (outcome: 'duplicate' | 'ignored' | 'unchanged' | 'awaiting-payment' | 'expired') => ({
      result: { outcome } as PaymentEventResult,
      placed: null,
      invoicePayment: null,
    })
    // Step 1: record the event; a replay stops here.
    const recorded = await recordPaymentEvent({ provider, eventId: event.id, type: event.type, payload: event.raw }, tx)
    if (recorded === 'duplicate') return done('duplicate')
    const session = event.session
    if (!session) return done('ignored')
    if (session.reference?.kind === 'invoice') {
      // Step 2b: money received through Pay Now is recorded once, and judged against the invoice
      // as it is now; other invoice events are only recorded.
      const paid =
        (event.type === 'checkout.completed' && session.paymentStatus !== 'unpaid') ||
        event.type === 'checkout.async_payment_succeeded'
      if (!paid) return done('ignored')
      const received = await receiveInvoicePayment(
        {
          invoiceId: session.reference.id,
          provider,
          providerSessionId: session.id,
          amountCents: session.amountTotalCents,
          paymentReference: session.paymentReference,
          testPayment,
          paidAt: new Date(),
        },
        tx,
      )
      if (received.outcome === 'unchanged') return done('unchanged')
      if (received.outcome === 'applied' && received.invoiceId) {
        await markOrderOfInvoicePaid(
          received.invoiceId,
          { provider, reference: session.paymentReference, paidAt: new Date(), testPayment },
          { id: null, label: 'Pay Now' },
          tx,
        )
      }
      const report: InvoicePaymentReport = {
        invoiceId: received.invoiceId,
        amountCents: received.amountCents,
        email: received.email,
        reference: session.paymentReference ?? session.id,
        testPayment,
        flagged: received.outcome === 'applied' ? null : received.note,
      }
      const result: PaymentEventResult =
        received.outcome === 'applied' && received.invoiceId
          ? { outcome: 'invoice-paid', invoiceId: received.invoiceId }
          : { outcome: 'invoice-payment-flagged', invoiceId: received.invoiceId, reason: received.note ?? '' }
      return { result, placed: null, invoicePayment: report }
    }
    const checkout = await findCheckout(session, tx)
    if (!checkout) return done('ignored')
    switch (event.type) {
      case 'checkout.completed':
      case 'checkout.async_payment_succeeded': {
        // Paid later (bank debit): async_payment_succeeded or _failed follows. Unless that news
        // overtook this event and the order is already placed.
        if (event.type === 'checkout.completed' && session.paymentStatus === 'unpaid') {
          return done(checkout.status === 'completed' ? 'unchanged' : 'awaiting-payment')
        }
        const order = await placeOrder(checkout, session, provider, tx)
        if (!order) return done('unchanged')
        const completed: PaymentEventResult = {
          outcome: 'completed',
          orderId: order.orderId,
          invoiceId: order.invoiceId,
        }
        return { result: completed, placed: order, invoicePayment: null }
      }
      case 'checkout.expired':
      case 'checkout.async_payment_failed':
        return done((await expireCheckout(checkout, tx)) ? 'expired' : 'unchanged')
      default:
        return done('ignored')
    }
  })
  // Step 4: only after the commit, so no mail goes out for a rolled-back order and no open
  // invoice page reads a status that is not saved yet. Stock released, or taken back for an order
  // paid after its checkout expired, shows on product pages.
  if (result.outcome === 'expired' || placed?.checkout.status === 'expired') {
    announcePublicChange('stock changed by a payment event')
  }
  if (placed) {
    await sendOrderPlacedMails(placed.orderId, { invoiceId: placed.invoiceId, paymentDue: false })
    await keepAddressInProfile(placed)
  }
  if (result.outcome === 'invoice-paid') await notifyInvoiceChanged(result.invoiceId, 'paid')
  if (invoicePayment) await sendInvoicePaymentMail(invoicePayment)
  return result
}

/** Step 4c: a customer's first address given at checkout becomes their profile's; a failure is logged only. */
async function keepAddressInProfile(placed: PlacedOrder) {
  const { userId } = placed.checkout
  if (!userId || !canShipTo(placed.shippingAddress)) return
  await keepFirstShippingAddress(userId, placed.shippingAddress).catch((err: unknown) => {
    logger.warn({ err, orderId: placed.orderId }, 'The checkout address could not be kept in the profile')
  })
}

/**
 * Expires one open checkout and releases its stock, in its own transaction (the sweep for
 * checkouts whose provider never said they expired). False when it was no longer open.
 * @example await expireCheckoutById(checkout.id)
 */
export async function expireCheckoutById(checkoutId: string): Promise<boolean> {
  const db = await getDb()
  const expired = await db.transaction(async (tx) => {
    const checkout = await lockCheckout({ id: checkoutId }, tx)
    return checkout?.status === 'open' ? expireCheckout(checkout, tx) : false
  })
  if (expired) announcePublicChange('stock released by an expired checkout')
  return expired
}
