// `npm run bench -- --profile`: where a signed-in render spends its time. Starts the production
// server on the demo shop under `node --cpu-prof`, renders /products, /account and /admin/orders
// for the signed-in demo customer and admin, and prints the functions with the most time of their
// own, grouped by package. The .cpuprofile file stays in data/profiles/ for Chrome DevTools.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { root, signIn, startShop } from '#tests/setup/server-process.ts'
import { fail } from './load.ts'

const RENDERS_PER_PAGE = 200

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** Where a script lives, short: a package's name, or the shop's own file. */
export function placeOf(url: string) {
  if (!url) return '(native)'
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (inPackage) return inPackage[1]
  if (url.startsWith('node:')) return 'node'
  return url.includes('/build/server/') ? 'shop (server build)' : path.relative(root, url.replace('file://', ''))
}

/** Self time per function and per place, in milliseconds, most first. */
export function selfTimes(profile: CpuProfile) {
  const byNode = new Map<number, number>()
  profile.samples.forEach((nodeId, index) => {
    byNode.set(nodeId, (byNode.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000)
  })
  const functions = new Map<string, number>()
  const places = new Map<string, number>()
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0
    if (!ms) continue
    const place = placeOf(node.callFrame.url)
    const name = `${node.callFrame.functionName || '(anonymous)'} ${place}:${node.callFrame.lineNumber + 1}`
    functions.set(name, (functions.get(name) ?? 0) + ms)
    places.set(place, (places.get(place) ?? 0) + ms)
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1])
  return { functions: sorted(functions), places: sorted(places) }
}

function demoAccount(dataDir: string, role: 'Admin' | 'customer') {
  const line = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${role}\t`))
  if (!line) fail(`no demo ${role} in ${dataDir}`)
  const [, email, password] = line.split('\t')
  return { email, password }
}

export async function profileSignedInRenders() {
  const folder = path.join(root, 'data/profiles')
  mkdirSync(folder, { recursive: true })
  const before = new Set(readdirSync(folder))
  // Seeded by a first server, so the profiled one spends no time on the demo shop's seed.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-profile-'))
  const seeding = await startShop({ demo: true, env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } })
  await seeding.stop()
  const shop = await startShop({
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${folder}`],
  })
  try {
    const customer = await signIn(shop, demoAccount(dataDir, 'customer'))
    const admin = await signIn(shop, demoAccount(dataDir, 'Admin'))
    for (const [page, cookie] of [
      ['/products', customer],
      ['/account', customer],
      ['/admin/orders', admin],
    ] as const) {
      for (let i = 0; i < RENDERS_PER_PAGE; i++) {
        const response = await fetch(`${shop.base}${page}`, { headers: { cookie, 'accept-encoding': 'br, gzip' } })
        await response.arrayBuffer()
        if (!response.ok) fail(`${page} answered ${response.status}`)
      }
    }
  } finally {
    // The profile is written when the process exits after SIGTERM.
    await shop.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const written = readdirSync(folder).filter((name) => name.endsWith('.cpuprofile') && !before.has(name))
  if (written.length === 0) fail('the server wrote no .cpuprofile')
  const file = path.join(folder, written.sort().at(-1) as string)
  const { functions, places } = selfTimes(JSON.parse(readFileSync(file, 'utf8')))
  const line = ([name, ms]: [string, number]) => `  ${ms.toFixed(0).padStart(7)} ms  ${name}`
  console.info(`Profile of ${RENDERS_PER_PAGE} renders each of /products, /account and /admin/orders: ${file}`)
  console.info(`\nSelf time by place:\n${places.slice(0, 15).map(line).join('\n')}`)
  console.info(`\nSelf time by function:\n${functions.slice(0, 30).map(line).join('\n')}`)
}
