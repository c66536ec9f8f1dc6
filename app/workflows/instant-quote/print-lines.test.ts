import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { quoteModelCartToken } from '#app/modules/instant-quote/index.server.ts'
import { quoteModels } from '#app/modules/instant-quote/schema.server.ts'
import { invoiceItems, invoices } from '#app/modules/invoices/schema.server.ts'
import { orderLines, orders } from '#app/modules/orders/schema.server.ts'
import { type DemoPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { printSettings } from '#app/modules/settings/schema.server.ts'
import { loader as downloadLoader } from '#app/routes/resources/quote-model-download.ts'
import { action as requestsAction } from '#app/routes/resources/quote-requests.ts'
import type { CartPrintRequest } from '#app/rules/cart.ts'
import { printQualities, quotePrint } from '#app/rules/print-quote.ts'
import { boxStl } from '#tests/factories/model-files.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { callRoute } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestStorage, type TestStorage } from '#tests/setup/test-storage.ts'
import { settleDemoCheckout } from '../checkout/settle-demo-checkout.server.ts'
import { startCartCheckout } from '../checkout/start-cart-checkout.server.ts'
import { deleteUserKeepingRecords } from '../delete-user.server.ts'
import { priceCart } from '../price-cart.server.ts'
import { PRINT_MODEL_GONE_MESSAGE } from './price-print-lines.server.ts'
import { printPricingOf } from './print-pricing.server.ts'
import { uploadQuoteModel } from './upload-quote-model.server.ts'

// Print lines of the instant quote in the cart, the checkout and the order (decision 039), on the
// embedded database with the demo payment provider: priced again by the server with the current
// settings, refused with a message when the model is gone, not the buyer's or too large, kept on
// the order with their model, and the model served only to the order's customer and the shop.

const { database, admin, customer: casey } = signedInAccountsForFile()
let files: TestStorage
let provider: DemoPaymentProvider
let robin = { id: '', email: '', cookie: '' }
const publicUrl = 'http://localhost:3000'
let guests = 0

beforeAll(async () => {
  robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Other' })
  files = await createTestStorage('print-lines')
})

beforeEach(() => {
  provider = installDemoPayments()
})

afterAll(async () => {
  setPaymentProvider(null)
  await files?.close()
})

async function uploadCube(owner: { userId: string } | { guestToken: string }, size = 20) {
  const result = await uploadQuoteModel({
    file: new File([new Uint8Array(boxStl(size, size, size))], 'bracket.stl'),
    owner,
  })
  if (!result.ok) throw new Error(result.message)
  return result.model.id
}

async function pla() {
  const { materials } = await getPrintQuoteSettings()
  const material = materials.find((candidate) => candidate.name === 'PLA')
  if (!material) throw new Error('no PLA')
  return material
}

/** A print line's request as the cart sends it: ids and choices only. */
async function printOf(modelId: string, changes: Partial<CartPrintRequest> = {}): Promise<CartPrintRequest> {
  const material = await pla()
  return {
    modelId,
    token: quoteModelCartToken(modelId),
    materialId: material.id,
    colour: material.colours[0].name,
    quality: 'standard',
    infill: 20,
    units: 'mm',
    ...changes,
  }
}

const line = (print: CartPrintRequest, quantity = 1) => ({
  cartId: 'p',
  id: `print:${print.modelId}`,
  title: 'Not the server’s title',
  quantity,
  print,
})

/** The formula of decision 035, computed here from the settings as they are now. */
async function formulaLineTotal(sizeMm: number, quantity: number) {
  const { settings } = await getPrintQuoteSettings()
  const material = await pla()
  const quality = printQualities.find((candidate) => candidate.id === 'standard')
  if (!quality) throw new Error('no standard quality')
  return quotePrint({
    measures: {
      volumeMm3: sizeMm ** 3,
      areaMm2: 6 * sizeMm ** 2,
      size: { x: sizeMm, y: sizeMm, z: sizeMm },
    },
    material,
    choice: { layerHeightMm: quality.layerHeightMm, infillPercent: 20, quantity },
    pricing: printPricingOf(settings),
  })
}

describe('Add to Cart (/instant-quote/requests, intent cart)', () => {
  test('answers the owner a line with the model’s token and the options; anyone else is told it was not found', async () => {
    const modelId = await uploadCube({ userId: casey.id })
    const material = await pla()
    const form = {
      intent: 'cart',
      modelId,
      materialId: material.id,
      colour: material.colours[0].name,
      quality: 'standard',
      infill: '20',
      quantity: '3',
      units: 'mm',
    }
    const added = await callRoute(requestsAction, { url: '/instant-quote/requests', form, cookie: casey.cookie })
    expect(added.status).toBe(200)
    expect(added.data).toMatchObject({
      ok: true,
      intent: 'cart',
      toast: { title: 'Added to cart!' },
      line: {
        title: '3D print: bracket.stl',
        quantity: 3,
        print: { modelId, token: quoteModelCartToken(modelId), infill: 20, units: 'mm', quality: 'standard' },
      },
    })
    // Another customer and a visitor get the answer of a model that does not exist.
    for (const cookie of [robin.cookie, null]) {
      const refused = await callRoute(requestsAction, { url: '/instant-quote/requests', form, cookie })
      expect(refused.status).toBe(404)
      expect(refused.data).toMatchObject({ ok: false, intent: 'cart' })
    }
  })

  test('a model too large at the chosen units is not added (409), never a 500', async () => {
    const modelId = await uploadCube({ userId: casey.id })
    const material = await pla()
    const refused = await callRoute(requestsAction, {
      url: '/instant-quote/requests',
      form: {
        intent: 'cart',
        modelId,
        materialId: material.id,
        colour: material.colours[0].name,
        quality: 'standard',
        infill: '20',
        quantity: '1',
        units: 'inch',
      },
      cookie: casey.cookie,
    })
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.data)).toContain('The model is larger than our printer: 508 × 508 × 508 mm')
  })
})

