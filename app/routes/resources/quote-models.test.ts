import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { quoteModels } from '#app/modules/instant-quote/schema.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { printMaterials, printSettings } from '#app/modules/settings/schema.server.ts'
import { quotePrint } from '#app/rules/print-quote.ts'
import { QUOTE_MODEL_NOT_FOUND } from '#app/workflows/instant-quote/price-quote-model.server.ts'
import { binaryStl, boxStl, randomBytes } from '#tests/factories/model-files.ts'
import { callRoute, routeRequest } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestStorage, type TestStorage } from '#tests/setup/test-storage.ts'
import { NO_MODEL_CHOSEN, action as uploadAction } from './quote-models.ts'
import { action as priceAction } from './quote-price.ts'

// The instant quote's upload and live price (issue 15, items 1 and 3), called as the page calls
// them: a 20 mm cube uploaded by a visitor and by a customer, priced with each option, and every
// kind of bad input answered with its message (never a 500), keeping nothing.

const { database, customer: casey } = signedInAccountsForFile()
let files: TestStorage
let robin = { id: '', cookie: '' }

beforeAll(async () => {
  robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Other' })
  files = await createTestStorage('quote-models')
})

afterAll(async () => {
  await files?.close()
})

type UploadAnswer =
  | { ok: true; model: { id: string; measures: { size: object; volumeMm3: number }; warnings: string[] } }
  | { ok: false; message: string }

/** Uploads `bytes` as `name`, as a visitor (with their guest cookie, if any) or a customer. */
async function upload(bytes: Buffer | null, { cookie = null as string | null, name = 'part.stl' } = {}) {
  const form = new FormData()
  form.append('note', 'from the test')
  if (bytes) form.append('file', new File([new Uint8Array(bytes)], name))
  const answer = (await uploadAction({
    request: routeRequest({ url: '/instant-quote/models', method: 'POST', form, cookie }),
    params: {},
    context: { cspNonce: 'test', clientIp: '127.0.0.1' },
  } as never)) as unknown as { data: UploadAnswer; init: { status: number; headers: Record<string, string> | Headers } }
  const headers = new Headers(answer.init.headers)
  const guestCookie = headers.get('set-cookie')?.split(';')[0] ?? null
  return { status: answer.init.status, data: answer.data, guestCookie }
}

function uploadedId(answer: { data: UploadAnswer }) {
  if (!answer.data.ok) throw new Error(`expected an upload, got ${answer.data.message}`)
  return answer.data.model.id
}

async function firstMaterial(name = 'PLA') {
  const { materials } = await getPrintQuoteSettings()
  const material = materials.find((candidate) => candidate.name === name)
  if (!material) throw new Error(`no ${name}`)
  return material
}

async function options(modelId: string, changes: Record<string, string> = {}) {
  const pla = await firstMaterial()
  return {
    modelId,
    materialId: pla.id,
    colour: pla.colours[0].name,
    quality: 'standard',
    infill: '20',
    quantity: '1',
    units: 'mm',
    ...changes,
  }
}

type PriceAnswer = {
  ok: boolean
  message?: string
  fieldErrors?: Record<string, string>
  size?: { x: number; y: number; z: number }
  warnings?: string[]
  price?: { unitPriceCents: number; lineTotalCents: number; gramsPerPart: number; quantity: number } | null
}

async function price(form: Record<string, string>, cookie: string | null) {
  const { status, data } = await callRoute(priceAction, { url: '/instant-quote/price', form, cookie })
  return { status, ...(data as PriceAnswer) }
}

async function storedCount() {
  const rows = await database.db.select({ id: quoteModels.id }).from(quoteModels)
  const kept = await readdir(path.join(files.dir, 'quote-models')).catch(() => [])
  return { rows: rows.length, files: kept.length }
}

