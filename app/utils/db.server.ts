import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './db-schema.server.ts'
import { queryCounter } from './request-timing.server.ts'

export type Schema = typeof schema
/** The Drizzle client; the same type whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handed to module functions that write, so a workflow can share one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

type Listener = (payload: string) => void

/**
 * One open database: the Drizzle client plus what differs between the embedded and the real
 * server (LISTEN/NOTIFY, closing). PGlite is one connection in this process; node-postgres is a pool.
 */
export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onGap` is called when the
   * listening connection was lost and is back (PostgreSQL only): notifications sent in between are lost.
   */
  listen(channel: string, onPayload: Listener, onGap?: () => void): Promise<() => Promise<void>>
  notify(channel: string, payload: string): Promise<void>
  migrate(): Promise<void>
  close(): Promise<void>
  /** PGlite only: a compressed copy of the data directory, used as a template by tests. */
  dump?: () => Promise<Blob>
}

export type OpenDatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string | null; loadDataDir?: Blob | File }

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle')

const MIGRATION_LOCK_KEY = 7_260_301
const channelPattern = /^[a-z_][a-z0-9_]*$/

/**
 * Opens PostgreSQL when given a URL, otherwise the embedded PGlite database in `dataDir`
 * (`null` keeps it in memory).
 * @example const database = await openDatabase({ dataDir: './data/db' })
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return 'url' in options
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.loadDataDir)
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob | File): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  // pg_trgm must be loaded every time the data directory is opened, or trigram indexes fail.
  const client = await PGlite.create(dataDir ?? undefined, { extensions: { pg_trgm }, loadDataDir })
  const db = drizzlePglite(client, { schema, logger: queryCounter }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      assertChannel(channel)
      return client.listen(channel, onPayload)
    },
    async notify(channel, payload) {
      assertChannel(channel)
      await client.query('select pg_notify($1, $2)', [channel, payload])
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
    },
    async close() {
      if (!client.closed) await client.close()
    },
    async dump() {
      return client.dumpDataDir('gzip')
    },
  }
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  await pool.query('select 1')
  const db = drizzlePg(pool, { schema, logger: queryCounter }) as unknown as Db
  let listenClient: Promise<pg.Client> | null = null
  let closed = false
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null
  const listeners = new Map<string, Set<Listener>>()
  const gapWatchers = new Set<() => void>()

  // One connection holds every LISTEN. When it is lost (PostgreSQL restarted, a failover), it is
  // opened again with back-off and every channel listened to again, and the subscribers are told
  // that notifications may have been missed meanwhile, so they can drop what they kept.
  function connectListenClient(): Promise<pg.Client> {
    const connecting = (async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
      let gone = false
      const lost = () => {
        if (gone) return
        gone = true
        client.end().catch(() => {})
        if (listenClient === connecting) listenClient = null
        if (!closed && listeners.size > 0) scheduleReconnect(500)
      }
      client.on('error', lost)
      client.on('end', lost)
      client.on('notification', (message) => {
        for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '')
      })
      try {
        await client.connect()
        for (const channel of listeners.keys()) await client.query(`LISTEN ${channel}`)
      } catch (error) {
        lost()
        throw error
      }
      return client
    })()
    listenClient = connecting
    // A failed connection is handled by `lost`; callers waiting on it see the error themselves.
    connecting.catch(() => {})
    return connecting
  }

  function scheduleReconnect(delayMs: number) {
    if (reconnectTimer || closed) return
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null
      if (closed || listenClient) return
      connectListenClient().then(
        () => {
          for (const watcher of gapWatchers) watcher()
        },
        () => scheduleReconnect(Math.min(delayMs * 2, 5000)),
      )
    }, delayMs)
    reconnectTimer.unref()
  }

  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload, onGap) {
      assertChannel(channel)
      let set = listeners.get(channel)
      if (!set) {
        set = new Set()
        listeners.set(channel, set)
        // A new connection listens to every channel in `listeners` as it opens.
        const opening = listenClient === null
        const client = await (listenClient ?? connectListenClient())
        if (!opening) await client.query(`LISTEN ${channel}`)
      }
      set.add(onPayload)
      if (onGap) gapWatchers.add(onGap)
      return async () => {
        set.delete(onPayload)
        if (onGap) gapWatchers.delete(onGap)
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel)
          await (await listenClient?.catch(() => null))?.query(`UNLISTEN ${channel}`).catch(() => {})
        }
      }
    },
    async notify(channel, payload) {
      assertChannel(channel)
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    async migrate() {
      // Instances starting together take turns: the first applies the migrations, the rest find none left.
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
        client.release()
      }
    },
    async close() {
      closed = true
      if (reconnectTimer) clearTimeout(reconnectTimer)
      const client = await listenClient?.catch(() => null)
      listenClient = null
      await client?.end().catch(() => {})
      await pool.end()
    },
  }
}

function assertChannel(channel: string) {
  if (!channelPattern.test(channel)) throw new Error(`Invalid notification channel: ${channel}`)
}

/** Whether the database answers a trivial query; used by the readiness probe. */
export async function pingDatabase(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}

// One database per process, kept on globalThis so the dev server's module reloads reuse it
// (PGlite has no lock between two instances on one data directory).
const store = globalThis as typeof globalThis & { __shopDatabase?: Promise<Database> }

/** Registers the process-wide database; start-up calls this once. */
export function setDatabase(database: Promise<Database>) {
  store.__shopDatabase = database
}

/** The process-wide database. */
export async function getDatabase(): Promise<Database> {
  if (!store.__shopDatabase) throw new Error('The database has not been opened yet')
  return store.__shopDatabase
}

/** The process-wide Drizzle client, for module functions. */
export async function getDb(): Promise<Db> {
  return (await getDatabase()).db
}

/**
 * Runs a module's write in the caller's transaction when it passes one (a workflow sharing it),
 * otherwise in a transaction of its own, so the write's statements commit together either way.
 * @example return inTransaction(tx, async (db) => { await db.delete(guideSteps)…; return db.insert(guideSteps)… })
 */
export async function inTransaction<T, Outer extends DbOrTx>(
  tx: Outer | undefined,
  write: (db: Outer | Tx) => Promise<T>,
): Promise<T> {
  return tx ? write(tx) : (await getDb()).transaction(write)
}