describe('priceCart with print lines', () => {
  test('prices the line by the formula with the current settings, whatever the browser sends', async () => {
    const modelId = await uploadCube({ guestToken: `guest-${++guests}` }, 30)
    const items = [{ ...line(await printOf(modelId), 4), unitPriceCents: 1, lineTotalCents: 1 }]
    const cart = await priceCart({ items })
    const expected = await formulaLineTotal(30, 4)
    expect(cart.printProblems).toEqual([])
    expect(cart.lines).toHaveLength(1)
    expect(cart.lines[0]).toMatchObject({
      cartId: 'p',
      productId: null,
      title: '3D print: bracket.stl',
      quantity: 4,
      unitPriceCents: expected.unitPriceCents,
      lineTotalCents: expected.lineTotalCents,
      quoteModelId: modelId,
      print: { material: 'PLA', infillPercent: 20, units: 'mm', format: 'stl', size: { x: 30, y: 30, z: 30 } },
    })
    expect(cart.subtotalCents).toBe(expected.lineTotalCents)

    // A new printing rate applies to the cart at once: it is priced again each time.
    const [before] = await database.db.select().from(printSettings)
    await database.db.update(printSettings).set({ ratePerHourCents: before.ratePerHourCents * 3 })
    try {
      const again = await priceCart({ items })
      const dearer = await formulaLineTotal(30, 4)
      expect(again.lines[0]?.lineTotalCents).toBe(dearer.lineTotalCents)
      expect(dearer.lineTotalCents).toBeGreaterThan(expected.lineTotalCents)
    } finally {
      await database.db.update(printSettings).set({ ratePerHourCents: before.ratePerHourCents })
    }
  })

  test('a customer’s own model needs no token; someone else’s, a forged token or a missing model is not found', async () => {
    const mine = await uploadCube({ userId: casey.id })
    const owned = await priceCart({ items: [line(await printOf(mine, { token: 'none' }))], buyer: casey })
    expect(owned.printProblems).toEqual([])
    expect(owned.lines).toHaveLength(1)

    const notFound = [{ cartId: 'p', message: PRINT_MODEL_GONE_MESSAGE }]
    // Robin has no token and does not own it.
    const foreign = await priceCart({ items: [line(await printOf(mine, { token: 'forged' }))], buyer: robin })
    expect(foreign).toMatchObject({ lines: [], printProblems: notFound, subtotalCents: 0 })
    // A token of another model does not open this one.
    const other = await uploadCube({ guestToken: `guest-${++guests}` })
    const swapped = await priceCart({ items: [line(await printOf(mine, { token: quoteModelCartToken(other) }))] })
    expect(swapped.printProblems).toEqual(notFound)
    // A model that no longer exists, with its once valid token.
    const gone = await uploadCube({ guestToken: `guest-${++guests}` })
    await database.db.delete(quoteModels).where(eq(quoteModels.id, gone))
    expect((await priceCart({ items: [line(await printOf(gone))] })).printProblems).toEqual(notFound)
  })

  test('a line too large at its units, or with options no longer offered, says why and costs nothing', async () => {
    const modelId = await uploadCube({ guestToken: `guest-${++guests}` })
    const inches = await priceCart({ items: [line(await printOf(modelId, { units: 'inch' }))] })
    expect(inches.lines).toEqual([])
    expect(inches.printProblems[0]?.message).toBe(
      'The model is larger than our printer: 508 × 508 × 508 mm, limit 256 × 256 × 256 mm; please ask the shop about it.',
    )
    const colour = await priceCart({ items: [line(await printOf(modelId, { colour: 'Plaid' }))] })
    expect(colour.printProblems[0]?.message).toBe('Choose one of the colours of PLA.')
    const many = await priceCart({ items: [line(await printOf(modelId), 5000)] })
    expect(many.printProblems[0]?.message).toBe('The quantity must be a whole number from 1 to 1000.')
  })
})

