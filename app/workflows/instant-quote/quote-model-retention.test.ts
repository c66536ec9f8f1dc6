import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { findOwnedQuoteModel, type QuoteModelOwner } from '#app/modules/instant-quote/index.server.ts'
import { quoteModels } from '#app/modules/instant-quote/schema.server.ts'
import { listQuotesOfUser } from '#app/modules/quotes/index.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { boxStl } from '#tests/factories/model-files.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestStorage, type TestStorage } from '#tests/setup/test-storage.ts'
import { deleteUserKeepingRecords } from '../delete-user.server.ts'
import { deleteQuoteWithModels, sweepUnreferencedQuoteModels } from './quote-model-retention.server.ts'
import { savePrintQuote } from './save-print-quote.server.ts'
import { uploadQuoteModel } from './upload-quote-model.server.ts'

// Uploaded models are kept while a quote refers to them, deleted with the last quote that did, and
// swept 30 days after their upload when nothing ever did (decision 040): rows on the embedded
// database, files in a local-disk storage of this test.

const database = testDatabaseForFile()
let files: TestStorage
let casey = { id: '' }
let robin = { id: '' }
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  casey = await createTestAccount(database, 'casey@example.com')
  robin = await createTestAccount(database, 'robin@example.com')
  files = await createTestStorage('quote-model-retention')
})

afterAll(async () => {
  await files?.close()
})

/** A 20 mm cube uploaded through the page's own workflow; its id and where its file is stored. */
async function upload(owner: QuoteModelOwner) {
  const file = new File([new Uint8Array(boxStl(20, 20, 20))], 'cube.stl')
  const result = await uploadQuoteModel({ file, owner })
  if (!result.ok) throw new Error(result.message)
  const [row] = await database.db
    .select({ storageKey: quoteModels.storageKey })
    .from(quoteModels)
    .where(eq(quoteModels.id, result.model.id))
  if (!row) throw new Error('not recorded')
  return { id: result.model.id, storageKey: row.storageKey }
}

async function saveQuoteOf(userId: string, modelId: string) {
  const { materials } = await getPrintQuoteSettings()
  const pla = materials.find((material) => material.name === 'PLA')
  if (!pla) throw new Error('no PLA')
  const form = {
    modelId,
    materialId: pla.id,
    colour: pla.colours[0].name,
    quality: 'standard',
    infill: '20',
    quantity: '1',
    units: 'mm',
  }
  const saved = await savePrintQuote(userId, form, [{ userId }])
  if (!saved.ok) throw new Error(saved.message)
  return saved.quote.id
}

const modelRow = async (id: string) =>
  (await database.db.select({ id: quoteModels.id }).from(quoteModels).where(eq(quoteModels.id, id)))[0]

const storedFile = (storageKey: string) => files.storage.get(storageKey)

describe('deleteQuoteWithModels', () => {
  test('a quote’s model goes with it, row and stored file', async () => {
    const model = await upload({ userId: casey.id })
    const quoteId = await saveQuoteOf(casey.id, model.id)
    expect(await storedFile(model.storageKey)).not.toBeNull()

    expect(await deleteQuoteWithModels(quoteId, casey.id)).toBe(true)
    expect((await listQuotesOfUser(casey.id)).map((quote) => quote.id)).not.toContain(quoteId)
    expect(await modelRow(model.id)).toBeUndefined()
    expect(await storedFile(model.storageKey)).toBeNull()
  })

  test('a model another quote still refers to is kept until that one goes too', async () => {
    const model = await upload({ userId: casey.id })
    const first = await saveQuoteOf(casey.id, model.id)
    const second = await saveQuoteOf(casey.id, model.id)

    expect(await deleteQuoteWithModels(first, casey.id)).toBe(true)
    expect(await modelRow(model.id)).toBeDefined()
    expect(await storedFile(model.storageKey)).not.toBeNull()

    expect(await deleteQuoteWithModels(second, casey.id)).toBe(true)
    expect(await modelRow(model.id)).toBeUndefined()
    expect(await storedFile(model.storageKey)).toBeNull()
  })

  test('someone else’s quote is not deleted, nor its model', async () => {
    const model = await upload({ userId: casey.id })
    const quoteId = await saveQuoteOf(casey.id, model.id)
    expect(await deleteQuoteWithModels(quoteId, robin.id)).toBe(false)
    expect(await deleteQuoteWithModels('not-a-quote-id', casey.id)).toBe(false)
    expect((await listQuotesOfUser(casey.id)).map((quote) => quote.id)).toContain(quoteId)
    expect(await modelRow(model.id)).toBeDefined()
    expect(await storedFile(model.storageKey)).not.toBeNull()
  })
})

