import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createQuoteModel, findOwnedQuoteModel } from './quote-models.server.ts'
import { quoteModels } from './schema.server.ts'
import type { ModelMeasures } from './types.ts'

// The uploaded models of the instant quote: each found only by its owner, a customer or a guest's
// token, and a guest's token kept only as a digest.

const database = testDatabaseForFile({ emptied: [quoteModels] })

const cube: ModelMeasures = {
  format: 'stl',
  triangles: 12,
  volumeMm3: 8000,
  areaMm2: 2400,
  size: { x: 20, y: 20, z: 20 },
  watertight: true,
  unit: 'millimeter',
}

const record = (owner: { userId: string } | { guestToken: string }) => {
  const id = randomUUID()
  return createQuoteModel({
    id,
    storageKey: `quote-models/${id}.stl`,
    fileName: 'cube.stl',
    fileSize: 684,
    measures: cube,
    owner,
  })
}

test('a customer’s model is theirs alone, with the measures it was recorded with', async () => {
  const casey = await createTestAccount(database, 'casey@example.com')
  const robin = await createTestAccount(database, 'robin@example.com')
  const model = await record({ userId: casey.id })
  expect(await findOwnedQuoteModel(model.id, { userId: casey.id })).toMatchObject({
    id: model.id,
    fileName: 'cube.stl',
    measures: cube,
  })
  expect(await findOwnedQuoteModel(model.id, { userId: robin.id })).toBeUndefined()
  expect(await findOwnedQuoteModel(model.id, { guestToken: casey.id })).toBeUndefined()
})

test('a guest’s model is found by their token only, which the table keeps as a digest', async () => {
  const token = 'guest-token-of-the-test-0123456789abcdef'
  const model = await record({ guestToken: token })
  expect((await findOwnedQuoteModel(model.id, { guestToken: token }))?.id).toBe(model.id)
  expect(await findOwnedQuoteModel(model.id, { guestToken: `${token}x` })).toBeUndefined()
  const [row] = await database.db.select().from(quoteModels)
  expect(row.userId).toBeNull()
  expect(row.guestTokenHash).not.toContain(token)
  expect(row.guestTokenHash).toHaveLength(43)
})

test('a model has exactly one owner', async () => {
  const casey = await createTestAccount(database, 'casey@example.com')
  const id = randomUUID()
  await expect(
    database.db.insert(quoteModels).values({
      id,
      storageKey: `quote-models/${id}.stl`,
      fileName: 'cube.stl',
      fileSize: 684,
      ...cube,
      userId: casey.id,
      guestTokenHash: 'both',
    }),
  ).rejects.toThrow()
})
