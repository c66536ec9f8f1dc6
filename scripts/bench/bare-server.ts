import { type ChildProcess, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fail } from './load.ts'

// The yardstick: a Node.js process that does nothing but answer every request with the same bytes.
const SERVER = `
const http = require('node:http')
const fs = require('node:fs')
const [file, type, encoding, port] = process.argv.slice(1)
const body = fs.readFileSync(file)
const headers = { 'content-type': type, 'content-encoding': encoding, 'content-length': body.length }
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body) }).listen(Number(port), '127.0.0.1', () => process.send('ready'))
`

export type BareServer = { url: string; stop: () => Promise<void> }

/**
 * A bare `node:http` process on `port` serving `body` (already compressed as `encoding`), in a
 * process of its own as the shop is, so both share the machine alike.
 */
export async function startBareServer({
  body,
  contentType,
  encoding,
  port,
  folder,
}: {
  body: Buffer
  contentType: string
  encoding: string
  port: number
  folder: string
}): Promise<BareServer> {
  const file = path.join(folder, `bare-${port}.bin`)
  writeFileSync(file, body)
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER, file, contentType, encoding, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await Promise.race([
    new Promise<void>((resolve) => child.once('message', () => resolve())),
    exited.then(() => fail('the bare node:http server did not start')),
  ])
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}
