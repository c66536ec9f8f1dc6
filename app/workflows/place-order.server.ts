import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { listProductsByIds, type ProductDto, reserveStock, retrieveProduct } from '#app/modules/catalog/index.server.ts'
import { createInvoice } from '#app/modules/invoices/index.server.ts'
import { MAX_INVOICE_TOTAL_CENTS } from '#app/modules/invoices/schemas.ts'
import { type CheckoutLineDto, createOrder, type OrderShippingAddress } from '#app/modules/orders/index.server.ts'
import { hasSpecAddress, withAddressDefaults } from '#app/rules/address.ts'
import { combinedQuantities, lineVariation, type PlaceOrderLine } from '#app/rules/order.ts'
import { unitPriceCents } from '#app/rules/pricing.ts'
import { getDb } from '#app/utils/db.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'
import { checkLineModelFiles } from './model-files/line-model-files.server.ts'
import { sendOrderPlacedMails } from './orders/order-mails.server.ts'

/** What create_order_and_invoice answers (storefront §7), plus the toast title of a refusal. */
export type PlaceOrderResult =
  | { success: true; order_id: string; order_number: number; invoice_id: string; message: string }
  | { success: false; error: 'Empty Cart' | 'Order Failed'; message: string }

export type PlaceOrderInput = {
  customer: { id: string; email: string }
  items: readonly PlaceOrderLine[]
}

// The order page sells catalogue products only: every line has its product.
type OrderLine = CheckoutLineDto & { productId: string; modelFile: PlaceOrderLine['modelFile'] }

const refused = (message: string): PlaceOrderResult => ({ success: false, error: 'Order Failed', message })

/** The stock ran out between the check and the update: the transaction is rolled back. */
class StockShortfall extends Error {
  constructor(readonly productId: string) {
    super('Not enough stock')
  }
}

/** A title the browser sent, only to name a line that is gone: one plain line of text. */
function nameOf(title: string | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const text = title?.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return text ? text.slice(0, 120) : null
}

/** Step 2: each line from the catalog (visible products only), or the reason it cannot be sold. */
function linesOf(items: readonly PlaceOrderLine[], products: Map<string, ProductDto>): OrderLine[] | string {
  const lines: Omit<OrderLine, 'unitPriceCents' | 'totalPriceCents'>[] = []
  for (const item of items) {
    const product = products.get(item.productId)
    if (!product) {
      const name = nameOf(item.title)
      return `${name ? `"${name}"` : 'An item in your order'} is no longer available. Remove it from your order to continue.`
    }
    const variation = lineVariation(product, item.variationId)
    if (variation === undefined) {
      return product.variations.length > 0 && !item.variationId
        ? `Please select a variation of "${product.title}" before ordering.`
        : `The option chosen for "${product.title}" is no longer available. Remove the line and add the product again.`
    }
    lines.push({
      productId: product.id,
      title: product.title,
      variation: variation ? { id: variation.id, name: variation.name } : null,
      quantity: item.quantity,
      note: item.note ?? null,
      modelFileId: item.modelFile?.id ?? null,
      modelFile: item.modelFile ?? null,
    })
  }
  // Step 3: prices from the database: each product's tier by its quantity in the whole order, plus
  // the variation's modifier (storefront §9; the panel shows the same through the shared rules).
  const combined = combinedQuantities(lines)
  return lines.map((line) => {
    const product = products.get(line.productId) as ProductDto
    const variation = product.variations.find((option) => option.id === line.variation?.id) ?? null
    const unit = unitPriceCents(product, combined.get(product.id) ?? line.quantity, variation)
    return { ...line, unitPriceCents: unit, totalPriceCents: unit * line.quantity }
  })
}

/** Step 4: no more of a product than its stock (storefront §5), said before anything is taken. */
function stockProblem(lines: readonly OrderLine[], products: Map<string, ProductDto>): string | null {
  for (const [productId, quantity] of combinedQuantities(lines)) {
    const product = products.get(productId) as ProductDto
    if (quantity <= product.stockQuantity) continue
    return stockMessage(product.title, product.stockQuantity)
  }
  return null
}

function stockMessage(title: string, left: number) {
  return left <= 0
    ? `Sorry, "${title}" is sold out. Remove it from your order to continue.`
    : `Only ${left} of "${title}" left in stock. Lower the quantity to continue.`
}

