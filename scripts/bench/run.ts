// The shop's benchmark: starts the production build on the embedded database with the demo shop,
// measures every performance goal the shop has, prints each next to its goal with PASS or
// FALL SHORT, and writes BENCHMARKS.md. Usage: npm run build && npm run bench
// (`npm run bench -- --only js` measures one part, see chosenParts).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, type RunningShop, signIn, startShop } from '#tests/setup/server-process.ts'
import { startBareServer } from './bare-server.ts'
import { firstLoadJavaScript } from './first-load-javascript.ts'
import { LIGHTHOUSE_RUNS, type LighthouseResult, lighthouseFigures, runLighthouse } from './lighthouse.ts'
import { BROWSER_HEADERS, CONNECTIONS, fail, isBenchmarkError, type Load, measureLoad } from './load.ts'
import { profileSignedInRenders } from './profile.ts'
import { rawGet } from './raw-get.ts'
import {
  commit,
  type Figure,
  figuresTable,
  LOAD_TEST_HEADING,
  machine,
  markdownTable,
  replaceSection,
  verdict,
  whole,
} from './report.ts'
import {
  measureAtScale,
  REQUESTS_PER_PAGE,
  RUNS_PER_PAGE,
  SCALE_SIZES,
  scaleFigures,
  scaleTable,
  WARM_UP_REQUESTS,
} from './scale.ts'
import { measureServerTimes } from './server-times.ts'

const root = path.resolve(import.meta.dirname, '../..')
const CACHED_RATIO_GOAL = 0.5
const SIGNED_IN_P50_GOAL_MS = 15
const FIRST_LOAD_JS_GOAL_BYTES = 130_000

type Measured = { label: string; load: Load }