describe('sweepUnreferencedQuoteModels', () => {
  test('after 30 days a model nothing refers to is deleted with its file; a quoted one is kept', async () => {
    const left = await upload({ guestToken: 'guest-token-of-the-retention-test-0123456789' })
    const quoted = await upload({ userId: casey.id })
    const quoteId = await saveQuoteOf(casey.id, quoted.id)

    // Within the 30 days nothing goes, referred to or not.
    await sweepUnreferencedQuoteModels(new Date(Date.now() + 29 * DAY_MS))
    expect(await modelRow(left.id)).toBeDefined()
    expect(await storedFile(left.storageKey)).not.toBeNull()

    const swept = await sweepUnreferencedQuoteModels(new Date(Date.now() + 31 * DAY_MS))
    expect(swept.deleted).toBeGreaterThanOrEqual(1)
    expect(await modelRow(left.id)).toBeUndefined()
    expect(await storedFile(left.storageKey)).toBeNull()
    // The quote still shows its model: the sweep never touches what a quote refers to.
    expect(await modelRow(quoted.id)).toBeDefined()
    expect(await storedFile(quoted.storageKey)).not.toBeNull()
    const [quote] = (await listQuotesOfUser(casey.id)).filter((candidate) => candidate.id === quoteId)
    expect(quote?.items[0]?.quoteModelId).toBe(quoted.id)

    // Once the quote is deleted its model goes at once, without waiting for the sweep.
    await deleteQuoteWithModels(quoteId, casey.id)
    expect(await modelRow(quoted.id)).toBeUndefined()
    expect(await sweepUnreferencedQuoteModels(new Date(Date.now() + 31 * DAY_MS))).toEqual({ deleted: 0 })
  })
})

describe('an account deleted from the back-office', () => {
  test('takes its models and their files; one a record still refers to stays, owned by nobody, until swept', async () => {
    const dana = await createTestAccount(database, 'dana@example.com')
    const left = await upload({ userId: dana.id })
    const quoted = await upload({ userId: dana.id })
    await saveQuoteOf(dana.id, quoted.id)

    const result = await deleteUserKeepingRecords(dana.id, { actor: { id: casey.id, label: 'casey@example.com' } })
    expect(result).toEqual({ ok: true, email: 'dana@example.com' })
    expect(await modelRow(left.id)).toBeUndefined()
    expect(await storedFile(left.storageKey)).toBeNull()
    // Its quote went with the account, so nothing refers to the other model once the row is released.
    expect(await modelRow(quoted.id)).toBeDefined()
    expect(await findOwnedQuoteModel(quoted.id, { userId: dana.id })).toBeUndefined()
    const [owner] = await database.db
      .select({ userId: quoteModels.userId, guestTokenHash: quoteModels.guestTokenHash })
      .from(quoteModels)
      .where(eq(quoteModels.id, quoted.id))
    expect(owner).toEqual({ userId: null, guestTokenHash: null })

    await sweepUnreferencedQuoteModels(new Date(Date.now() + 31 * DAY_MS))
    expect(await modelRow(quoted.id)).toBeUndefined()
    expect(await storedFile(quoted.storageKey)).toBeNull()
  })
})