/** The customer's profile address, when every field is filled in (the order ships there). */
async function shippingAddressOf(userId: string): Promise<OrderShippingAddress | null> {
  const address = (await retrieveProfile(userId))?.shippingAddress
  return address && hasSpecAddress(address) ? withAddressDefaults(address) : null
}

const lineDescription = (line: OrderLine) => (line.variation ? `${line.title} (${line.variation.name})` : line.title)

/**
 * Places a signed-in customer's order from the order page (storefront §2 Create an Order, §7
 * create_order_and_invoice, DESIGN 1 and 3): prices every line from the database (tier by the
 * product's quantity in the order, plus the variation's modifier; never a browser's price), checks
 * the stock and every line's model file, then in one transaction takes the stock with a conditional
 * update (never below zero, so two customers racing for the last units cannot both get them),
 * creates the order (pending) with its lines, notes and files, and an unpaid invoice with the same
 * lines and total linked to it. E-mails go out after the commit.
 * @example
 * const result = await placeOrder({ customer: { id, email }, items: [{ productId, variationId: null, quantity: 12 }] })
 * if (result.success) redirect(`/invoices/${result.invoice_id}`)
 */
export async function placeOrder({ customer, items }: PlaceOrderInput): Promise<PlaceOrderResult> {
  // Step 1: an order needs something in it.
  if (items.length === 0) {
    return { success: false, error: 'Empty Cart', message: 'Please add items to your cart before ordering.' }
  }
  // Steps 2-4: the lines as the shop sells them, within the stock.
  const products = new Map(
    (await listProductsByIds(items.map((item) => item.productId)))
      .filter((product) => product.status === 'visible')
      .map((product) => [product.id, product]),
  )
  const lines = linesOf(items, products)
  if (typeof lines === 'string') return refused(lines)
  const problem = stockProblem(lines, products)
  if (problem) return refused(problem)
  const totalCents = lines.reduce((sum, line) => sum + line.totalPriceCents, 0)
  if (totalCents > MAX_INVOICE_TOTAL_CENTS) {
    return refused('This order is too large to place online. Please contact us for a quote.')
  }
  // Step 5: every attached model file exists and was uploaded by this customer's browser.
  const fileProblem = await checkLineModelFiles(lines, customer)
  if (fileProblem) return refused(fileProblem)

  const shippingAddress = await shippingAddressOf(customer.id)
  const storedLines: CheckoutLineDto[] = lines.map(({ modelFile: _modelFile, ...line }) => line)
  const db = await getDb()
  let placed: { orderId: string; orderNumber: number; invoiceId: string }
  try {
    placed = await db.transaction(async (tx) => {
      // Step 5a: the stock, taken only if that much is left (products locked in id order).
      const reserved = await reserveStock(storedLines, tx)
      if (!reserved.ok) throw new StockShortfall(reserved.productId)
      // Step 5b: the order and its invoice, all or nothing.
      const order = await createOrder(
        {
          userId: customer.id,
          email: customer.email,
          shippingAddress,
          lines: storedLines,
          subtotalCents: totalCents,
          discountCents: 0,
          shippingCents: 0,
          totalCents,
          promoCode: null,
          paymentSessionId: null,
          testPayment: false,
          payment: null,
        },
        tx,
      )
      const invoice = await createInvoice(
        {
          userId: customer.id,
          email: customer.email,
          orderId: order.id,
          status: 'unpaid',
          items: lines.map((line) => ({
            productId: line.productId,
            description: lineDescription(line).slice(0, 200),
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
          })),
        },
        tx,
      )
      if (invoice.totalCents !== totalCents) throw new Error('The invoice total differs from the order total')
      return { orderId: order.id, orderNumber: order.number, invoiceId: invoice.id }
    })
  } catch (error) {
    if (!(error instanceof StockShortfall)) throw error
    // Another customer took the units meanwhile: say how many are left now.
    const product = await retrieveProduct(error.productId)
    const title = products.get(error.productId)?.title ?? product?.title ?? 'An item'
    return refused(stockMessage(title, product?.stockQuantity ?? 0))
  }
  // The stock taken shows on product pages ('Out of Stock' once it is gone).
  announcePublicChange('stock taken by an order')
  // Step 6: only after the commit, so no mail goes out for an order that was rolled back.
  await sendOrderPlacedMails(placed.orderId, { invoiceId: placed.invoiceId, paymentDue: true })
  return {
    success: true,
    order_id: placed.orderId,
    order_number: placed.orderNumber,
    invoice_id: placed.invoiceId,
    message: 'Order placed successfully.',
  }
}