/** Prices the cart for `viewer` and starts its demo checkout at that total, as the cart page does: the priced cart and the provider's page. */
async function checkoutAsPriced(
  items: Parameters<typeof priceCart>[0]['items'],
  viewer: { id: string; email: string },
  client: { browserToken: string; clientAddress: string },
) {
  const cart = await priceCart({ items, buyer: viewer })
  const started = await startCartCheckout({ items, expectedTotalCents: cart.totalCents, viewer, publicUrl, ...client })
  if (!('url' in started)) throw new Error(started.message)
  return { cart, started }
}

describe('checkout of a print line through the demo provider', () => {
  test('the order keeps the model and the options and measures as priced; the model outlives the account', async () => {
    const ada = await createTestAccount(database, 'ada.prints@example.com', { name: 'Ada Prints' })
    const modelId = await uploadCube({ userId: ada.id }, 25)
    const items = [line(await printOf(modelId, { token: '' }), 2)]
    const viewer = { id: ada.id, email: ada.email }
    const { cart, started } = await checkoutAsPriced(items, viewer, {
      browserToken: 'print-browser',
      clientAddress: '198.51.100.7',
    })
    const sessionId = started.url.replace('/demo-checkout/', '')
    const session = await provider.retrieveDemoCheckout(sessionId)
    expect(session?.lines).toMatchObject([
      { name: '3D print: bracket.stl', quantity: 2, description: expect.stringContaining('PLA') },
    ])
    const paid = await settleDemoCheckout(sessionId, {
      intent: 'pay',
      details: {
        email: ada.email,
        shippingAddress: {
          name: 'Ada',
          street: '1 Main St',
          line2: '',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          country: 'US',
          phone: '',
        },
      },
    })
    expect(paid).toMatchObject({ ok: true })
    const [order] = await database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId))
    const [orderLine] = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(orderLine).toMatchObject({
      productId: null,
      title: '3D print: bracket.stl',
      quantity: 2,
      unitPriceCents: cart.lines[0]?.unitPriceCents,
      quoteModelId: modelId,
      print: { fileName: 'bracket.stl', format: 'stl', material: 'PLA', infillPercent: 20, units: 'mm' },
    })
    expect(orderLine.print?.volumeMm3).toBeCloseTo(15_625, 6)
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order.id))
    const [item] = await database.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id))
    expect(item.description).toMatch(/^3D print: bracket\.stl \(PLA, .+, 20% infill\)$/)

    // Nothing deletes a model an order refers to, and deleting the account keeps it for the shop.
    await expect(database.db.delete(quoteModels).where(eq(quoteModels.id, modelId))).rejects.toThrow()
    expect(await deleteUserKeepingRecords(ada.id, { actor: { id: admin.id, label: admin.email } })).toMatchObject({
      ok: true,
    })
    const [kept] = await database.db.select().from(quoteModels).where(eq(quoteModels.id, modelId))
    expect(kept).toMatchObject({ id: modelId, userId: null, guestTokenHash: null })
  })

  test('a print line whose model is not the buyer’s is refused with its reason, and nothing is held', async () => {
    const modelId = await uploadCube({ userId: casey.id })
    const items = [{ ...line(await printOf(modelId, { token: 'forged' })), title: '3D print: bracket.stl' }]
    const refused = await startCartCheckout({
      items,
      expectedTotalCents: 0,
      viewer: { id: robin.id, email: robin.email },
      publicUrl,
      browserToken: 'robin-browser',
      clientAddress: '198.51.100.8',
    })
    expect(refused).toEqual({
      error: 'Checkout Error',
      message: `"3D print: bracket.stl": ${PRINT_MODEL_GONE_MESSAGE} Remove it from your cart to continue.`,
    })
  })
})

