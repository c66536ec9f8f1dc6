import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contactMessages } from '#app/modules/contact/schema.server.ts'
import { listQuotesOfUser } from '#app/modules/quotes/index.server.ts'
import { quotes } from '#app/modules/quotes/schema.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { QUOTE_MODEL_NOT_FOUND } from '#app/workflows/instant-quote/price-quote-model.server.ts'
import { boxStl } from '#tests/factories/model-files.ts'
import { answerOf, callRoute, loadRoute } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { createTestAccount, type TestAccount } from '#tests/setup/test-accounts.ts'
import { createTestStorage, type TestStorage } from '#tests/setup/test-storage.ts'
import { loader as modelLoader } from '../resources/quote-model.ts'
import { loader as fileLoader } from '../resources/quote-model-file.ts'
import { action as uploadAction } from '../resources/quote-models.ts'
import { action } from '../resources/quote-requests.ts'
import { loader } from './instant-quote.tsx'

// /instant-quote's Save as Quote and Ask the shop, posted to /instant-quote/requests (issue 15, item 4) as the page posts them: only
// a signed-in customer saves, only the model's owner is answered, and bad input changes nothing.

const { database, customer: casey } = signedInAccountsForFile()
let files: TestStorage
let robin: TestAccount

beforeAll(async () => {
  robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Other' })
  files = await createTestStorage('instant-quote-actions')
})

afterAll(async () => {
  await files?.close()
})

/** Uploads a 20 mm cube as the page does: its model id and, for a visitor, the guest cookie. */
async function upload(cookie: string | null) {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(boxStl(20, 20, 20))], 'cube.stl'))
  const answer = (await uploadAction({
    request: new Request('http://localhost:3000/instant-quote/models', {
      method: 'POST',
      body: form,
      headers: cookie ? { cookie, origin: 'http://localhost:3000' } : { origin: 'http://localhost:3000' },
    }),
    params: {},
    context: { cspNonce: 'test', clientIp: '127.0.0.1' },
  } as never)) as unknown as { data: { ok: true; model: { id: string } }; init: { headers: HeadersInit } }
  const guestCookie = new Headers(answer.init.headers).get('set-cookie')?.split(';')[0] ?? null
  return { id: answer.data.model.id, cookie: guestCookie ?? cookie }
}

async function choice(modelId: string, changes: Record<string, string> = {}) {
  const { materials } = await getPrintQuoteSettings()
  const pla = materials.find((material) => material.name === 'PLA')
  if (!pla) throw new Error('no PLA')
  return {
    modelId,
    materialId: pla.id,
    colour: pla.colours[0].name,
    quality: 'standard',
    infill: '20',
    quantity: '2',
    units: 'mm',
    ...changes,
  }
}

const post = (form: Record<string, string>, cookie: string | null) =>
  answerOf<ActionResult>(action, { url: '/instant-quote/requests', form, cookie })

const counts = async () => ({
  quotes: (await database.db.select({ id: quotes.id }).from(quotes)).length,
  messages: (await database.db.select({ id: contactMessages.id }).from(contactMessages)).length,
})

describe('the page', () => {
  test('fills in a customer’s name and e-mail for Ask the shop, and nothing for a visitor', async () => {
    const customer = await loadRoute(loader, { url: '/instant-quote', cookie: casey.cookie })
    expect(customer.contact).toEqual({ name: casey.name, email: casey.email })
    expect((await loadRoute(loader, { url: '/instant-quote' })).contact).toBeNull()
  })
})

describe('Save as Quote', () => {
  test('a customer saves their priced model and finds it in their quotes', async () => {
    const model = await upload(casey.cookie)
    const answer = await post({ intent: 'save', ...(await choice(model.id)) }, casey.cookie)
    expect(answer).toMatchObject({ status: 200, ok: true, intent: 'save', toast: { title: 'Quote Saved!' } })
    expect(answer.toast.description).toMatch(
      /^Quote #[0-9a-f]{8} is valid until \w{3} \d{1,2}, \d{4}; see My Quotes\.$/,
    )
    const [saved] = await listQuotesOfUser(casey.id)
    expect(saved.items[0]).toMatchObject({ quoteModelId: model.id, quantity: 2, title: '3D print: cube.stl' })
  })

  test('a visitor is asked to log in; another customer or visitor is told the model was not found', async () => {
    const before = await counts()
    const caseys = await upload(casey.cookie)
    const guest = await upload(null)
    expect(await post({ intent: 'save', ...(await choice(guest.id)) }, guest.cookie)).toMatchObject({
      status: 401,
      ok: false,
      toast: { title: 'Not logged in', description: 'Please log in to save your quotes.' },
    })
    const notFound = {
      status: 404,
      ok: false,
      toast: { title: 'Failed to save quote', description: QUOTE_MODEL_NOT_FOUND },
    }
    expect(await post({ intent: 'save', ...(await choice(caseys.id)) }, robin.cookie)).toMatchObject(notFound)
    expect(await post({ intent: 'save', ...(await choice(guest.id)) }, robin.cookie)).toMatchObject(notFound)
    expect(await post({ intent: 'save', modelId: 'not-an-id' }, casey.cookie)).toMatchObject(notFound)
    expect(await counts()).toEqual(before)
  })

  test('bad options and unreadable bodies are refused with their message, never a 500', async () => {
    const before = await counts()
    const model = await upload(casey.cookie)
    expect(await post({ intent: 'save', ...(await choice(model.id, { quantity: '0' })) }, casey.cookie)).toMatchObject({
      status: 400,
      ok: false,
      fieldErrors: { quantity: 'The quantity must be a whole number from 1 to 1000.' },
    })
    expect(
      await post({ intent: 'save', ...(await choice(model.id, { quality: 'ultra' })) }, casey.cookie),
    ).toMatchObject({ status: 400, ok: false, fieldErrors: { quality: 'Choose a print quality.' } })
    expect(await post({ intent: 'frobnicate' }, casey.cookie)).toMatchObject({ status: 400, ok: false })
    const garbled = await callRoute(action, {
      url: '/instant-quote/requests',
      body: '{not a form',
      contentType: 'multipart/form-data; boundary=x',
      cookie: casey.cookie,
    })
    expect(garbled.status).toBe(400)
    expect(await counts()).toEqual(before)
  })
})

