import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { binaryStl, boxStl } from '#tests/factories/model-files.ts'
import { type RunningShop, requireProductionBuild, startShop } from '#tests/setup/server-process.ts'

const MB = 1024 * 1024

let shop: RunningShop
beforeAll(async () => {
  requireProductionBuild()
  shop = await startShop()
}, 120_000)
afterAll(() => shop?.stop())

// What the client saw: the answer, or the connection cut (`error`) while it was still sending.
type Answer = { status: number | null; body: string; error: string | null; sentBytes: number; ms: number }

/**
 * Posts a body made as it is sent (never held whole by the test), chunked unless `declaredLength`
 * is given, in which case only the headers go out. Resolves with the answer, or with the error
 * that cut the connection, and how much of the body went out by then.
 */
function post(path: string, body: { bytes: number; prefix?: Buffer; declaredLength?: number; contentType?: string }) {
  return new Promise<Answer>((resolve, reject) => {
    const started = performance.now()
    let sentBytes = 0
    let answered = false
    const request = http.request(`${shop.base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': body.contentType ?? 'application/x-www-form-urlencoded',
        ...(body.declaredLength === undefined
          ? { 'transfer-encoding': 'chunked' }
          : { 'content-length': String(body.declaredLength) }),
      },
    })
    const settle = (answer: Pick<Answer, 'status' | 'body' | 'error'>) => {
      if (answered) return
      answered = true
      resolve({ ...answer, sentBytes, ms: performance.now() - started })
      request.destroy()
    }
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => {
        text += chunk
      })
      response.on('end', () => settle({ status: response.statusCode ?? 0, body: text, error: null }))
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      // The server closes the connection after its 413; a client still writing may see that first.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') settle({ status: null, body: '', error: error.code })
      else if (!answered) reject(error)
    })
    if (body.declaredLength !== undefined) return void request.flushHeaders()
    const filler = Buffer.alloc(64 * 1024, 'a')
    let prefix = body.prefix ?? Buffer.alloc(0)
    const write = () => {
      while (sentBytes < body.bytes && !request.destroyed) {
        const chunk = prefix.length > 0 ? prefix : filler.subarray(0, Math.min(filler.length, body.bytes - sentBytes))
        prefix = Buffer.alloc(0)
        sentBytes += chunk.length
        if (!request.write(chunk)) return void request.once('drain', write)
      }
      if (!request.destroyed) request.end()
    }
    write()
  })
}

describe('request body limits', () => {
  test('a chunked body is refused with 413 as soon as it passes 1 MB', async () => {
    const answer = await post('/auth', { bytes: 1.5 * MB })
    expect(answer).toMatchObject({ status: 413, body: 'Request body too large.' })
  })

  test('a chunked 150 MB body is cut off early, and the server never holds it', async () => {
    const before = shop.residentBytes()
    for (const path of ['/resources/cart-pricing', '/resources/newsletter', '/auth', '/auth.data']) {
      const answer = await post(path, { bytes: 150 * MB })
      // The 413, unless the closed connection reached this client (still writing) first.
      if (answer.error === null) expect(answer, path).toMatchObject({ status: 413, body: 'Request body too large.' })
      expect(answer.ms, path).toBeLessThan(10_000)
      // Cut off early: what went out is the limit plus what the sockets buffer, not 150 MB.
      expect(answer.sentBytes, path).toBeLessThan(40 * MB)
    }
    expect(shop.residentBytes() - before).toBeLessThan(80 * MB)
    // The server is still there for everyone else.
    expect((await fetch(`${shop.base}/healthz`)).status).toBe(200)
  }, 120_000)

  test('a declared Content-Length over the limit is refused before any of the body is sent', async () => {
    const answer = await post('/contact', { bytes: 0, declaredLength: 150 * MB })
    expect(answer.status).toBe(413)
    expect(answer.sentBytes).toBe(0)
  }, 15_000)

  test('a 900 KB form is read as usual', async () => {
    const fields = new URLSearchParams({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'A large form',
      message: 'Fields the form does not know are padding here.',
    })
    const prefix = Buffer.from(`${fields}&padding=`)
    const answer = await post('/contact', { bytes: 900 * 1024, prefix })
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('<html')
  })

  test('an upload route takes its own, larger limit', async () => {
    const boundary = 'shop-test-boundary'
    const file = binaryStl(60_000) // 3 MB
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="part.stl"\r\n` +
        'Content-Type: model/stl\r\n\r\n',
    )
    const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)])
    expect(body.length).toBeGreaterThan(2 * MB)
    const answer = await post('/resources/model-files', {
      bytes: body.length,
      prefix: body,
      contentType: `multipart/form-data; boundary=${boundary}`,
    })
    expect(answer.status).toBe(201)
    expect(JSON.parse(answer.body)).toMatchObject({ fileName: 'part.stl', size: file.length })
  })

  test('the instant quote takes a model beyond the forms’ 1 MB, and refuses one over 50 MB before reading it', async () => {
    const boundary = 'shop-test-boundary'
    const file = boxStl(20, 20, 20)
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="padding"\r\n\r\n${'x'.repeat(900 * 1024)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cube.stl"\r\n` +
        'Content-Type: model/stl\r\n\r\n',
    )
    const body = Buffer.concat([head, file, Buffer.alloc(200 * 1024), Buffer.from(`\r\n--${boundary}--\r\n`)])
    expect(body.length).toBeGreaterThan(MB)
    const multipart = `multipart/form-data; boundary=${boundary}`
    const answer = await post('/instant-quote/models', { bytes: body.length, prefix: body, contentType: multipart })
    // The padding after the cube makes it no STL at all: the analysis answered, not the body limit.
    expect(answer).toMatchObject({ status: 422 })
    expect(answer.body).toContain('This file is not a 3D model we can read')
    const tooLarge = await post('/instant-quote/models', { bytes: 0, declaredLength: 60 * MB, contentType: multipart })
    expect(tooLarge.status).toBe(413)
  })

  test('the contact form takes files with the message, beyond the forms’ 1 MB', async () => {
    const boundary = 'shop-test-boundary'
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
    const file = binaryStl(60_000) // 3 MB
    const body = Buffer.concat([
      Buffer.from(
        field('name', 'Ada Lovelace') +
          field('email', 'ada@example.com') +
          field('subject', 'A part to print') +
          field('message', 'The model is attached.') +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="part.stl"\r\n` +
          'Content-Type: model/stl\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const answer = await post('/contact', {
      bytes: body.length,
      prefix: body,
      contentType: `multipart/form-data; boundary=${boundary}`,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('Message Sent!')
    // Past three files of 25 MB the body is refused before it is read.
    expect((await post('/contact', { bytes: 0, declaredLength: 80 * MB })).status).toBe(413)
  })
})