describe('GET /files/quote-models/:modelId', () => {
  test('serves an ordered model to the order’s customer and to admins; everyone else gets 404', async () => {
    const modelId = await uploadCube({ userId: casey.id }, 22)
    const items = [line(await printOf(modelId, { token: '' }))]
    const viewer = { id: casey.id, email: casey.email }
    const { started } = await checkoutAsPriced(items, viewer, {
      browserToken: 'casey-browser',
      clientAddress: '198.51.100.9',
    })
    const download = (cookie: string | null, id = modelId) =>
      downloadLoader({
        request: new Request(`${publicUrl}/files/quote-models/${id}`, { headers: cookie ? { cookie } : {} }),
        params: { modelId: id },
        context: { cspNonce: 'test', clientIp: '127.0.0.1' },
      } as never).catch((thrown: unknown) => thrown)
    const status = async (cookie: string | null, id = modelId) => {
      const answer = (await download(cookie, id)) as Response | { init: { status: number } }
      return answer instanceof Response ? answer.status : answer.init.status
    }

    // Not yet ordered: only the shop may have it here (the owner has their own file).
    expect(await status(casey.cookie)).toBe(404)
    const sessionId = started.url.replace('/demo-checkout/', '')
    await settleDemoCheckout(sessionId, {
      intent: 'pay',
      details: {
        email: casey.email,
        shippingAddress: {
          name: 'Casey',
          street: '1 Main St',
          line2: '',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          country: 'US',
          phone: '',
        },
      },
    })

    const forCasey = (await download(casey.cookie)) as Response
    expect(forCasey.status).toBe(200)
    expect(forCasey.headers.get('content-disposition')).toContain('bracket.stl')
    expect(Buffer.from(await forCasey.arrayBuffer()).equals(boxStl(22, 22, 22))).toBe(true)
    expect(await status(admin.cookie)).toBe(200)
    expect(await status(robin.cookie)).toBe(404)
    expect(await status(null)).toBe(404)
    expect(await status(admin.cookie, '00000000-0000-4000-8000-000000000000')).toBe(404)
    expect(await status(admin.cookie, 'not-an-id')).toBe(404)
  })
})
