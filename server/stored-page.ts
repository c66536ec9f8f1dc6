import { createHash } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

export type Encoding = 'br' | 'gzip' | 'identity'

type Representation = { body: Buffer; headers: string[] }

/**
 * A public page as it is kept: its bytes in every encoding a browser may ask for, compressed once
 * when it is stored, and the whole header list of each, so that serving it is a lookup and a write.
 */
export type StoredPage = {
  status: number
  /** The validator of the page's content, whatever its encoding (see `etagOf`). */
  tag: string
  representations: Record<Encoding, Representation>
  /** What a 304 repeats of the page's headers (RFC 9110 §15.4.5). */
  notModifiedHeaders: string[]
  /** The bytes before compression, for the page's size limit. */
  size: number
}

/**
 * The SHA-256 sources of the page's inline scripts, for a `script-src` that allows exactly them.
 * A page kept for everyone cannot carry a per-response nonce without being rewritten for every
 * answer; the hashes of its scripts are as strict and never change for the same bytes.
 * @example inlineScriptHashes('<script>go()</script>') // ["'sha256-…'"]
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * The page's Content-Security-Policy with its request's nonce source replaced by the hashes of the
 * page's own inline scripts.
 */
export function policyWithScriptHashes(policy: string, nonce: string, hashes: string[]): string {
  return policy.replace(` 'nonce-${nonce}'`, hashes.length > 0 ? ` ${hashes.join(' ')}` : '')
}

const BROTLI_OPTIONS = (size: number) => ({
  params: {
    // Compressed once per page and change, sent many times: the smallest bytes are worth the
    // time (about 60 ms for the largest demo page, on libuv's thread pool, not the event loop).
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
})

/**
 * Makes the kept form of a rendered page: identity, brotli and gzip bytes, each with its complete
 * header list (`headers` plus its encoding, length and ETag).
 */
export async function storePage({
  status,
  headers,
  body,
}: {
  status: number
  headers: [string, string][]
  body: string
}): Promise<StoredPage> {
  const identity = Buffer.from(body, 'utf8')
  const [br, gz] = await Promise.all([
    brotli(identity, BROTLI_OPTIONS(identity.length)),
    gzipped(identity, { level: 9 }),
  ])
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27)
  const common = headers.flat()
  const representation = (bytes: Buffer, encoding: Encoding): Representation => ({
    body: bytes,
    headers: [
      ...common,
      'ETag',
      etagOf(tag, encoding),
      'Content-Length',
      String(bytes.length),
      ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
    ],
  })
  const repeated = new Set(['cache-control', 'cdn-cache-control', 'content-security-policy', 'vary'])
  return {
    status,
    tag,
    size: identity.length,
    representations: {
      identity: representation(identity, 'identity'),
      br: representation(br, 'br'),
      gzip: representation(gz, 'gzip'),
    },
    notModifiedHeaders: headers.filter(([name]) => repeated.has(name.toLowerCase())).flat(),
  }
}

/**
 * A strong validator per representation: the same content in another encoding is other bytes, so
 * it gets its own tag (`"tag-br"`), as RFC 9110 §8.8.3 asks of strong validators.
 */
export function etagOf(tag: string, encoding: Encoding): string {
  return encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding === 'br' ? 'br' : 'gz'}"`
}

/**
 * Whether the browser's If-None-Match names this page's content in any encoding (a GET compares
 * weakly: `W/` is ignored, RFC 9110 §13.1.2).
 */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  for (const candidate of ifNoneMatch.split(',')) {
    const opaque = candidate.trim().replace(/^W\//, '')
    if (opaque === `"${tag}"` || opaque === `"${tag}-br"` || opaque === `"${tag}-gz"`) return true
  }
  return false
}

const chosenEncodings = new Map<string, Encoding>()

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else the bytes as they are,
 * honouring `q=0`. Browsers send a handful of distinct headers, so each answer is remembered.
 * @example encodingFor('gzip, deflate, br') // 'br'
 */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  const known = chosenEncodings.get(acceptEncoding)
  if (known) return known
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';')
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean)
    weights.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0
  const chosen: Encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity'
  // Bounded: a client making up headers cannot grow it without end.
  if (chosenEncodings.size < 1000) chosenEncodings.set(acceptEncoding, chosen)
  return chosen
}

/**
 * Sends a kept page as it is stored: a 304 when the browser already has it, else the bytes in the
 * encoding it prefers, with `extra` headers. With `setHeaders` the headers go through `setHeader` (so
 * middleware watching them, such as compression, sees the encoding); without, one `writeHead`
 * carries them all.
 */
export function sendStoredPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  { setHeaders = false, extra = [] }: { setHeaders?: boolean; extra?: string[] } = {},
) {
  const notModified = page.status === 200 && matchesTag(req.headers['if-none-match'], page.tag)
  const encoding = encodingFor(req.headers['accept-encoding'])
  const chosen = page.representations[encoding]
  const headers = notModified
    ? [...page.notModifiedHeaders, 'ETag', etagOf(page.tag, encoding), ...extra]
    : [...chosen.headers, ...extra]
  const status = notModified ? 304 : page.status
  if (setHeaders) {
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1])
    res.writeHead(status)
  } else {
    res.writeHead(status, headers)
  }
  res.end(notModified ? undefined : chosen.body)
}

/** Header values as the kept list wants them: one `[name, value]` pair per value. */
export function headerPairs(headers: OutgoingHttpHeaders): [string, string][] {
  const pairs: [string, string][] = []
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, String(one)])
  }
  return pairs
}