async function samplePaths(shop: RunningShop) {
  const html = await (await fetch(`${shop.base}/products`)).text()
  const productId = html.match(/href="\/products\/([0-9a-f-]{36})"/)?.[1]
  const imageKey = html.match(/\/images\/([^"?\s]+)\?w=/)?.[1]
  if (!productId) fail('no product link found on /products (is the demo data seeded?)')
  if (!imageKey) fail('no product image found on /products')
  return { productId, imageKey }
}

/** Cached anonymous pages against a bare node:http process serving the very same bytes. */
async function cachedAgainstBare(shop: RunningShop, paths: string[], folder: string) {
  const figures: Figure[] = []
  const rows: string[][] = []
  for (const pagePath of paths) {
    const url = `${shop.base}${pagePath}`
    await rawGet(url, BROWSER_HEADERS)
    const kept = await rawGet(url, BROWSER_HEADERS)
    if (kept.headers['x-page-cache'] !== 'hit') fail(`${pagePath} is not served from the page cache`)
    const bare = await startBareServer({
      body: kept.body,
      contentType: String(kept.headers['content-type']),
      encoding: String(kept.headers['content-encoding'] ?? 'identity'),
      port: await freePort(),
      folder,
    })
    let bareLoad: Load
    try {
      bareLoad = await measureLoad(bare.url, BROWSER_HEADERS)
    } finally {
      await bare.stop()
    }
    const shopLoad = await measureLoad(url, BROWSER_HEADERS)
    const ratio = shopLoad.requestsPerSecond / bareLoad.requestsPerSecond
    const failures = shopLoad.errors + shopLoad.non2xx
    rows.push([
      `\`${pagePath === '/' ? '/' : pagePath.replace(/[0-9a-f-]{36}/, '<id>')}\``,
      String(kept.headers['content-encoding']),
      whole(kept.body.length),
      whole(shopLoad.requestsPerSecond),
      whole(bareLoad.requestsPerSecond),
      ratio.toFixed(2),
      String(shopLoad.p50),
      String(shopLoad.p99),
      String(failures),
    ])
    figures.push({
      what: `cached ${pagePath.replace(/[0-9a-f-]{36}/, '<id>')}: share of bare node:http, failed requests`,
      value: `${ratio.toFixed(2)}, ${failures}`,
      goal: `≥ ${CACHED_RATIO_GOAL}, 0`,
      verdict: verdict(ratio >= CACHED_RATIO_GOAL && failures === 0),
    })
    console.info(
      `${pagePath}: ${whole(shopLoad.requestsPerSecond)} req/s, bare ${whole(bareLoad.requestsPerSecond)} (${ratio.toFixed(2)})`,
    )
  }
  const table = markdownTable(
    ['Page', 'Encoding', 'Bytes', 'Shop req/s', 'Bare req/s', 'Share', 'Shop p50 (ms)', 'Shop p99 (ms)', 'Failed'],
    rows,
  )
  return { figures, table }
}

/** Pages rendered afresh for a signed-in customer or admin: no page cache, every loader runs. */
async function signedInRenders(shop: RunningShop, targets: { label: string; path: string; cookie: string }[]) {
  const figures: Figure[] = []
  const rows: string[][] = []
  for (const target of targets) {
    const headers = { ...BROWSER_HEADERS, cookie: target.cookie }
    const times = await measureServerTimes(`${shop.base}${target.path}`, headers)
    const load = await measureLoad(`${shop.base}${target.path}`, headers, 10)
    if (load.non2xx > 0) fail(`${target.path} as ${target.label} answered other than 200`)
    rows.push([
      `\`${target.path}\` (${target.label})`,
      times.p50.toFixed(1),
      times.p95.toFixed(1),
      String(times.queries),
      whole(load.requestsPerSecond),
      String(load.p50),
      String(load.errors + load.non2xx),
    ])
    figures.push({
      what: `signed-in ${target.path} (${target.label}): p50 server time`,
      value: `${times.p50.toFixed(1)} ms (${whole(load.requestsPerSecond)} req/s at 10 clients)`,
      goal: `≤ ${SIGNED_IN_P50_GOAL_MS} ms`,
      verdict: verdict(times.p50 <= SIGNED_IN_P50_GOAL_MS),
    })
    console.info(
      `${target.path} as ${target.label}: p50 ${times.p50.toFixed(1)} ms, ${times.queries} queries, ${whole(load.requestsPerSecond)} req/s`,
    )
  }
  const table = markdownTable(
    ['Page', 'Server p50 (ms)', 'Server p95 (ms)', 'SQL queries', 'Req/s (10 clients)', 'p50 at 10 (ms)', 'Failed'],
    rows,
  )
  return { figures, table }
}

async function javascriptBudget(shop: RunningShop, paths: string[]) {
  const figures: Figure[] = []
  for (const pagePath of paths) {
    const weight = await firstLoadJavaScript(shop.base, pagePath)
    figures.push({
      what: `first-load JavaScript of ${pagePath.replace(/[0-9a-f-]{36}/, '<id>')} (gzipped, ${weight.files} files)`,
      value: `${(weight.gzippedBytes / 1000).toFixed(1)} KB`,
      goal: `≤ ${FIRST_LOAD_JS_GOAL_BYTES / 1000} KB`,
      verdict: verdict(weight.gzippedBytes <= FIRST_LOAD_JS_GOAL_BYTES),
    })
    const largest = weight.modules.toSorted((a, b) => b.gzippedBytes - a.gzippedBytes).slice(0, 8)
    console.info(
      `${pagePath}: ${(weight.gzippedBytes / 1000).toFixed(1)} KB in ${weight.files} files; largest: ${largest
        .map((module) => `${module.url.replace(/^.*\//, '')} ${(module.gzippedBytes / 1000).toFixed(1)}`)
        .join(', ')}`,
    )
  }
  return figures
}

async function otherPaths(shop: RunningShop, paths: { label: string; path: string }[]) {
  const measured: Measured[] = []
  for (const target of paths) {
    measured.push({ label: target.label, load: await measureLoad(`${shop.base}${target.path}`, BROWSER_HEADERS) })
  }
  return measured
}

function loadTable(measured: Measured[]) {
  return markdownTable(
    ['Path', 'Requests/s', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'Non-2xx', 'Errors'],
    measured.map(({ label, load }) => [
      `\`${label}\``,
      whole(load.requestsPerSecond),
      ...[load.p50, load.p95, load.p99, load.non2xx, load.errors].map(String),
    ]),
  )
}

const PARTS = ['cached', 'signed-in', 'js', 'others', 'lighthouse'] as const
type Part = (typeof PARTS)[number]

/**
 * `--only js,lighthouse` measures just those parts and prints them; BENCHMARKS.md is written only
 * by a whole run, so it never holds a partial picture.
 */
function chosenParts(args: string[]): Set<Part> {
  const at = args.findIndex((arg) => arg === '--only' || arg.startsWith('--only='))
  if (at === -1) return new Set(PARTS)
  const value = args[at].includes('=') ? args[at].slice('--only='.length) : args[at + 1]
  const names = (value ?? '').split(',').filter(Boolean)
  const unknown = names.filter((name) => !PARTS.includes(name as Part))
  if (names.length === 0 || unknown.length > 0) fail(`--only takes a comma-separated list of: ${PARTS.join(', ')}`)
  return new Set(names as Part[])
}

async function main() {
  const parts = chosenParts(process.argv.slice(2))
  const complete = parts.size === PARTS.length
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    fail('no production build found (build/server/index.js): run `npm run build` first.')
  }
  const startedAt = new Date()
  // Other work on the machine takes CPU from the server and lowers every number.
  const [load] = os.loadavg()
  if (load > os.cpus().length / 2) {
    console.warn(`The machine is busy (load average ${load.toFixed(2)}); expect lower numbers than on an idle machine.`)
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  console.info('Starting the production server with the demo shop…')
  const shop = await startShop({ demo: true, env: { LOG_LEVEL: 'warn', SERVER_TIMING: 'true' } })
  try {
    const { productId, imageKey } = await samplePaths(shop)
    const cached = parts.has('cached')
      ? await cachedAgainstBare(shop, ['/', '/products', `/products/${productId}`], folder)
      : { figures: [], table: '' }
    let signedIn = { figures: [] as Figure[], table: '' }
    if (parts.has('signed-in')) {
      const customer = await signIn(shop, shop.demoAccount('customer'))
      const admin = await signIn(shop, shop.demoAccount('Admin'))
      signedIn = await signedInRenders(shop, [
        { label: 'customer', path: '/products', cookie: customer },
        { label: 'customer', path: '/account', cookie: customer },
        { label: 'admin', path: '/admin/orders', cookie: admin },
      ])
    }
    const javascript = parts.has('js')
      ? await javascriptBudget(shop, [
          '/',
          '/products',
          `/products/${productId}`,
          '/guides',
          '/cart',
          '/services',
          '/contact',
        ])
      : []
    const others = parts.has('others')
      ? await otherPaths(shop, [
          { label: '/search?q=mount', path: '/search?q=mount' },
          { label: '/resources/search-suggestions?q=mo', path: '/resources/search-suggestions?q=mo' },
          { label: '/images/<key>?w=640', path: `/images/${imageKey}?w=640` },
          { label: '/healthz', path: '/healthz' },
        ])
      : []
    let lighthouse: LighthouseResult[] = []
    if (parts.has('lighthouse')) {
      console.info('Lighthouse (mobile, default throttling)…')
      lighthouse = await runLighthouse(shop.base, ['/', '/products', `/products/${productId}`, '/guides', '/cart'])
    }
    const figures = [...cached.figures, ...signedIn.figures, ...javascript, ...lighthouseFigures(lighthouse)]
    const summary = figuresTable(figures)
    console.info(`\n${summary}\n`)
    if (!complete) {
      if (lighthouse.length > 0) console.info(`Audits that lost points:\n${lighthouseNotes(lighthouse)}`)
      console.info('Only part of the benchmark ran (--only); BENCHMARKS.md is left as it was.')
      return
    }
    writeBenchmarks(
      report({
        startedAt,
        load,
        summary,
        lighthouse: lighthouseNotes(lighthouse),
        cached: cached.table,
        signedIn: signedIn.table,
        others: loadTable(others),
        productId,
        imageKey,
      }),
      keptScaleSection(),
    )
    console.info('Written to BENCHMARKS.md')
  } finally {
    await shop.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The audits that cost each page points: the list to work from. */
function lighthouseNotes(results: LighthouseResult[]) {
  return results
    .map((result) => {
      const page = result.path.replace(/[0-9a-f-]{36}/, '<id>')
      const audits = result.failing.length > 0 ? result.failing.map((audit) => `  - ${audit}`).join('\n') : '  - none'
      return `- \`${page}\`:\n${audits}`
    })
    .join('\n')
}

function report(parts: {
  startedAt: Date
  load: number
  summary: string
  lighthouse: string
  cached: string
  signedIn: string
  others: string
  productId: string
  imageKey: string
}) {
  return `# Benchmarks

Generated by \`npm run bench\` (scripts/bench/); rerun it to refresh this file.

- **Date:** ${parts.startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}
- **Commit:** ${commit(root)}
- **Machine:** ${machine()}; load average ${parts.load.toFixed(2)} when the run started
- **Database:** embedded PGlite, demo data (a fresh \`DATA_DIR\` per run)
- **Server:** \`node server.js\`, production build, \`NODE_ENV=production\`, \`LOG_LEVEL=warn\`
- **Load:** autocannon on the same machine, ${CONNECTIONS} connections (10 for signed-in pages), 10 s per path after a 1 s warm-up, no pipelining, \`accept-encoding: br, gzip\` as a browser sends
- **Paths:** \`<id>\` is the first product on /products (\`${parts.productId}\`), \`<key>\` its first image (\`${parts.imageKey}\`)

## Goals

${parts.summary}

## Cached pages against a bare node:http server

A page a visitor who is not signed in gets comes from the page cache as stored bytes
(docs/decisions/028-stored-pages.md). Each row measures the shop, then a bare \`node:http\` process
that answers every request with the very bytes the shop sent (same encoding), one after the other in
this run; "Share" is the shop's requests per second over the bare server's.

${parts.cached}

## Signed-in pages

Rendered afresh on every request, as a signed-in customer or admin gets them (the demo accounts,
signed in through the login form): every loader reads the database. The server's time and its SQL
statements come from the Server-Timing header it sends with \`SERVER_TIMING=true\` (100 requests
one after the other); ten clients at once measure how many pages it renders per second.

${parts.signedIn}

## Lighthouse audits that lost points

Lighthouse 12 in Debian's Chromium, mobile form factor with its default simulated throttling (slow
4G, 4× CPU slowdown), against the cached pages; each figure is the median of ${LIGHTHOUSE_RUNS} runs after one
unrecorded visit (Lighthouse's \`computeMedianRun\`); audits scoring under 0.9:

${parts.lighthouse}

## Other paths

${parts.others}

The load generator runs on the same machine as the server, so both share the CPU. Compare runs on one
machine only.

## How to run

\`\`\`sh
npm run build && npm run bench
\`\`\`

The script starts its own server on a free port with a temporary data folder, so it does not touch
\`./data\` or a running shop; the whole run takes about six minutes.
`
}

const benchmarksFile = path.join(root, 'BENCHMARKS.md')
const SCALE_HEADING = '## At scale'

/**
 * The sections of BENCHMARKS.md that other commands measure (`--scale`, `npm run loadtest`), at
 * the file's end: kept by a normal run.
 */
function keptScaleSection() {
  if (!existsSync(benchmarksFile)) return ''
  const text = readFileSync(benchmarksFile, 'utf8')
  const starts = [SCALE_HEADING, LOAD_TEST_HEADING]
    .map((heading) => text.indexOf(`\n${heading}\n`))
    .filter((at) => at !== -1)
  return starts.length === 0 ? '' : text.slice(Math.min(...starts) + 1)
}

function writeBenchmarks(main: string, scaleSection: string) {
  writeFileSync(benchmarksFile, scaleSection ? `${main.trimEnd()}\n\n${scaleSection.trimEnd()}\n` : main)
}

/** `--scale`: only the at-scale figures, written into their own section of BENCHMARKS.md. */
async function scaleMain() {
  const startedAt = new Date()
  const [load] = os.loadavg()
  const { rows, deepPages } = await measureAtScale()
  const summary = figuresTable(scaleFigures(rows))
  console.info(`\n${summary}\n`)
  const section = `${SCALE_HEADING}

Generated by \`npm run bench -- --scale\` on ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}, commit ${commit(root)},
${machine()}; load average ${load.toFixed(2)} when the run started.

PostgreSQL (${SCALE_SIZES.map((size) => size.toLocaleString('en-US')).join(' and ')} products, made by
\`npm run seed:scale\`; each shop kept in its own database). Every page is rendered for the seed's
signed-in customer or admin, so no page cache answers; times are the server's own (Server-Timing,
milliseconds, ${REQUESTS_PER_PAGE} requests one after the other after ${WARM_UP_REQUESTS} to warm up, in ${RUNS_PER_PAGE} runs over all the
pages, so a burst of other work on the machine is shared by the pages it meets), SQL is the most statements one request sent. The
deep product page is page ${deepPages.large} of the large shop and the last full page (${deepPages.small}) of
the small one. Goal: p95 ≤ 25 ms and ≤ 5 queries at 100,000 products, and flat (a median at most 1.5× the
small shop's, or 3 ms more: whether the cost grows with the data, which a p95 of one run reads
less surely).

${scaleTable(rows)}
`
  const existing = existsSync(benchmarksFile) ? readFileSync(benchmarksFile, 'utf8') : '# Benchmarks\n'
  writeFileSync(benchmarksFile, replaceSection(existing, SCALE_HEADING, section))
  console.info('Written to BENCHMARKS.md (section "At scale")')
}

try {
  if (process.argv.includes('--profile')) await profileSignedInRenders()
  else await (process.argv.includes('--scale') ? scaleMain() : main())
} catch (error) {
  if (!isBenchmarkError(error)) throw error
  console.error(`Benchmark failed: ${(error as Error).message}`)
  process.exitCode = 1
}
