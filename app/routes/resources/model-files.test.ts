import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { products } from '#app/modules/catalog/schema.server.ts'
import { isModelFileToken } from '#app/modules/documents/index.server.ts'
import { modelFiles } from '#app/modules/documents/schema.server.ts'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'
import { MODEL_FILE_MAX_BYTES } from '#app/rules/model-files.ts'
import { placeOrder } from '#app/workflows/place-order.server.ts'
import { asciiStl, binaryStl, objFile, pngBytes, randomBytes, stepFile, threeMf } from '#tests/factories/model-files.ts'
import { createTestAccount, type TestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { loader as download } from './model-file-download.ts'
import { action as upload } from './model-files.ts'

// Made-to-order 3D models: the upload endpoint (visitors and customers; checked by content, kept
// under a generated key) and the download route (the owner and admins only; everyone else, and
// any malformed or unknown id, the same 404).
let database: TestDatabase
let storageDir = ''
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }
const accounts: Record<'casey' | 'robin' | 'alex', TestAccount> = {} as never

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  accounts.casey = await createTestAccount(database, 'casey@example.com')
  accounts.robin = await createTestAccount(database, 'robin@example.com')
  accounts.alex = await createTestAccount(database, 'alex@example.com', { admin: true })
  storageDir = await mkdtemp(path.join(tmpdir(), 'model-files-route-'))
  // The process-wide storage (local disk under DATA_DIR in the shop) points at a fresh folder.
  storageHolder.__shopStorage = createLocalDiskStorage(storageDir)
})

afterAll(async () => {
  storageHolder.__shopStorage = undefined
  resetAuth()
  await database?.close()
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
})

type Who = keyof typeof accounts | 'visitor'

const cookieOf = (who: Who) => (who === 'visitor' ? null : accounts[who].cookie)

async function send(
  file: { bytes: Buffer; name: string } | null,
  who: Who,
  init: { body?: BodyInit; headers?: Record<string, string> } = {},
) {
  let body = init.body
  if (file) {
    const form = new FormData()
    form.append('file', new File([new Uint8Array(file.bytes)], file.name))
    body = form
  }
  const cookie = cookieOf(who)
  const request = new Request('http://localhost:3000/resources/model-files', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}), ...init.headers },
    body,
  })
  const response = await upload({ request, params: {}, context: {} } as never)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function fetchFile(fileId: string, who: Who) {
  const cookie = cookieOf(who)
  const request = new Request(`http://localhost:3000/files/models/${fileId}`, { headers: cookie ? { cookie } : {} })
  try {
    return await download({ request, params: { fileId }, context: {} } as never)
  } catch (thrown) {
    const status = (thrown as { init?: { status?: number } })?.init?.status
    if (status) return { thrownStatus: status }
    throw thrown
  }
}

async function storedFiles() {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).length
}

async function rowCount() {
  const [row] = await database.db.select({ value: sql<number>`count(*)::int` }).from(modelFiles)
  return row.value
}

