import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

// Tests that start the real production server (`node server.js`) need `npm run build` first;
// `npm test` builds before running them.
export const root = path.resolve(import.meta.dirname, '../..')

export function requireProductionBuild() {
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No production build: run `npm run build` before these tests (npm test does).')
  }
}

/** A port nobody listens on right now, so parallel runs never collide. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** `nodeArgs` go to node before the script, for flags NODE_OPTIONS refuses (`--cpu-prof`). */
export function startServer(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, 'server.js'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => ({ stdout, stderr }) }
}

export async function waitUntilReady(port: number, child: ChildProcess) {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('server did not become ready')
}

export type RunningShop = Awaited<ReturnType<typeof startShop>>

/**
 * A production server on a fresh data folder, ready to answer; `stop()` ends it (SIGTERM).
 * With `demo`, it seeds the demo shop and its accounts (`demoAccount('Admin')`).
 */
export async function startShop({
  demo = false,
  env = {},
  nodeArgs = [],
}: {
  demo?: boolean
  env?: Record<string, string>
  nodeArgs?: string[]
} = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'))
  const port = await freePort()
  const server = startServer({ DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: String(demo), ...env }, nodeArgs)
  try {
    await waitUntilReady(port, server.child)
  } catch (error) {
    server.child.kill('SIGTERM')
    throw error
  }
  return {
    ...server,
    port,
    base: `http://127.0.0.1:${port}`,
    /** The server's resident memory now, in bytes (Linux). */
    residentBytes() {
      const line = readFileSync(`/proc/${server.child.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
      return Number(line?.[1] ?? 0) * 1024
    },
    demoAccount(role: 'Admin' | 'customer') {
      const line = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
        .split('\n')
        .find((entry) => entry.startsWith(`${role}\t`))
      if (!line) throw new Error(`no demo ${role} in ${dataDir}`)
      const [, email, password] = line.split('\t')
      return { email, password }
    },
    async stop() {
      server.child.kill('SIGTERM')
      await server.exited
    },
  }
}

/** Signs in through the login form as a browser would; returns the Cookie header to send. */
export async function signIn(
  shop: Pick<RunningShop, 'base'>,
  account: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${shop.base}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: shop.base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'login', ...account }),
  })
  const session = response.headers.getSetCookie().find((cookie) => cookie.includes('session_token='))
  if (!session) throw new Error(`sign-in failed with ${response.status}`)
  return session.split(';')[0]
}
