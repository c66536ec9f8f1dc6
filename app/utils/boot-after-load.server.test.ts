import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { expect, test } from 'vitest'
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL, inertModules, inertModulesStream } from './boot-after-load.server.ts'

const page = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n1"/><link rel="icon" href="/favicon.svg"/></head>',
  '<body><p>a < b, café 🖨️</p><script nonce="n1">window.__ctx = 1</script>',
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>',
  '<script type="module" async="">import("/assets/x.js")</script></body></html>',
].join('')

const expected = [
  `<!DOCTYPE html><html><head><link rel="${INERT_PRELOAD_REL}" href="/assets/entry.client-A.js"/>`,
  `<link rel="${INERT_PRELOAD_REL}" href="/assets/framework-B.js" nonce="n1"/><link rel="icon" href="/favicon.svg"/></head>`,
  '<body><p>a < b, café 🖨️</p><script nonce="n1">window.__ctx = 1</script>',
  `<script nonce="n1" type="${INERT_MODULE_TYPE}">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>`,
  `<script type="${INERT_MODULE_TYPE}">import("/assets/x.js")</script></body></html>`,
].join('')

test('module links and React Router module scripts are written inert, their text and nonce kept', () => {
  expect(inertModules(page)).toBe(expected)
})

test('a streamed page is rewritten the same however its chunks split tags and characters', async () => {
  const bytes = Buffer.from(page)
  for (const size of [1, 2, 3, 7, 16, 64, 1000]) {
    const chunks: Buffer[] = []
    for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size))
    const out = await text(Readable.from(chunks).pipe(inertModulesStream()))
    expect(out, `chunks of ${size} bytes`).toBe(expected)
  }
})
