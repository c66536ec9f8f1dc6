import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { retrieveContactFile, retrieveContactMessage } from '#app/modules/contact/index.server.ts'
import { contactMessages } from '#app/modules/contact/schema.server.ts'
import type { QuoteModelOwner } from '#app/modules/instant-quote/index.server.ts'
import { quoteModels } from '#app/modules/instant-quote/schema.server.ts'
import { listQuotesOfUser } from '#app/modules/quotes/index.server.ts'
import { quotes } from '#app/modules/quotes/schema.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { printMaterials } from '#app/modules/settings/schema.server.ts'
import { boxStl } from '#tests/factories/model-files.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestStorage, type TestStorage } from '#tests/setup/test-storage.ts'
import { askShopAboutModel } from './ask-shop-about-model.server.ts'
import { priceQuoteModel, QUOTE_MODEL_NOT_FOUND } from './price-quote-model.server.ts'
import { savePrintQuote } from './save-print-quote.server.ts'
import { uploadQuoteModel } from './upload-quote-model.server.ts'

// Save as Quote and Ask the shop (issue 15, item 4) on the embedded database: the server's price
// kept with the quote whatever the settings become, the model copied into the inbox with its
// measures and options, and only the model's owner served.

const { database, customer: casey } = signedInAccountsForFile()
let files: TestStorage
let robin = { id: '', email: '', name: '' }

beforeAll(async () => {
  robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Other' })
  files = await createTestStorage('save-print-quote')
})

afterAll(async () => {
  await files?.close()
})

async function uploadCube(owner: QuoteModelOwner, size = 20, { withoutFace = false } = {}) {
  const bytes = boxStl(size, size, size, { withoutFace })
  const result = await uploadQuoteModel({ file: new File([new Uint8Array(bytes)], 'bracket.stl'), owner })
  if (!result.ok) throw new Error(result.message)
  return result.model.id
}

async function choice(modelId: string, changes: Record<string, string> = {}) {
  const { materials } = await getPrintQuoteSettings()
  const petg = materials.find((material) => material.name === 'PETG')
  if (!petg) throw new Error('no PETG')
  return {
    modelId,
    materialId: petg.id,
    colour: petg.colours[0].name,
    quality: 'fine',
    infill: '50',
    quantity: '4',
    units: 'mm',
    ...changes,
  }
}

const quotesOf = (userId: string) => database.db.select().from(quotes).where(eq(quotes.userId, userId))

describe('savePrintQuote', () => {
  test('keeps the server’s price, the model and its options for 14 days, whatever the settings become', async () => {
    const modelId = await uploadCube({ userId: casey.id }, 40)
    const form = await choice(modelId)
    const priced = await priceQuoteModel(form, [{ userId: casey.id }])
    if (!priced.ok || !priced.price) throw new Error('not priced')

    // The browser's numbers are not read: only the ids and options are.
    const saved = await savePrintQuote(casey.id, { ...form, unitPriceCents: '1', lineTotalCents: '1' }, [
      { userId: casey.id },
    ])
    if (!saved.ok) throw new Error(saved.message)
    expect(saved.quote).toMatchObject({ status: 'draft', userId: casey.id, totalCents: priced.price.lineTotalCents })
    expect(saved.quote.items[0]?.print?.volumeMm3).toBeCloseTo(64_000, 6)
    const days = (saved.quote.expiresAt.getTime() - saved.quote.createdAt.getTime()) / 86_400_000
    expect(days).toBe(14)
    const [item] = saved.quote.items
    expect(item).toMatchObject({
      productId: null,
      quoteModelId: modelId,
      title: '3D print: bracket.stl',
      quantity: 4,
      unitPriceCents: priced.price.unitPriceCents,
      totalPriceCents: priced.price.lineTotalCents,
      print: {
        fileName: 'bracket.stl',
        size: { x: 40, y: 40, z: 40 },
        watertight: true,
        material: 'PETG',
        quality: 'Fine (0.12 mm layers)',
        infillPercent: 50,
        units: 'mm',
      },
    })

    // PETG's price per gram doubles: the live price follows, the saved quote does not.
    const [petg] = await database.db.select().from(printMaterials).where(eq(printMaterials.name, 'PETG'))
    await database.db
      .update(printMaterials)
      .set({ pricePerGramMillicents: petg.pricePerGramMillicents * 2 })
      .where(eq(printMaterials.id, petg.id))
    try {
      const repriced = await priceQuoteModel(form, [{ userId: casey.id }])
      expect(repriced.ok && repriced.price?.lineTotalCents).toBeGreaterThan(priced.price.lineTotalCents)
      const [mine] = (await listQuotesOfUser(casey.id)).filter((quote) => quote.id === saved.quote.id)
      expect(mine.totalCents).toBe(priced.price.lineTotalCents)
      expect(mine.items[0]).toMatchObject({ unitPriceCents: priced.price.unitPriceCents, quoteModelId: modelId })
    } finally {
      await database.db
        .update(printMaterials)
        .set({ pricePerGramMillicents: petg.pricePerGramMillicents })
        .where(eq(printMaterials.id, petg.id))
    }
  })

  test('saves the model a customer uploaded as a guest before signing in', async () => {
    const modelId = await uploadCube({ guestToken: 'g'.repeat(43) })
    const saved = await savePrintQuote(casey.id, await choice(modelId), [
      { userId: casey.id },
      { guestToken: 'g'.repeat(43) },
    ])
    expect(saved.ok).toBe(true)
  })

  test('refuses someone else’s model, bad options and a part too large at its units, keeping nothing', async () => {
    const caseys = await uploadCube({ userId: casey.id }, 60)
    const before = (await quotesOf(robin.id)).length + (await quotesOf(casey.id)).length
    expect(await savePrintQuote(robin.id, await choice(caseys), [{ userId: robin.id }])).toEqual({
      ok: false,
      status: 404,
      message: QUOTE_MODEL_NOT_FOUND,
    })
    expect(
      await savePrintQuote(casey.id, await choice(caseys, { infill: '500' }), [{ userId: casey.id }]),
    ).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { infill: 'The infill must be a whole number from 5 to 100.' },
    })
    expect(
      await savePrintQuote(casey.id, await choice(caseys, { colour: 'Plaid' }), [{ userId: casey.id }]),
    ).toMatchObject({ ok: false, status: 400, fieldErrors: { colour: 'Choose one of the colours of PETG.' } })
    expect(
      await savePrintQuote(casey.id, await choice(caseys, { units: 'inch' }), [{ userId: casey.id }]),
    ).toMatchObject({
      ok: false,
      status: 409,
      message:
        'The model is larger than our printer: 1524 × 1524 × 1524 mm, limit 256 × 256 × 256 mm; please ask the shop about it instead.',
    })
    expect((await quotesOf(robin.id)).length + (await quotesOf(casey.id)).length).toBe(before)
  })
})

