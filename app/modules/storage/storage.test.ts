import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalDiskStorage } from './local-disk.server.ts'
import { createS3Storage } from './s3.server.ts'
import type { FileStorage } from './types.ts'

// A stand-in for an S3-compatible service at its HTTP boundary: it keeps objects in memory and
// records every request, so the test sees exactly what the adapter sends.
type Recorded = { method: string; url: string; authorization: string; contentType?: string }
const objects = new Map<string, { body: Buffer; contentType: string }>()
const requests: Recorded[] = []
let server: Server
let endpoint: string

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: String(req.headers.authorization ?? ''),
      contentType: req.headers['content-type'],
    })
    const key = req.url ?? ''
    if (req.method === 'PUT') {
      objects.set(key, { body: await readBody(req), contentType: String(req.headers['content-type']) })
      res.writeHead(200).end()
    } else if (req.method === 'GET') {
      const object = objects.get(key)
      if (!object) return res.writeHead(404).end()
      res.writeHead(200, { 'Content-Type': object.contentType }).end(object.body)
    } else if (req.method === 'DELETE') {
      objects.delete(key)
      res.writeHead(204).end()
    } else {
      res.writeHead(405).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function behavesLikeFileStorage(name: string, create: () => FileStorage) {
  describe(name, () => {
    test('stores, reads back and deletes a file', async () => {
      const storage = create()
      await storage.put('receipts/user-1/receipt.pdf', Buffer.from('%PDF-1.7 test'), 'application/pdf')
      const file = await storage.get('receipts/user-1/receipt.pdf')
      expect(file?.body.toString()).toBe('%PDF-1.7 test')
      expect(file?.contentType).toBe('application/pdf')
      await storage.delete('receipts/user-1/receipt.pdf')
      expect(await storage.get('receipts/user-1/receipt.pdf')).toBeNull()
    })

    test('refuses keys that could escape their folder', async () => {
      const storage = create()
      await expect(storage.put('../secrets.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/)
      await expect(storage.get('/etc/passwd')).rejects.toThrow(/Invalid storage key/)
    })
  })
}

behavesLikeFileStorage('local disk storage', () =>
  createLocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'shop-storage-'))),
)
behavesLikeFileStorage('S3 storage', () =>
  createS3Storage({
    endpoint,
    region: 'eu-central-1',
    bucket: 'shop',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'secret',
  }),
)

test('the S3 adapter signs path-style requests with AWS Signature V4', async () => {
  requests.length = 0
  const storage = createS3Storage({
    endpoint,
    region: 'eu-central-1',
    bucket: 'shop',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'secret',
  })
  await storage.put('products/mount/1.png', Buffer.from('png'), 'image/png')
  expect(requests[0]).toMatchObject({ method: 'PUT', url: '/shop/products/mount/1.png', contentType: 'image/png' })
  expect(requests[0].authorization).toMatch(
    /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=.+, Signature=[0-9a-f]{64}$/,
  )
})
