import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { documents } from '#app/modules/documents/schema.server.ts'
import { RECEIPT_MAX_BYTES } from '#app/modules/documents/schemas.ts'
import type { FileStorage } from '#app/modules/storage/index.server.ts'
import { action as accountingAction, loader as accountingLoader } from '#app/routes/store/accounting.tsx'
import { insertInvoice, insertOrder } from '#tests/factories/shop-records.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { createTestStorage, type TestStorage } from '#tests/setup/test-storage.ts'
import { loader as downloadLoader } from './receipt-download.ts'
import { action as uploadAction } from './receipts.ts'

// The Accounting Hub's File Uploads (storefront §2, §5, §7): receipts up to 5 MB, PDF or pictures
// decided by their content, stored under generated keys, linked only to the customer's own invoice
// or order, downloadable by their owner and admins only, deleted with their file.

let database: TestDatabase
let files: TestStorage | undefined
let storageDir = ''
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }
type Person = { id: string; cookie: string }
let owner: Person
let other: Person
let admin: Person
const records = { ownInvoice: '', ownOrder: '', othersInvoice: '', othersOrder: '' }
const unknownId = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  database = await createTestDatabase()
  owner = await createTestAccount(database, 'owner@example.com')
  other = await createTestAccount(database, 'other@example.com')
  admin = await createTestAccount(database, 'admin')
  const { db } = database
  records.ownInvoice = (await insertInvoice(db, { userId: owner.id, totalCents: 1000 })).id
  records.ownOrder = (await insertOrder(db, { userId: owner.id, totalCents: 1000 })).id
  records.othersInvoice = (await insertInvoice(db, { userId: other.id, totalCents: 1000 })).id
  records.othersOrder = (await insertOrder(db, { userId: other.id, totalCents: 1000 })).id
})

beforeEach(async () => {
  await database.db.delete(documents)
  await files?.close()
  files = await createTestStorage('receipts-route')
  storageDir = files.dir
})

afterAll(async () => {
  await files?.close()
  await database?.close()
})

const pdf = (extra = '') => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${extra}%%EOF\n`)
const picture = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7de8' } })
    .toFormat(format)
    .toBuffer()

type Upload = { bytes: Uint8Array; name: string; type?: string; linkType?: string; linkId?: string }

function uploadRequest(person: Person | null, upload: Upload, headers: Record<string, string> = {}) {
  const form = new FormData()
  form.append('intent', 'upload')
  form.append('file', new File([new Uint8Array(upload.bytes)], upload.name, { type: upload.type ?? '' }))
  if (upload.linkType !== undefined) form.append('linkType', upload.linkType)
  if (upload.linkId !== undefined) form.append('linkId', upload.linkId)
  return new Request('http://localhost:3000/resources/receipts', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', accept: 'application/json', ...headers, ...cookieOf(person) },
    body: form,
  })
}

function cookieOf(person: Person | null): Record<string, string> {
  return person ? { cookie: person.cookie } : {}
}

async function upload(person: Person | null, file: Upload) {
  const response = (await uploadAction({
    request: uploadRequest(person, file),
    params: {},
    context: {},
  } as never)) as Response
  const body = (await response.json()) as {
    ok: boolean
    intent: string
    toast: { title: string; description?: string }
    fieldErrors?: Record<string, string>
  }
  return { status: response.status, ...body }
}

async function storedFiles() {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageDir, path.join(entry.parentPath, entry.name)))
    .sort()
}

async function rows() {
  return database.db.select().from(documents).orderBy(documents.createdAt)
}

async function download(person: Person | null, documentId: string) {
  const request = new Request(`http://localhost:3000/resources/receipts/${documentId}`, { headers: cookieOf(person) })
  try {
    return (await downloadLoader({ request, params: { documentId }, context: {} } as never)) as Response
  } catch (thrown) {
    const status = (thrown as { init?: { status?: number } })?.init?.status
    if (status) return new Response(null, { status })
    throw thrown
  }
}

function accountingPost(person: Person, fields: Record<string, string>) {
  const request = new Request('http://localhost:3000/accounting', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', cookie: person.cookie },
    body: new URLSearchParams(fields),
  })
  return accountingAction({ request, params: {}, context: {} } as never) as Promise<{
    data: { ok: boolean; toast: { title: string; description?: string } }
    init: ResponseInit | null
  }>
}

const keyPattern = (userId: string, extension: string) =>
  new RegExp(`^receipts/${userId}/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\\.${extension}$`)

