import { mkdtempSync, rmSync } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  createLocalDiskStorage,
  type FileStorage,
  forgettingRenderedImages,
  setImageVariantsDir,
  versionedImageKey,
} from '#app/modules/storage/index.server.ts'
import { loader } from './images.ts'

// /images/* resizes pictures for public pages. Receipts and other private files share the storage,
// so the route must refuse every folder that is not shown to visitors.
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }
let folder: string
let storage: FileStorage
let png: Buffer
let versionedKey: string

const immutable = 'public, max-age=31536000, immutable'

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'shop-images-'))
  storage = forgettingRenderedImages(createLocalDiskStorage(path.join(folder, 'uploads')))
  storageHolder.__shopStorage = storage
  setImageVariantsDir(path.join(folder, 'variants'))
  png = await picture('#0a7')
  versionedKey = versionedImageKey('products/mount/1', png, 'png')
  const keys = [
    versionedKey,
    'products/mount/legacy.png',
    'updates/u1.png',
    'receipts/user-1/r1.png',
    'model-files/user-1/m1.png',
  ]
  for (const key of keys) await storage.put(key, png, 'image/png')
  // A name that claims a version its bytes do not have.
  await storage.put('products/mount/2.0123456789abcdef.png', png, 'image/png')
})
afterAll(() => {
  storageHolder.__shopStorage = undefined
  setImageVariantsDir(undefined)
  rmSync(folder, { recursive: true, force: true })
})

function picture(background: string) {
  return sharp({ create: { width: 1000, height: 750, channels: 3, background } })
    .png()
    .toBuffer()
}

async function get(key: string, query = '?w=320', headers: HeadersInit = {}) {
  const request = new Request(`http://localhost/images/${key}${query}`, { headers })
  return (await loader({ request, params: { '*': key }, context: {} } as never)) as Response
}

async function bytesOf(response: Response) {
  return Buffer.from(await response.arrayBuffer())
}

test('pictures of public pages are served as WebP', async () => {
  for (const key of [versionedKey, 'products/mount/legacy.png', 'updates/u1.png']) {
    const response = await get(key)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/webp')
  }
})

test('f=avif gives AVIF and the default WebP, each at the standard width asked for', async () => {
  const avif = await get(versionedKey, '?w=480&f=avif')
  expect(avif.headers.get('Content-Type')).toBe('image/avif')
  const avifBytes = await bytesOf(avif)
  // An AVIF file is an ISO-BMFF box `ftyp` with the brand `avif`.
  expect(avifBytes.subarray(4, 12).toString('latin1')).toBe('ftypavif')
  expect(await sharp(avifBytes).metadata()).toMatchObject({ format: 'heif', width: 480, height: 360 })

  const webpBytes = await bytesOf(await get(versionedKey, '?w=700'))
  expect(webpBytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
  expect(webpBytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
  // 700 is not a standard width: the next one up is rendered.
  expect(await sharp(webpBytes).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 })
})

test('a key that names its bytes’ version is cached for a year, as immutable', async () => {
  for (const query of ['?w=320', '?w=320&f=avif', '?w=1200']) {
    const response = await get(versionedKey, query)
    expect(response.headers.get('Cache-Control')).toBe(immutable)
  }
})

test('a key without a version, or with one its bytes do not have, is cached for minutes only', async () => {
  for (const key of ['products/mount/legacy.png', 'products/mount/2.0123456789abcdef.png']) {
    const response = await get(key, '?w=320&f=avif')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
  }
})

test('a picture written again under the same key is served new, never from the old rendering', async () => {
  const key = 'products/mount/replaced.png'
  await storage.put(key, png, 'image/png')
  const before = await bytesOf(await get(key, '?w=160'))
  await storage.put(key, await picture('#c22'), 'image/png')
  const after = await get(key, '?w=160')
  expect(after.headers.get('Cache-Control')).toBe('public, max-age=300')
  expect(await bytesOf(after)).not.toEqual(before)
})

test('rendered variants are kept on disk, so a restart does not encode them again', async () => {
  const key = versionedImageKey('about/hero', png, 'png')
  await storage.put(key, png, 'image/png')
  const first = await bytesOf(await get(key, '?w=640&f=avif'))
  // A fresh process (memory emptied) whose storage has lost the picture still answers from disk.
  setImageVariantsDir(path.join(folder, 'variants'))
  await unlink(path.join(folder, 'uploads', key))
  const again = await get(key, '?w=640&f=avif')
  expect(again.status).toBe(200)
  expect(await bytesOf(again)).toEqual(first)
})

test('a deleted picture is no longer served, even a versioned one rendered before', async () => {
  const key = versionedImageKey('updates/gone', png, 'png')
  await storage.put(key, png, 'image/png')
  expect((await get(key)).status).toBe(200)
  await storage.delete(key)
  expect((await get(key)).status).toBe(404)
})

test('an ETag the browser already has is answered 304 without the bytes', async () => {
  const first = await get('products/mount/legacy.png', '?w=320&f=avif')
  const etag = first.headers.get('ETag') ?? ''
  expect(etag).toMatch(/^"[0-9a-f]{16}-320-avif"$/)
  const again = await get('products/mount/legacy.png', '?w=320&f=avif', { 'If-None-Match': etag })
  expect(again.status).toBe(304)
  expect(again.headers.get('Cache-Control')).toBe('public, max-age=300')
  expect(await again.text()).toBe('')
})

test('odd parameters fall back to a safe default instead of failing', async () => {
  for (const query of ['?w=abc', '?w=-5', '?w=99999', '?w=1.5', '?f=gif', '?f=', '', '?w=320&f=AVIF&f=png']) {
    const response = await get(versionedKey, query)
    expect(response.status, query).toBe(200)
    expect(response.headers.get('Content-Type'), query).toBe('image/webp')
    expect((await sharp(await bytesOf(response)).metadata()).width, query).toBeLessThanOrEqual(1000)
  }
})

test("a customer's receipt or model picture is not served, even to someone who knows its key", async () => {
  for (const key of ['receipts/user-1/r1.png', 'model-files/user-1/m1.png', 'products/../receipts/user-1/r1.png']) {
    const response = await get(key)
    expect(response.status).toBe(404)
    expect(response.headers.get('Cache-Control')).not.toContain('immutable')
    expect(await response.text()).toBe('Image not found')
  }
})

test('a missing picture is a 404, not an error', async () => {
  for (const key of ['products/mount/none.png', versionedImageKey('products/mount/none', png, 'png'), '']) {
    expect((await get(key)).status).toBe(404)
  }
})