describe('a visitor', () => {
  test('uploads a 20 mm cube, gets a guest cookie, and prices it by the shop’s formula', async () => {
    const uploaded = await upload(boxStl(20, 20, 20))
    expect(uploaded.status).toBe(201)
    expect(uploaded.data).toMatchObject({
      ok: true,
      model: { fileName: 'part.stl', measures: { format: 'stl', size: { x: 20, y: 20, z: 20 }, watertight: true } },
    })
    expect(uploaded.guestCookie).toMatch(/^layerworks\.quote-guest=/)
    const id = uploadedId(uploaded)
    const [row] = await database.db.select().from(quoteModels).where(eq(quoteModels.id, id))
    expect(row).toMatchObject({ userId: null, storageKey: `quote-models/${id}.stl`, fileName: 'part.stl' })
    // The database keeps a digest of the token, not the cookie's value.
    expect(row.guestTokenHash).toBeTruthy()
    expect(uploaded.guestCookie).not.toContain(row.guestTokenHash)
    expect((await files.storage.get(row.storageKey))?.body.length).toBe(84 + 12 * 50)

    const answer = await price(await options(id), uploaded.guestCookie)
    const { settings } = await getPrintQuoteSettings()
    const pla = await firstMaterial()
    const expected = quotePrint({
      measures: { volumeMm3: 8000, areaMm2: 2400, size: { x: 20, y: 20, z: 20 } },
      material: pla,
      choice: { layerHeightMm: 0.2, infillPercent: 20, quantity: 1 },
      pricing: settings,
    })
    expect(answer).toMatchObject({
      status: 200,
      ok: true,
      size: { x: 20, y: 20, z: 20 },
      warnings: [],
      price: {
        unitPriceCents: expected.unitPriceCents,
        lineTotalCents: expected.lineTotalCents,
        gramsPerPart: expected.gramsPerPart,
      },
    })
    // Decision 035's worked example: a 20 mm cube alone costs the $10.00 minimum.
    expect(answer.price?.lineTotalCents).toBe(1000)
  })

  test('sees the price follow the material, the quantity and the units', async () => {
    const uploaded = await upload(boxStl(60, 40, 30))
    const id = uploadedId(uploaded)
    const cookie = uploaded.guestCookie
    const pla = await price(await options(id), cookie)
    const tpu = await firstMaterial('TPU')
    const inTpu = await price(await options(id, { materialId: tpu.id, colour: tpu.colours[0].name }), cookie)
    expect(inTpu.price?.unitPriceCents).toBeGreaterThan(pla.price?.unitPriceCents ?? Infinity)
    const ten = await price(await options(id, { quantity: '10' }), cookie)
    expect(ten.price).toMatchObject({ quantity: 10 })
    expect(ten.price?.lineTotalCents).toBe((ten.price?.unitPriceCents ?? 0) * 10)
    expect(ten.price?.unitPriceCents).toBeLessThanOrEqual(pla.price?.unitPriceCents ?? 0)
    // In inches the part is 1524 × 1016 × 762 mm: larger than the printer, so no price.
    const inches = await price(await options(id, { units: 'inch' }), cookie)
    expect(inches).toMatchObject({
      status: 200,
      ok: true,
      price: null,
      size: { x: 1524, y: 1016, z: 762 },
      message: 'The model is larger than our printer: 1524 × 1016 × 762 mm, limit 256 × 256 × 256 mm',
    })
  })

  test('is warned about a model with holes, which is still priced', async () => {
    const uploaded = await upload(boxStl(20, 20, 20, { withoutFace: true }))
    expect(uploaded.data).toMatchObject({
      ok: true,
      model: { warnings: ['The model has holes; we will check it by hand'] },
    })
    const answer = await price(await options(uploadedId(uploaded)), uploaded.guestCookie)
    expect(answer).toMatchObject({ ok: true, warnings: ['The model has holes; we will check it by hand'] })
    expect(answer.price?.unitPriceCents).toBeGreaterThan(0)
  })
})

describe('ownership', () => {
  test('only the customer who uploaded a model, or the guest of its cookie, can price it', async () => {
    const caseys = uploadedId(await upload(boxStl(20, 20, 20), { cookie: casey.cookie }))
    const [row] = await database.db.select().from(quoteModels).where(eq(quoteModels.id, caseys))
    expect(row).toMatchObject({ userId: casey.id, guestTokenHash: null })
    expect((await price(await options(caseys), casey.cookie)).status).toBe(200)

    const guest = await upload(boxStl(20, 20, 20))
    const otherGuest = await upload(boxStl(10, 10, 10))
    const guests = uploadedId(guest)
    expect((await price(await options(guests), guest.guestCookie)).status).toBe(200)

    const notFound = { status: 404, ok: false, message: QUOTE_MODEL_NOT_FOUND }
    expect(await price(await options(caseys), robin.cookie)).toMatchObject(notFound)
    expect(await price(await options(caseys), null)).toMatchObject(notFound)
    expect(await price(await options(caseys), guest.guestCookie)).toMatchObject(notFound)
    expect(await price(await options(guests), otherGuest.guestCookie)).toMatchObject(notFound)
    expect(await price(await options(guests), casey.cookie)).toMatchObject(notFound)
    expect(await price(await options(guests), null)).toMatchObject(notFound)
    // The guest who then signs in still has the cookie of their visit, and their model.
    expect(await price(await options(guests), `${casey.cookie}; ${guest.guestCookie}`)).toMatchObject({ status: 200 })
    expect(await price(await options(guests), `${robin.cookie}; ${otherGuest.guestCookie}`)).toMatchObject(notFound)
    // A cookie whose signature is not the shop's is no cookie at all.
    const forged = `layerworks.quote-guest=${encodeURIComponent(guest.guestCookie?.split('=')[1]?.split('.')[0] ?? '')}.forged`
    expect(await price(await options(guests), forged)).toMatchObject(notFound)
  })
})

