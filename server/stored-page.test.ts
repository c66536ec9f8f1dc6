import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  encodingFor,
  etagOf,
  inlineScriptHashes,
  matchesTag,
  policyWithScriptHashes,
  type StoredPage,
  sendStoredPage,
  storePage,
} from './stored-page.ts'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('inlineScriptHashes', () => {
  test('hashes each inline script once, exactly as written, and leaves scripts with a src alone', () => {
    const html = [
      '<script>window.a = 1</script>',
      '<script type="module" async="">import "/assets/x.js";\n</script>',
      '<script src="/chat.js" async></script>',
      '<SCRIPT>window.a = 1</SCRIPT>',
      '<p>&lt;script&gt;not one&lt;/script&gt;</p>',
      '<script>été ✓</script>',
    ].join('')
    expect(inlineScriptHashes(html)).toEqual([
      sha256('window.a = 1'),
      sha256('import "/assets/x.js";\n'),
      sha256('été ✓'),
    ])
  })
})

test('policyWithScriptHashes swaps the nonce source for the page’s script hashes', () => {
  const policy = "default-src 'self';script-src 'self' 'nonce-abc+/=' https://js.stripe.com;object-src 'none'"
  expect(policyWithScriptHashes(policy, 'abc+/=', ["'sha256-A'", "'sha256-B'"])).toBe(
    "default-src 'self';script-src 'self' 'sha256-A' 'sha256-B' https://js.stripe.com;object-src 'none'",
  )
  expect(policyWithScriptHashes(policy, 'abc+/=', [])).toBe(
    "default-src 'self';script-src 'self' https://js.stripe.com;object-src 'none'",
  )
})

describe('encodingFor', () => {
  test.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR, GZIP', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['nonsense;;;q=x', 'identity'],
  ] as const)('%s → %s', (header, encoding) => {
    expect(encodingFor(header)).toBe(encoding)
  })
})

describe('matchesTag', () => {
  test('names the content in any of its encodings, weakly or strongly', () => {
    expect(matchesTag('"abc"', 'abc')).toBe(true)
    expect(matchesTag('"abc-br"', 'abc')).toBe(true)
    expect(matchesTag('W/"abc-gz"', 'abc')).toBe(true)
    expect(matchesTag('"zzz", "abc-br"', 'abc')).toBe(true)
    expect(matchesTag('*', 'abc')).toBe(true)
  })

  test('another page’s or an older tag is no match', () => {
    expect(matchesTag(undefined, 'abc')).toBe(false)
    expect(matchesTag('"abcd"', 'abc')).toBe(false)
    expect(matchesTag('"ab"', 'abc')).toBe(false)
    expect(matchesTag('abc', 'abc')).toBe(false)
    expect(matchesTag('"abc-deflate"', 'abc')).toBe(false)
  })
})

describe('a stored page', () => {
  const body = `<!DOCTYPE html><p>${'Ein Würfel, 20 mm. '.repeat(400)}</p>`
  let page: StoredPage
  let server: Server
  let base: string

  beforeAll(async () => {
    page = await storePage({
      status: 200,
      body,
      headers: [
        ['Content-Type', 'text/html; charset=utf-8'],
        ['Cache-Control', 'public, max-age=0'],
        ['Vary', 'Accept-Encoding, Cookie'],
        ['X-Frame-Options', 'DENY'],
      ],
    })
    server = createServer((req, res) => sendStoredPage(req, res, page, { extra: ['X-Page-Cache', 'hit'] }))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  test('keeps the same content in brotli, gzip and as it is', () => {
    const { br, gzip, identity } = page.representations
    expect(identity.body.toString('utf8')).toBe(body)
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(body)
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(body)
    expect(br.body.length).toBeLessThan(identity.body.length / 10)
  })

  async function get(headers: Record<string, string>) {
    // node:http, not fetch: fetch would decompress and hide the encoding sent.
    const { request } = await import('node:http')
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        request(base, { headers }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          )
        })
          .on('error', reject)
          .end()
      },
    )
  }

  test('goes out in the encoding the browser prefers, with its own strong ETag and length', async () => {
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.etag).toBe(etagOf(page.tag, 'br'))
    expect(br.headers['content-length']).toBe(String(br.body.length))
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(body)
    expect(br.headers['x-page-cache']).toBe('hit')
    expect(br.headers['x-frame-options']).toBe('DENY')

    const gzip = await get({ 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(body)
    expect(gzip.headers.etag).not.toBe(br.headers.etag)

    const plain = await get({})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString('utf8')).toBe(body)
    expect(plain.headers.etag).toBe(`"${page.tag}"`)
  })

  test('answers 304 with no body when the browser already has it, in any encoding', async () => {
    const first = await get({ 'accept-encoding': 'br' })
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.headers['cache-control']).toBe('public, max-age=0')
    expect(again.headers.vary).toBe('Accept-Encoding, Cookie')

    const otherEncoding = await get({ 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) })
    expect(otherEncoding.status).toBe(304)
    expect(otherEncoding.headers.etag).toBe(etagOf(page.tag, 'gzip'))

    const stale = await get({ 'accept-encoding': 'br', 'if-none-match': '"an-older-page-br"' })
    expect(stale.status).toBe(200)
    expect(brotliDecompressSync(stale.body).toString('utf8')).toBe(body)
  })
})
