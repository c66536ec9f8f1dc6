import { afterAll, beforeAll, expect, test } from 'vitest'
import { markInvoicePaid } from '#app/modules/invoices/index.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { boxStl } from '#tests/factories/model-files.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestStorage, type TestStorage } from '#tests/setup/test-storage.ts'
import { acceptQuote } from '../accept-quote.server.ts'
import { priceQuoteModel } from './price-quote-model.server.ts'
import { printQueueHours } from './print-queue.server.ts'
import { savePrintQuote } from './save-print-quote.server.ts'
import { uploadQuoteModel } from './upload-quote-model.server.ts'

// The production time's queue (decision 035, 'The queue'): print hours the shop was paid for and
// has not yet had time to print lengthen a new quote's production time; unpaid ones do not.

const database = testDatabaseForFile()
let files: TestStorage
let casey = { id: '' }
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  casey = await createTestAccount(database, 'casey@example.com')
  files = await createTestStorage('print-queue')
})

afterAll(async () => {
  await files?.close()
})

async function form(size: number, quantity: string) {
  const file = new File([new Uint8Array(boxStl(size, size, size))], `cube-${size}.stl`)
  const uploaded = await uploadQuoteModel({ file, owner: { userId: casey.id } })
  if (!uploaded.ok) throw new Error(uploaded.message)
  const { materials } = await getPrintQuoteSettings()
  const pla = materials.find((material) => material.name === 'PLA')
  if (!pla) throw new Error('no PLA')
  return {
    modelId: uploaded.model.id,
    materialId: pla.id,
    colour: pla.colours[0].name,
    quality: 'standard',
    infill: '100',
    quantity,
    units: 'mm',
  }
}

async function productionDays(input: Record<string, string>) {
  const priced = await priceQuoteModel(input, [{ userId: casey.id }])
  if (!priced.ok || !priced.price) throw new Error('not priced')
  return priced.price.productionDays
}

test('paid print hours of accepted quotes lengthen a new quote’s production time until their time is up', async () => {
  const small = await form(20, '1')
  expect(await printQueueHours(5)).toBe(0)
  expect(await productionDays(small)).toEqual({ min: 3, max: 5 })

  // Ten solid 100 mm cubes: about 28 print hours each, 283 in all, more than the farm's 160 a day.
  const big = await form(100, '10')
  const saved = await savePrintQuote(casey.id, big, [{ userId: casey.id }])
  if (!saved.ok) throw new Error(saved.message)
  const hours = (saved.quote.items[0]?.print?.printHoursPerPart ?? 0) * 10
  expect(hours).toBeGreaterThan(160)

  // Saved or accepted and unpaid, it is not the shop's work yet.
  const accepted = await acceptQuote(saved.quote.id)
  if (!accepted.ok) throw new Error(accepted.message)
  expect(await printQueueHours(5)).toBe(0)

  await markInvoicePaid(accepted.invoiceId, { paymentReference: null, paidAt: new Date() })
  expect(await printQueueHours(5)).toBeCloseTo(hours, 1)
  // 283 queued hours + 0.22 of the small part: one more day of the farm.
  expect(await productionDays(small)).toEqual({ min: 4, max: 6 })

  // Seven days after the payment (5 business days) the print is taken as done.
  expect(await printQueueHours(5, new Date(Date.now() + 8 * DAY_MS))).toBe(0)
})
