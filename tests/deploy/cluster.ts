import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type Database, openDatabase } from '#app/utils/db.server.ts'
import { root, startServer, waitUntilReady } from '#tests/setup/server-process.ts'

/**
 * The shop as deploy/haproxy.cfg documents it, on this machine's loopback: a new PostgreSQL
 * database, two production instances on it (what `npm run serve` runs: `node server.js`) sharing
 * one uploads folder, and Debian's haproxy in front with the example configuration, its `bind` and
 * `server` lines pointed at them. `stop()` ends every process and drops the database.
 *
 * DEPLOY_POSTGRES_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres);
 * DEPLOY_PORTS the balancer's port and the instances' (default 5305,5350,5351).
 */
export type Cluster = Awaited<ReturnType<typeof startCluster>>
export type Instance = Cluster['instances'][number]

const HAPROXY = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy'

export async function startCluster({
  env = {},
  serverUrl = process.env.DEPLOY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
}: {
  env?: Record<string, string>
  /** The PostgreSQL server to make the shop's database on (a private one: tests/deploy/private-postgres.ts). */
  serverUrl?: string
} = {}) {
  const [balancerPort, ...instancePorts] = (process.env.DEPLOY_PORTS ?? '5305,5350,5351').split(',').map(Number)
  const name = `shop_deploy_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`).finally(() => admin.end())
  const databaseUrl = withDatabase(serverUrl, name)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-deploy-'))
  const balancer = `http://127.0.0.1:${balancerPort}`
  const shared = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: balancer,
    // haproxy connects from 127.0.0.1; the test's clients come from other loopback addresses, so
    // trusting only the balancer's address is what a real deployment does.
    TRUST_PROXY: '127.0.0.1',
    // One uploads folder for both instances, as a shared disk would be.
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'info',
    ...env,
  }

  const processes: ChildProcess[] = []
  let database: Database | null = null
  const stop = async () => {
    await Promise.all(
      processes.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }),
    )
    try {
      await database?.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`).finally(() => dropper.end())
    } finally {
      // Even when the database server is gone (a fault test that failed half-way).
      rmSync(dataDir, { recursive: true, force: true })
    }
  }

  try {
    const startInstance = async (port: number, label: string) => {
      const server = startServer({ ...shared, PORT: String(port) })
      processes.push(server.child)
      await waitUntilReady(port, server.child)
      return { label, port, base: `http://127.0.0.1:${port}`, ...server }
    }
    // The first instance migrates and seeds the demo shop; the second then finds both done (start-up
    // takes the migration lock; the demo seed runs only on an empty database, so not at once).
    const a = await startInstance(instancePorts[0], 'A')
    const b = await startInstance(instancePorts[1], 'B')
    const instances = [a, b]

    const config = balancerConfig(balancerPort, instances)
    const configFile = path.join(dataDir, 'haproxy.cfg')
    writeFileSync(configFile, config)
    const haproxy = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] })
    processes.push(haproxy)
    let haproxyLog = ''
    haproxy.stdout?.on('data', (chunk) => {
      haproxyLog += chunk
    })
    haproxy.stderr?.on('data', (chunk) => {
      haproxyLog += chunk
    })
    await waitUntilReady(balancerPort, haproxy).catch((error) => {
      throw new Error(`haproxy did not start (${error.message}):\n${haproxyLog}`)
    })
    database = await openDatabase({ url: databaseUrl, poolSize: 2 })

    return {
      balancer,
      instances,
      a,
      b,
      dataDir,
      databaseUrl,
      /** The cluster's database, for setting up records and reading what the shop wrote. */
      db: database.db,
      haproxyLog: () => haproxyLog,
      demoAccount(role: 'Admin' | 'customer') {
        const line = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
          .split('\n')
          .find((entry) => entry.startsWith(`${role}\t`))
        if (!line) throw new Error(`no demo ${role} in ${dataDir}`)
        const [, email, password] = line.split('\t')
        return { email, password }
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * deploy/haproxy.cfg as kept in the repository, listening on `port` on loopback and balancing over
 * `instances`: its `bind` lines become one, its `server` lines the instances'.
 */
export function balancerConfig(port: number, instances: { port: number; label: string }[]): string {
  const template = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8')
  const lines = template.split('\n')
  const firstServer = lines.findIndex((line) => /^\s*server\s/.test(line))
  if (firstServer === -1 || !lines.some((line) => /^\s*bind\s/.test(line))) {
    throw new Error('deploy/haproxy.cfg has no bind or server line to point at the test instances')
  }
  const servers = instances.map((instance) => `    server shop${instance.label} 127.0.0.1:${instance.port} check`)
  let bound = false
  return lines
    .flatMap((line, index) => {
      if (index === firstServer) return servers
      if (/^\s*server\s/.test(line)) return []
      if (/^\s*bind\s/.test(line)) {
        if (bound) return []
        bound = true
        return [`    bind 127.0.0.1:${port}`]
      }
      return [line]
    })
    .join('\n')
}

function withDatabase(url: string, name: string) {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/**
 * One HTTP request from a chosen loopback address (`from`, default 127.0.0.1), as a visitor on
 * another machine would reach the balancer. Node's fetch cannot pick its source address.
 */
export function send(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    from,
  }: { method?: string; headers?: Record<string, string>; body?: string | Buffer; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, localAddress: from, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