describe('uploading a receipt', () => {
  test('a PDF, a PNG and a JPEG are stored under generated keys and listed newest first', async () => {
    const sent = { pdf: pdf(), png: await picture('png'), jpeg: await picture('jpeg') }
    expect(await upload(owner, { bytes: sent.pdf, name: 'March receipt.pdf', type: 'application/pdf' })).toEqual({
      status: 200,
      ok: true,
      intent: 'upload',
      toast: { title: 'File Uploaded!', description: 'March receipt.pdf was uploaded.', variant: 'success' },
    })
    // The browser's claim is ignored: the type comes from the content.
    expect(await upload(owner, { bytes: sent.png, name: 'transfer.png', type: 'application/pdf' })).toMatchObject({
      ok: true,
    })
    expect(await upload(owner, { bytes: sent.jpeg, name: 'photo.jpeg' })).toMatchObject({ ok: true })

    const stored = await rows()
    expect(
      stored.map(({ fileName, mimeType, size, bucketId, userId }) => ({ fileName, mimeType, size, bucketId, userId })),
    ).toEqual([
      {
        fileName: 'March receipt.pdf',
        mimeType: 'application/pdf',
        size: sent.pdf.length,
        bucketId: 'receipts',
        userId: owner.id,
      },
      {
        fileName: 'transfer.png',
        mimeType: 'image/png',
        size: sent.png.length,
        bucketId: 'receipts',
        userId: owner.id,
      },
      {
        fileName: 'photo.jpeg',
        mimeType: 'image/jpeg',
        size: sent.jpeg.length,
        bucketId: 'receipts',
        userId: owner.id,
      },
    ])
    expect(stored[0].filePath).toMatch(keyPattern(owner.id, 'pdf'))
    expect(stored[1].filePath).toMatch(keyPattern(owner.id, 'png'))
    expect(stored[2].filePath).toMatch(keyPattern(owner.id, 'jpg'))
    expect(await storedFiles()).toEqual(stored.map((row) => row.filePath).sort())
    expect(await readFile(path.join(storageDir, stored[1].filePath))).toEqual(sent.png)

    const page = (await accountingLoader({
      request: new Request('http://localhost:3000/accounting?tab=uploads', { headers: { cookie: owner.cookie } }),
      params: {},
      context: {},
    } as never)) as { signedIn: true; tab: string; receipts: { fileName: string }[] }
    expect(page.tab).toBe('uploads')
    expect(page.receipts.map((receipt) => receipt.fileName)).toEqual([
      'photo.jpeg',
      'transfer.png',
      'March receipt.pdf',
    ])
    const othersPage = (await accountingLoader({
      request: new Request('http://localhost:3000/accounting', { headers: { cookie: other.cookie } }),
      params: {},
      context: {},
    } as never)) as { receipts: unknown[] }
    expect(othersPage.receipts).toEqual([])
  })

  test('links to the customer’s own invoice or order by its full id or its 8-character number', async () => {
    const short = (id: string) => `#${id.slice(0, 8).toUpperCase()}`
    expect(
      await upload(owner, { bytes: pdf(), name: 'a.pdf', linkType: 'invoice', linkId: short(records.ownInvoice) }),
    ).toMatchObject({ ok: true })
    expect(
      await upload(owner, { bytes: pdf(), name: 'b.pdf', linkType: 'order', linkId: records.ownOrder }),
    ).toMatchObject({ ok: true })
    expect(await upload(owner, { bytes: pdf(), name: 'c.pdf', linkType: 'order', linkId: '  ' })).toMatchObject({
      ok: true,
    })
    expect((await rows()).map(({ invoiceId, orderId }) => ({ invoiceId, orderId }))).toEqual([
      { invoiceId: records.ownInvoice, orderId: null },
      { invoiceId: null, orderId: records.ownOrder },
      { invoiceId: null, orderId: null },
    ])
  })

  test('someone else’s, an unknown or a malformed invoice or order id is refused, and nothing is stored', async () => {
    // Each refusal names the field at fault, as every refused form does.
    const refusals: [Upload, number, string, string][] = [
      [
        { bytes: pdf(), name: 'x.pdf', linkType: 'invoice', linkId: records.othersInvoice },
        404,
        'linkId',
        `We could not find an invoice of yours with the ID ${records.othersInvoice}.`,
      ],
      [
        { bytes: pdf(), name: 'x.pdf', linkType: 'order', linkId: records.othersOrder.slice(0, 8) },
        404,
        'linkId',
        `We could not find an order of yours with the ID ${records.othersOrder.slice(0, 8)}.`,
      ],
      [
        { bytes: pdf(), name: 'x.pdf', linkType: 'invoice', linkId: unknownId },
        404,
        'linkId',
        `We could not find an invoice of yours with the ID ${unknownId}.`,
      ],
      // An order's id is not an invoice's.
      [
        { bytes: pdf(), name: 'x.pdf', linkType: 'invoice', linkId: records.ownOrder },
        404,
        'linkId',
        `We could not find an invoice of yours with the ID ${records.ownOrder}.`,
      ],
      [
        { bytes: pdf(), name: 'x.pdf', linkType: 'order', linkId: "1' or '1'='1" },
        400,
        'linkId',
        "Please enter the order's full ID or the 8 characters of its number, like 1a2b3c4d.",
      ],
      [
        { bytes: pdf(), name: 'x.pdf', linkType: 'receipt', linkId: '' },
        400,
        'linkType',
        'Please choose Invoice ID or Order ID.',
      ],
    ]
    for (const [file, status, field, description] of refusals) {
      expect(await upload(owner, file), description).toEqual({
        status,
        ok: false,
        intent: 'upload',
        toast: { title: 'Upload failed', description, variant: 'destructive' },
        fieldErrors: { [field]: description },
      })
    }
    expect(await rows()).toEqual([])
    expect(await storedFiles()).toEqual([])
  })

  test('a file of 5 MB is taken; 5 MB and 1 byte is refused while it arrives, before anything is stored', async () => {
    const exactly = Buffer.concat([pdf(), Buffer.alloc(RECEIPT_MAX_BYTES - pdf().length, 0x20)])
    expect(exactly.length).toBe(RECEIPT_MAX_BYTES)
    expect(await upload(owner, { bytes: exactly, name: 'big.pdf' })).toMatchObject({ status: 200, ok: true })
    await database.db.delete(documents)
    await rm(storageDir, { recursive: true, force: true })

    const tooLarge = Buffer.concat([exactly, Buffer.from(' ')])
    expect(await upload(owner, { bytes: tooLarge, name: 'bigger.pdf' })).toEqual({
      status: 413,
      ok: false,
      intent: 'upload',
      toast: { title: 'Upload failed', description: 'Please select a file smaller than 5MB.', variant: 'destructive' },
      fieldErrors: { file: 'Please select a file smaller than 5MB.' },
    })
    expect(await rows()).toEqual([])
    await expect(storedFiles()).rejects.toThrow(/ENOENT/)
  })

  test('a renamed program, a text file named .pdf and a damaged picture are refused by their content', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)])
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])
    const text = Buffer.from('Paid $40 by bank transfer on March 3.\n')
    const notPng = Buffer.concat([(await picture('png')).subarray(0, 8), Buffer.from('not really a picture')])
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .avif()
      .toBuffer()
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const cases: [Buffer, string, string][] = [
      [elf, 'receipt.pdf', 'Only PDF files and images (JPEG, PNG, WebP or HEIC) can be uploaded.'],
      [exe, 'invoice.pdf', 'Only PDF files and images (JPEG, PNG, WebP or HEIC) can be uploaded.'],
      [text, 'receipt.pdf', 'Only PDF files and images (JPEG, PNG, WebP or HEIC) can be uploaded.'],
      [html, 'receipt.png', 'Only PDF files and images (JPEG, PNG, WebP or HEIC) can be uploaded.'],
      [avif, 'photo.heic', 'Only PDF files and images (JPEG, PNG, WebP or HEIC) can be uploaded.'],
      [notPng, 'scan.png', 'This image could not be read. It may be damaged; please try another file.'],
    ]
    for (const [bytes, name, description] of cases) {
      expect(await upload(owner, { bytes, name, type: 'application/pdf' }), name).toEqual({
        status: 400,
        ok: false,
        intent: 'upload',
        toast: { title: 'Upload failed', description, variant: 'destructive' },
        fieldErrors: { file: description },
      })
    }
    expect(await rows()).toEqual([])
    expect(await storedFiles()).toEqual([])
  })

  test('the listed name is the file’s own, cleaned, and always ends in what the file is', async () => {
    await upload(owner, { bytes: pdf(), name: '../../Receipt\u202Efdp.exe' })
    await upload(owner, { bytes: pdf(), name: `${'a'.repeat(300)}.pdf` })
    await upload(owner, { bytes: await picture('png'), name: '...' })
    const names = (await rows()).map((row) => row.fileName)
    expect(names[0]).toBe('Receiptfdp.exe.pdf')
    expect(names[1]).toBe(`${'a'.repeat(116)}.pdf`)
    expect(names[2]).toBe('receipt.png')
  })

  test('no file, a visitor, and a form posted without JavaScript', async () => {
    const empty = new FormData()
    empty.append('linkType', 'invoice')
    const request = new Request('http://localhost:3000/resources/receipts', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie },
      body: empty,
    })
    const noFile = (await uploadAction({ request, params: {}, context: {} } as never)) as Response
    expect(noFile.status).toBe(400)
    expect(await noFile.json()).toMatchObject({
      ok: false,
      toast: { description: 'Please choose a file to upload.' },
      fieldErrors: { file: 'Please choose a file to upload.' },
    })

    expect(await upload(null, { bytes: pdf(), name: 'a.pdf' })).toMatchObject({
      status: 401,
      toast: { title: 'Upload failed', description: 'Please log in again to upload files.' },
    })

    const page = uploadRequest(owner, { bytes: pdf(), name: 'a.pdf' }, { accept: 'text/html,application/xhtml+xml' })
    const thrown = await uploadAction({ request: page, params: {}, context: {} } as never).catch((error) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('location')).toBe('/accounting?tab=uploads')
    expect((await rows()).map((row) => row.fileName)).toEqual(['a.pdf'])
  })
})

