// Load-tests the production build: starts `node server.js` on the embedded database with the demo
// shop, runs autocannon against the pages visitors hit most, and writes BENCHMARKS.md.
// Usage: npm run build && npm run bench
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Result } from 'autocannon'

const root = path.resolve(import.meta.dirname, '..')
const CONNECTIONS = 20
const DURATION_SECONDS = 10
const WARM_UP_SECONDS = 1
// What a browser sends: the server compresses pages, and that work belongs in the numbers.
const headers = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json,*/*' }

/** `uncached` sends a shop cookie, so the server renders the page afresh instead of serving its copy. */
type Target = { label: string; path: string; uncached?: boolean }

// Any `layerworks.*` cookie makes a request personal to the page cache (server/page-cache.ts); this
// one names no session, so the page renders as for a visitor, from the database, every time.
const uncachedHeaders = { ...headers, cookie: 'layerworks.bench=uncached' }

type Row = {
  label: string
  requestsPerSecond: number
  p50: number
  p97_5: number
  p99: number
  non2xx: number
  errors: number
  /** Why requests failed, by error code (connection refused, reset, timeout…). */
  errorCodes: Record<string, number>
}

// Thrown rather than exiting at once, so the server is stopped and its data folder removed first.
class BenchmarkError extends Error {}

function fail(message: string): never {
  throw new BenchmarkError(message)
}

async function loadAutocannon() {
  try {
    return (await import('autocannon')).default
  } catch {
    return fail('autocannon is not installed: run `npm install` (it is a devDependency).')
  }
}

function isPortFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

async function findFreePort(from: number) {
  for (let port = from; port < from + 100; port++) if (await isPortFree(port)) return port
  return fail(`no free port between ${from} and ${from + 99}`)
}

function startServer(port: number, dataDir: string) {
  // Only what the server needs: a DATABASE_URL or S3_* from the caller's shell must not leak in,
  // the numbers are for the embedded database.
  const child = spawn(process.execPath, ['server.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

async function waitUntilReady(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the server exited with code ${child.exitCode}:\n${output()}`)
    try {
      if ((await fetch(`${base}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  fail(`the server was not ready within 90 s:\n${output()}`)
}

async function stopServer(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

async function discoverTargets(base: string) {
  const html = await (await fetch(`${base}/products`)).text()
  const productId = html.match(/href="\/products\/([0-9a-f-]{36})"/)?.[1]
  const imageKey = html.match(/\/images\/([^"?\s]+)\?w=/)?.[1]
  if (!productId) fail('no product link found on /products (is the demo data seeded?)')
  if (!imageKey) fail('no product image found on /products')
  const targets: Target[] = [
    { label: '/', path: '/' },
    { label: '/products', path: '/products' },
    { label: '/products/<id>', path: `/products/${productId}` },
    { label: '/ (uncached)', path: '/', uncached: true },
    { label: '/products (uncached)', path: '/products', uncached: true },
    { label: '/products/<id> (uncached)', path: `/products/${productId}`, uncached: true },
    { label: '/search?q=mount', path: '/search?q=mount' },
    { label: '/resources/search-suggestions?q=mo', path: '/resources/search-suggestions?q=mo' },
    { label: '/images/<key>?w=640', path: `/images/${imageKey}?w=640` },
    { label: '/healthz', path: '/healthz' },
  ]
  return { targets, productId, imageKey }
}

function toRow(target: Target, result: Result, errorCodes: Record<string, number>): Row {
  return {
    label: target.label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    errorCodes,
  }
}

// Columns padded as Biome formats Markdown, so the generated file passes `npm run lint` as is.
function markdownTable(rows: Row[]) {
  const header = ['Path', 'Requests/s (avg)', 'Latency p50 (ms)', 'p97.5 (ms)', 'p99 (ms)', 'Non-2xx', 'Errors']
  const body = rows.map((row) => [
    `\`${row.label}\``,
    Math.round(row.requestsPerSecond).toLocaleString('en-US'),
    ...[row.p50, row.p97_5, row.p99, row.non2xx, row.errors].map(String),
  ])
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column].length)))
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]))).join(' | ')} |`
  const rule = `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`
  return [line(header), rule, ...body.map(line)].join('\n')
}

function machine() {
  const cpus = os.cpus()
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(1)
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${memoryGiB} GiB RAM, ${os.type()} ${os.release()}, Node.js ${process.version}`
}

