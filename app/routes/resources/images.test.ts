import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'
import { loader } from './images.ts'

// /images/* resizes pictures for public pages. Receipts and other private files share the storage,
// so the route must refuse every folder that is not shown to visitors.
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }
let folder: string

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'shop-images-'))
  const storage = createLocalDiskStorage(folder)
  storageHolder.__shopStorage = storage
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer()
  for (const key of ['products/mount/1.png', 'updates/u1.png', 'receipts/user-1/r1.png', 'model-files/user-1/m1.png']) {
    await storage.put(key, png, 'image/png')
  }
})
afterAll(() => {
  storageHolder.__shopStorage = undefined
  rmSync(folder, { recursive: true, force: true })
})

async function get(key: string) {
  const request = new Request(`http://localhost/images/${key}?w=320`)
  return (await loader({ request, params: { '*': key }, context: {} } as never)) as Response
}

test('pictures of public pages are served as WebP', async () => {
  for (const key of ['products/mount/1.png', 'updates/u1.png']) {
    const response = await get(key)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/webp')
  }
})

test("a customer's receipt or model picture is not served, even to someone who knows its key", async () => {
  for (const key of ['receipts/user-1/r1.png', 'model-files/user-1/m1.png']) {
    const response = await get(key)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('Image not found')
  }
})