describe('downloading and deleting a receipt', () => {
  test('only the owner and admins get the file; anyone else, and any unknown or malformed id, gets the same 404', async () => {
    const bytes = await picture('png')
    await upload(owner, { bytes, name: 'Receipt "March".png' })
    const [row] = await rows()

    for (const person of [owner, admin]) {
      const response = await download(person, row.id)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="Receipt _March_.png"; filename*=UTF-8''Receipt%20%22March%22.png`,
      )
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)
    }
    const guesses = [row.id, unknownId, 'not-a-uuid', row.filePath, encodeURIComponent(row.filePath)]
    for (const [person, id] of [
      [other, row.id],
      [null, row.id],
      ...guesses.slice(1).map((id) => [owner, id] as const),
    ] as const) {
      expect((await download(person, id)).status, `${person?.id ?? 'visitor'} ${id}`).toBe(404)
    }
    // A record whose file went missing is not found either.
    await rm(path.join(storageDir, row.filePath))
    expect((await download(owner, row.id)).status).toBe(404)
  })

  test('delete removes the record and the stored file, only for their owner', async () => {
    await upload(owner, { bytes: pdf(), name: 'keep.pdf' })
    await upload(owner, { bytes: pdf(), name: 'delete-me.pdf' })
    const [keep, doomed] = await rows()

    const refused = await accountingPost(other, { intent: 'delete-receipt', documentId: doomed.id })
    expect(refused.init?.status).toBe(404)
    expect(refused.data.toast).toMatchObject({ title: 'Deletion failed', description: 'File not found.' })
    const malformed = await accountingPost(owner, { intent: 'delete-receipt', documentId: '../../etc/passwd' })
    expect(malformed.init?.status).toBe(404)
    expect(await rows()).toHaveLength(2)

    const deleted = await accountingPost(owner, { intent: 'delete-receipt', documentId: doomed.id })
    expect(deleted.data).toMatchObject({
      ok: true,
      toast: { title: 'File Deleted', description: 'delete-me.pdf was deleted.' },
    })
    expect((await rows()).map((row) => row.id)).toEqual([keep.id])
    expect(await storedFiles()).toEqual([keep.filePath])
    expect((await accountingPost(owner, { intent: 'delete-receipt', documentId: doomed.id })).init?.status).toBe(404)
  })

  test('when the file cannot be deleted, the record stays and the customer is told', async () => {
    await upload(owner, { bytes: pdf(), name: 'stuck.pdf' })
    const [row] = await rows()
    const storage = storageHolder.__shopStorage as FileStorage
    storageHolder.__shopStorage = { ...storage, delete: async () => Promise.reject(new Error('disk on fire')) }
    try {
      const answer = await accountingPost(owner, { intent: 'delete-receipt', documentId: row.id })
      expect(answer.init?.status).toBe(500)
      expect(answer.data.toast).toMatchObject({ title: 'Deletion failed', description: 'Please try again.' })
    } finally {
      storageHolder.__shopStorage = storage
    }
    expect((await rows()).map((r) => r.id)).toEqual([row.id])
    expect(await storedFiles()).toEqual([row.filePath])
  })
})