function errorNotes(rows: Row[]) {
  const failing = rows.filter((row) => row.errors > 0)
  if (failing.length === 0) return ''
  const causes = failing.map(
    (row) =>
      `- \`${row.label}\`: ${
        Object.entries(row.errorCodes)
          .map(([code, count]) => `${code} ×${count}`)
          .join(', ') || 'timeouts'
      }`,
  )
  return `\nRequests that failed without an HTTP answer:\n\n${causes.join('\n')}\n`
}

function report(rows: Row[], startedAt: Date, load: number, sample: { productId: string; imageKey: string }) {
  return `# Benchmarks

Generated by \`npm run bench\` (scripts/bench.ts); rerun it to refresh this file.

- **Date:** ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}
- **Machine:** ${machine()}; load average ${load.toFixed(2)} when the run started
- **Database:** embedded PGlite, demo data (a fresh \`DATA_DIR\` per run)
- **Server:** \`node server.js\`, production build, \`NODE_ENV=production\`, \`LOG_LEVEL=warn\`
- **Paths:** \`<id>\` is the first product on /products (\`${sample.productId}\`), \`<key>\` its first
  image (\`${sample.imageKey}\`; after the first request the WebP comes from the in-process cache)
- **Load:** autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per path after a ${WARM_UP_SECONDS} s warm-up, no pipelining, \`accept-encoding: gzip, deflate, br\` as a browser sends

${markdownTable(rows)}
${errorNotes(rows)}
Pages without "(uncached)" are what a visitor who is not signed in gets: the server's copy of the page
(docs/decisions/009-public-page-cache.md). "(uncached)" rows send a shop cookie, so every request
reads the database and renders the page, as for a signed-in customer.

The load generator runs on the same machine as the server, so both share the CPU. Compare runs on one
machine only.

## How to run

\`\`\`sh
npm run build && npm run bench
\`\`\`

The script starts its own server on a free port from 3300 with a temporary data folder, so it does
not touch \`./data\` or a running shop; the whole run takes about three minutes.
`
}

async function main() {
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    fail('no production build found (build/server/index.js): run `npm run build` first.')
  }
  const autocannon = await loadAutocannon()
  const startedAt = new Date()
  // Other work on the machine takes CPU from the server and lowers every number.
  const [load] = os.loadavg()
  if (load > os.cpus().length / 2) {
    console.warn(`The machine is busy (load average ${load.toFixed(2)}); expect lower numbers than on an idle machine.`)
  }
  const port = await findFreePort(3300)
  const base = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  const server = startServer(port, dataDir)
  const interrupt = () => {
    void stopServer(server.child, server.exited).then(() => {
      rmSync(dataDir, { recursive: true, force: true })
      process.exit(130)
    })
  }
  process.once('SIGINT', interrupt)
  try {
    console.info(`Starting the production server on ${base} (demo data in ${dataDir})…`)
    await waitUntilReady(base, server.child, server.output)
    const { targets, ...sample } = await discoverTargets(base)
    const rows: Row[] = []
    for (const target of targets) {
      const url = `${base}${target.path}`
      const sent = target.uncached ? uncachedHeaders : headers
      const check = await fetch(url, { headers: sent })
      await check.arrayBuffer()
      if (!check.ok) fail(`${target.path} answered ${check.status}`)
      if (target.uncached && check.headers.has('x-page-cache')) fail(`${target.path} came from the page cache`)
      await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers: sent })
      const errorCodes: Record<string, number> = {}
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers: sent }).on(
        'reqError',
        (error) => {
          const code = error.code ?? error.message
          errorCodes[code] = (errorCodes[code] ?? 0) + 1
        },
      )
      if (server.child.exitCode !== null) {
        fail(`the server exited with code ${server.child.exitCode} during ${target.path}:\n${server.output()}`)
      }
      const row = toRow(target, result, errorCodes)
      rows.push(row)
      console.info(`${target.path}: ${Math.round(row.requestsPerSecond)} req/s, p99 ${row.p99} ms`)
    }
    await stopServer(server.child, server.exited)
    writeFileSync(path.join(root, 'BENCHMARKS.md'), report(rows, startedAt, load, sample))
    console.info(`\n${markdownTable(rows)}\n${errorNotes(rows)}\nWritten to BENCHMARKS.md`)
  } finally {
    process.off('SIGINT', interrupt)
    await stopServer(server.child, server.exited)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

try {
  await main()
} catch (error) {
  if (!(error instanceof BenchmarkError)) throw error
  console.error(`Benchmark failed: ${error.message}`)
  process.exitCode = 1
}