describe('POST /resources/model-files', () => {
  test.each([
    ['binary STL', binaryStl(), 'bracket.stl', 'stl', 'bracket.stl'],
    ['ASCII STL', asciiStl(), 'Bracket (ASCII).STL', 'stl', 'Bracket (ASCII).STL'],
    ['OBJ', objFile(), 'corner.obj', 'obj', 'corner.obj'],
    ['STEP', stepFile(), 'gear.stp', 'step', 'gear.stp'],
    ['3MF', threeMf(), 'plate.3mf', '3mf', 'plate.3mf'],
    ['STL without an extension', binaryStl(1), 'my part', 'stl', 'my part.stl'],
  ])(
    'takes a %s, keeps it under a generated key and answers its id and token',
    async (_kind, bytes, name, format, shownName) => {
      const { status, body } = await send({ bytes, name }, 'casey')
      expect(status).toBe(201)
      expect(body).toEqual({
        id: expect.any(String),
        token: expect.any(String),
        fileName: shownName,
        size: bytes.length,
      })
      expect(isModelFileToken(body.id as string, body.token)).toBe(true)
      const [row] = await database.db
        .select()
        .from(modelFiles)
        .where(eq(modelFiles.id, body.id as string))
      expect(row).toMatchObject({ userId: accounts.casey.id, format, size: bytes.length, fileName: shownName })
      expect(row.storageKey).toBe(`models/${row.id}.${format}`)
      expect((await storageHolder.__shopStorage?.get(row.storageKey))?.body.equals(bytes)).toBe(true)
    },
  )

  test('a visitor may upload too; the file then belongs to nobody until it is on an order', async () => {
    const { status, body } = await send({ bytes: binaryStl(), name: 'guest.stl' }, 'visitor')
    expect(status).toBe(201)
    const [row] = await database.db
      .select()
      .from(modelFiles)
      .where(eq(modelFiles.id, body.id as string))
    expect(row.userId).toBeNull()
  })

  test('anything that is not a readable 3D model is refused, and nothing is kept', async () => {
    const files = await storedFiles()
    const rows = await rowCount()
    const notAModel = {
      status: 400,
      body: { error: 'Upload failed', message: 'This file is not a 3D model we can read.' },
    }
    expect(await send({ bytes: pngBytes(), name: 'photo.stl' }, 'casey')).toEqual(notAModel)
    expect(await send({ bytes: randomBytes(), name: 'noise.stl' }, 'visitor')).toEqual(notAModel)
    expect(await send({ bytes: Buffer.from('just some notes\n'), name: 'notes.obj' }, 'casey')).toEqual(notAModel)

    const oversized = await send({ bytes: Buffer.alloc(MODEL_FILE_MAX_BYTES + 1, 32), name: 'huge.stl' }, 'casey')
    expect(oversized).toEqual({
      status: 413,
      body: { error: 'File too large', message: 'Please select a file smaller than 50 MB.' },
    })
    const choose = { status: 400, body: { error: 'Upload failed', message: 'Choose a 3D model file to upload.' } }
    expect(await send(null, 'casey', { body: new FormData() })).toEqual(choose)
    expect(
      await send(null, 'casey', { body: '{"file":"bracket.stl"}', headers: { 'content-type': 'application/json' } }),
    ).toEqual(choose)
    const broken = await send(null, 'casey', {
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.stl"\r\n\r\nsolid',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect(broken.status).toBe(400)
    expect(await storedFiles()).toBe(files)
    expect(await rowCount()).toBe(rows)
  })
})

describe('GET /files/models/:fileId', () => {
  test('the customer who uploaded it and admins download it; anyone else gets the same 404', async () => {
    const bytes = binaryStl(3)
    const { body } = await send({ bytes, name: 'Casey’s bracket.stl' }, 'casey')
    const id = body.id as string

    const own = (await fetchFile(id, 'casey')) as Response
    expect(own.status).toBe(200)
    expect(Buffer.from(await own.arrayBuffer()).equals(bytes)).toBe(true)
    expect(own.headers.get('content-type')).toBe('model/stl')
    expect(own.headers.get('content-disposition')).toBe(
      `attachment; filename="Casey_s bracket.stl"; filename*=UTF-8''Casey%E2%80%99s%20bracket.stl`,
    )
    expect(own.headers.get('x-content-type-options')).toBe('nosniff')
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    expect(((await fetchFile(id, 'alex')) as Response).status).toBe(200)

    for (const who of ['robin', 'visitor'] as const) expect(await fetchFile(id, who)).toEqual({ thrownStatus: 404 })
    for (const who of ['casey', 'robin', 'alex', 'visitor'] as const) {
      expect(await fetchFile('not-a-file', who)).toEqual({ thrownStatus: 404 })
      expect(await fetchFile('00000000-0000-4000-8000-000000000000', who)).toEqual({ thrownStatus: 404 })
      expect(await fetchFile("' or 1=1 --", who)).toEqual({ thrownStatus: 404 })
    }
  })

  test('a guest’s upload on a customer’s order line is that customer’s to download, nobody else’s', async () => {
    const { body } = await send({ bytes: objFile(), name: 'corner.obj' }, 'visitor')
    const id = body.id as string
    expect(await fetchFile(id, 'casey')).toEqual({ thrownStatus: 404 })
    const [hook] = await database.db
      .insert(products)
      .values({ title: 'Custom Hook', priceCents: 500, stockQuantity: 5 })
      .returning({ id: products.id })
    const placed = await placeOrder({
      customer: { id: accounts.casey.id, email: accounts.casey.email },
      items: [{ productId: hook.id, variationId: null, quantity: 1, modelFile: { id, token: body.token as string } }],
    })
    expect(placed).toMatchObject({ success: true })
    expect(((await fetchFile(id, 'casey')) as Response).status).toBe(200)
    expect(await fetchFile(id, 'robin')).toEqual({ thrownStatus: 404 })
  })
})
