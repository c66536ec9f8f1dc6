import { once } from 'node:events'
import { createServer, get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createBrotliDecompress } from 'node:zlib'
import compression from 'compression'
import express, { type Response } from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { writeInBursts } from './write-in-bursts.ts'

const encode = (text: string) => new TextEncoder().encode(text)
const shell = Array.from({ length: 200 }, (_, index) => `<p>${index}</p>`)

let server: Server | undefined
afterEach(() => server?.close())

/** A server with the shop's compression whose one page is written by `send`; its writes and flushes counted. */
async function serve(send: (res: Response) => Promise<void>) {
  const counts = { writes: 0, flushes: 0 }
  const app = express()
  app.use(compression())
  app.get('/', (_req, res) => {
    const { write, flush } = res as Response & { flush: () => void }
    res.write = ((...args: Parameters<typeof write>) => {
      counts.writes++
      return write.apply(res, args)
    }) as typeof write
    Object.assign(res, {
      flush: () => {
        counts.flushes++
        flush.call(res)
      },
    })
    res.type('html')
    send(res).catch(() => {})
  })
  server = createServer(app).listen(0)
  await once(server, 'listening')
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, counts }
}

/** The page as a browser asks for it (`br`), decompressed as it comes. */
async function open(url: string) {
  const [response] = (await once(get(url, { headers: { 'accept-encoding': 'br, gzip' } }), 'response')) as [
    IncomingMessage,
  ]
  let text = ''
  const decoded = response.pipe(createBrotliDecompress())
  decoded.on('data', (chunk: Buffer) => {
    text += chunk.toString()
  })
  return {
    response,
    text: () => text,
    until: async (part: string) => {
      while (!text.includes(part)) await once(decoded, 'data')
    },
    ended: once(decoded, 'end'),
  }
}

describe('writeInBursts', () => {
  test('the chunks of one turn go out as one write and one flush; a later part is a burst of its own, sent at once', async () => {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const { url, counts } = await serve((res) =>
      writeInBursts(
        new ReadableStream({
          async start(controller) {
            for (const part of shell) controller.enqueue(encode(part))
            await released
            controller.enqueue(encode('<p>later</p>'))
            controller.close()
          },
        }),
        res,
      ),
    )
    const page = await open(url)
    expect(page.response.headers['content-encoding']).toBe('br')
    // The whole shell arrives decodable while the body is still open: it was flushed.
    await page.until('<p>199</p>')
    expect(counts).toEqual({ writes: 1, flushes: 1 })
    release()
    await page.ended
    expect(page.text()).toBe(`${shell.join('')}<p>later</p>`)
    expect(counts).toEqual({ writes: 2, flushes: 2 })
  })

  test('a visitor who goes away cancels the body', async () => {
    let cancelled: (reason: unknown) => void = () => {}
    const cancel = new Promise((resolve) => {
      cancelled = resolve
    })
    let written: Promise<void> | undefined
    const { url } = await serve((res) => {
      written = writeInBursts(
        new ReadableStream({
          start(controller) {
            controller.enqueue(encode('<p>first</p>'))
          },
          cancel: (reason) => cancelled(reason),
        }),
        res,
      )
      return written
    })
    const page = await open(url)
    await page.until('<p>first</p>')
    page.response.destroy()
    await cancel
    await expect(written).rejects.toThrow('The response closed before its body was written')
  })
})