describe('askShopAboutModel', () => {
  test('a visitor’s flagged model reaches the inbox as a copy, with its measures, options, note, name and e-mail', async () => {
    const guestToken = 'v'.repeat(43)
    const modelId = await uploadCube({ guestToken }, 20, { withoutFace: true })
    const result = await askShopAboutModel(
      { ...(await choice(modelId)), name: 'Val Visitor', email: 'val@example.com', note: 'Can you close the hole?' },
      { owners: [{ guestToken }], userId: null },
    )
    if (!result.ok) throw new Error(result.message)
    const message = await retrieveContactMessage(result.messageId)
    expect(message).toMatchObject({
      name: 'Val Visitor',
      email: 'val@example.com',
      subject: 'Instant quote: bracket.stl',
      status: 'new',
      userId: null,
      files: [{ fileName: 'bracket.stl', kind: 'model', contentType: 'model/stl' }],
    })
    expect(message?.message).toContain('Can you close the hole?')
    expect(message?.message).toContain('Size: 20 × 20 × 20 mm')
    expect(message?.message).toContain('Material: PETG')
    expect(message?.message).toContain('Quality: Fine (0.12 mm layers); infill 50 %')
    expect(message?.message).toContain('Quantity: 4')
    expect(message?.message).toContain('Check: The model has holes; we will check it by hand')

    // A copy of its own: the inbox's file holds the model's bytes under the inbox's key.
    const file = await retrieveContactFile(result.messageId, message?.files[0]?.id ?? '')
    const [model] = await database.db.select().from(quoteModels).where(eq(quoteModels.id, modelId))
    expect(file?.storageKey).toMatch(/^contact\/[0-9a-f-]{36}\.stl$/)
    const copy = await files.storage.get(file?.storageKey ?? '')
    const original = await files.storage.get(model.storageKey)
    expect(copy?.body.equals(original?.body ?? Buffer.alloc(0))).toBe(true)
  })

  test('a customer’s message is theirs; a part too large at its units is sent unpriced with the reason', async () => {
    const modelId = await uploadCube({ userId: casey.id }, 60)
    const result = await askShopAboutModel(
      { ...(await choice(modelId, { units: 'inch' })), name: casey.name, email: casey.email },
      { owners: [{ userId: casey.id }], userId: casey.id },
    )
    if (!result.ok) throw new Error(result.message)
    const message = await retrieveContactMessage(result.messageId)
    expect(message?.userId).toBe(casey.id)
    expect(message?.message).toContain('(No note.)')
    expect(message?.message).toContain('Not priced: The model is larger than our printer')
  })

  test('refuses someone else’s model, a missing name or a bad e-mail, and stores nothing', async () => {
    const caseys = await uploadCube({ userId: casey.id })
    const count = async () => (await database.db.select({ id: contactMessages.id }).from(contactMessages)).length
    const before = await count()
    const contact = { name: 'Robin', email: 'robin@example.com' }
    expect(
      await askShopAboutModel(
        { ...(await choice(caseys)), ...contact },
        { owners: [{ userId: robin.id }], userId: robin.id },
      ),
    ).toEqual({ ok: false, status: 404, message: QUOTE_MODEL_NOT_FOUND })
    const mine = { owners: [{ userId: casey.id }], userId: casey.id }
    expect(await askShopAboutModel({ ...(await choice(caseys)), email: 'casey@example.com' }, mine)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { name: 'Name is required.' },
    })
    expect(await askShopAboutModel({ ...(await choice(caseys)), name: 'Casey', email: 'casey@' }, mine)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: 'Please enter a valid email address.' },
    })
    expect(
      await askShopAboutModel(
        { ...(await choice(caseys)), name: 'Casey', email: 'c@example.com', note: 'x'.repeat(5001) },
        mine,
      ),
    ).toMatchObject({ ok: false, status: 400, fieldErrors: { note: 'Your note must be at most 5,000 characters.' } })
    expect(await count()).toBe(before)
  })
})