describe('Ask the shop', () => {
  test('a visitor sends their model with name and e-mail; without them, or about another’s model, nothing is sent', async () => {
    const guest = await upload(null)
    const other = await upload(null)
    const before = await counts()
    const contact = { name: 'Val Visitor', email: 'val@example.com', note: 'Is this printable?' }
    expect(await post({ intent: 'ask', ...(await choice(guest.id)), note: 'hi' }, guest.cookie)).toMatchObject({
      status: 400,
      ok: false,
      intent: 'ask',
      fieldErrors: { name: 'Name is required.', email: 'Email is required.' },
    })
    expect(await post({ intent: 'ask', ...(await choice(guest.id)), ...contact }, other.cookie)).toMatchObject({
      status: 404,
      toast: { description: QUOTE_MODEL_NOT_FOUND },
    })
    expect(await post({ intent: 'ask', ...(await choice(guest.id)), ...contact }, casey.cookie)).toMatchObject({
      status: 404,
    })
    expect(await counts()).toEqual(before)
    expect(await post({ intent: 'ask', ...(await choice(guest.id)), ...contact }, guest.cookie)).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Message Sent!' },
    })
    expect(await counts()).toEqual({ ...before, messages: before.messages + 1 })
  })
})

describe('back from the log-in', () => {
  test('a visitor who signs in finds their model and options again; nobody else does, nor gets its file', async () => {
    const guest = await upload(null)
    const guestCookie = guest.cookie ?? ''
    const signedIn = `${casey.cookie}; ${guestCookie}`
    const options = await choice(guest.id, { quantity: '3', infill: '50' })
    const { modelId, ...chosen } = options
    const back = `/instant-quote?${new URLSearchParams({ model: modelId, ...chosen })}`

    const page = await loadRoute(loader, { url: back, cookie: signedIn })
    expect(page.restored).toMatchObject({
      model: { id: guest.id, fileName: 'cube.stl', measures: { size: { x: 20, y: 20, z: 20 } }, warnings: [] },
      options: chosen,
    })
    // The same address for another customer, or a visitor without the cookie, shows no model.
    expect((await loadRoute(loader, { url: back, cookie: robin.cookie })).restored).toBeNull()
    expect((await loadRoute(loader, { url: back })).restored).toBeNull()
    expect((await loadRoute(loader, { url: '/instant-quote?model=not-an-id', cookie: signedIn })).restored).toBeNull()

    // In the browser the page asks under /instant-quote/, where the guest cookie goes: its owner only.
    const described = (cookie: string | null) =>
      callRoute(modelLoader, { url: `/instant-quote/models/${guest.id}`, params: { modelId: guest.id }, cookie })
    expect(await described(signedIn)).toMatchObject({ status: 200, data: { ok: true, model: page.restored?.model } })
    expect((await described(robin.cookie)).status).toBe(404)
    expect((await described(casey.cookie)).status).toBe(404)
    expect((await described(null)).status).toBe(404)

    // The 3D view fetches the stored file again: its owner only.
    const download = (cookie: string | null) =>
      callRoute(fileLoader, { url: `/instant-quote/models/${guest.id}/file`, params: { modelId: guest.id }, cookie })
    const own = await fileLoader({
      request: new Request(`http://localhost:3000/instant-quote/models/${guest.id}/file`, {
        headers: { cookie: signedIn },
      }),
      params: { modelId: guest.id },
      context: {},
    } as never)
    expect(own.status).toBe(200)
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(new Uint8Array(boxStl(20, 20, 20)))
    expect((await download(robin.cookie)).status).toBe(404)
    expect((await download(null)).status).toBe(404)
    expect(
      (await callRoute(fileLoader, { url: '/instant-quote/models/x/file', params: { modelId: 'x' }, cookie: signedIn }))
        .status,
    ).toBe(404)

    // Save as Quote then works for the customer, about the model of their visit.
    expect(await post({ intent: 'save', ...options }, signedIn)).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Quote Saved!' },
    })
  })
})