describe('bad input is answered with its message and keeps nothing', () => {
  test('no file, not a form, not a model, too large for the printer, too large a file', async () => {
    const before = await storedCount()
    expect(await upload(null)).toMatchObject({ status: 400, data: { ok: false, message: NO_MODEL_CHOSEN } })
    const plain = await callRoute(uploadAction, {
      url: '/instant-quote/models',
      form: { file: 'cube.stl' },
    })
    expect(plain).toMatchObject({ status: 400, data: { ok: false, message: NO_MODEL_CHOSEN } })
    expect(await upload(randomBytes(4096), { name: 'noise.stl' })).toMatchObject({
      status: 422,
      data: { ok: false, message: 'This file is not a 3D model we can read' },
    })
    // A binary STL whose header claims more triangles than it holds.
    const short = binaryStl(3)
    short.writeUInt32LE(4, 80)
    expect(await upload(short)).toMatchObject({
      status: 422,
      data: { message: 'This file is not a 3D model we can read' },
    })
    expect(await upload(boxStl(300, 20, 20), { name: 'bar.stl' })).toMatchObject({
      status: 422,
      data: { ok: false, message: 'The model is larger than our printer: 300 × 20 × 20 mm, limit 256 × 256 × 256 mm' },
    })
    await database.db.update(printSettings).set({ fileSizeLimitMb: 1 })
    try {
      const big = Buffer.concat([boxStl(20, 20, 20), Buffer.alloc(1024 * 1024)])
      expect(await upload(big)).toMatchObject({
        status: 413,
        data: { ok: false, message: 'The file is larger than 1 MB; please send a smaller one or ask the shop' },
      })
    } finally {
      await database.db.update(printSettings).set({ fileSizeLimitMb: 50 })
    }
    expect(await storedCount()).toEqual(before)
  })

  test('a wrong or unknown model id, and each bad option, is named', async () => {
    const uploaded = await upload(boxStl(20, 20, 20))
    const id = uploadedId(uploaded)
    const cookie = uploaded.guestCookie
    const notFound = { status: 404, ok: false, message: QUOTE_MODEL_NOT_FOUND }
    expect(await price(await options('00000000-0000-4000-8000-000000000000'), cookie)).toMatchObject(notFound)
    expect(await price(await options('not-an-id'), cookie)).toMatchObject(notFound)
    const { modelId: _left, ...withoutModel } = await options(id)
    expect(await price(withoutModel, cookie)).toMatchObject(notFound)

    const refused = async (changes: Record<string, string>, field: string, message: string) =>
      expect(await price(await options(id, changes), cookie)).toMatchObject({
        status: 400,
        ok: false,
        message,
        fieldErrors: { [field]: message },
      })
    await refused({ quantity: '0' }, 'quantity', 'The quantity must be a whole number from 1 to 1000.')
    await refused({ quantity: '1.5' }, 'quantity', 'The quantity must be a whole number from 1 to 1000.')
    await refused({ quantity: '1001' }, 'quantity', 'The quantity must be a whole number from 1 to 1000.')
    await refused({ infill: 'lots' }, 'infill', 'The infill must be a whole number from 5 to 100.')
    await refused({ quality: 'ultra' }, 'quality', 'Choose a print quality.')
    await refused({ units: 'furlong' }, 'units', 'Choose the model’s units.')
    await refused(
      { materialId: '00000000-0000-4000-8000-000000000000' },
      'materialId',
      'Choose one of the materials offered.',
    )
    await refused({ colour: 'Plaid' }, 'colour', 'Choose one of the colours of PLA.')

    // A material the shop turned off is not offered any more.
    const asa = await firstMaterial('ASA')
    await database.db.update(printMaterials).set({ enabled: false }).where(eq(printMaterials.id, asa.id))
    try {
      await refused(
        { materialId: asa.id, colour: asa.colours[0].name },
        'materialId',
        'Choose one of the materials offered.',
      )
    } finally {
      await database.db.update(printMaterials).set({ enabled: true }).where(eq(printMaterials.id, asa.id))
    }
  })
})
