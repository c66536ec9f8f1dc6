import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { z } from 'zod'
import { openDatabase } from '#app/utils/db.server.ts'

const run = promisify(execFile)

/**
 * What a backup and a restore act on, read from the shop's own variables: the PostgreSQL server
 * in DATABASE_URL, or the embedded database in DATA_DIR/db; uploads in DATA_DIR/uploads unless
 * object storage (S3_BUCKET) holds them. Only these are read, so a backup never writes anything
 * into DATA_DIR (the full start-up check would create a session secret there).
 */
const BackupEnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  S3_BUCKET: z.string().optional(),
})

export type BackupEnv = { databaseUrl?: string; dataDir: string; objectStorage: boolean }

export class BackupError extends Error {
  name = 'BackupError'
}

export function readBackupEnv(source: NodeJS.ProcessEnv = process.env): BackupEnv {
  const parsed = BackupEnvSchema.safeParse(source)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new BackupError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`)
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL || undefined,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    objectStorage: Boolean(parsed.data.S3_BUCKET),
  }
}

/** What a backup folder holds, written beside the files as `manifest.json`. */
const ManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['postgres', 'pglite']),
  /** The database file in the folder: a pg_dump custom-format archive or PGlite's data-directory tarball. */
  databaseFile: z.string(),
  /** `uploads.tar.gz`, or null when the shop had no local uploads (or keeps them in object storage). */
  uploadsFile: z.string().nullable(),
  objectStorage: z.boolean(),
})
export type Manifest = z.infer<typeof ManifestSchema>

const POSTGRES_FILE = 'database.pgdump'
const PGLITE_FILE = 'database.tar.gz'
const UPLOADS_FILE = 'uploads.tar.gz'

/**
 * Backs the shop up into a new folder under `into`: the database (pg_dump's custom format for
 * PostgreSQL, PGlite's own data-directory dump for the embedded one), the uploaded files as a
 * tarball when they are on local disk, and a manifest. Returns the folder.
 */
export async function backupShop(env: BackupEnv, into: string, now = new Date()): Promise<string> {
  const folder = path.resolve(into, `shop-backup-${now.toISOString().replace(/[:.]/g, '-')}`)
  await mkdir(folder, { recursive: true })
  const database = env.databaseUrl ? 'postgres' : 'pglite'
  const databaseFile = database === 'postgres' ? POSTGRES_FILE : PGLITE_FILE
  if (env.databaseUrl) await dumpPostgres(env.databaseUrl, path.join(folder, databaseFile))
  else await dumpPglite(embeddedDir(env), path.join(folder, databaseFile))

  const uploads = uploadsDir(env)
  let uploadsFile: string | null = null
  if (!env.objectStorage && existsSync(uploads)) {
    await tar(['-czf', path.join(folder, UPLOADS_FILE), '-C', uploads, '.'])
    uploadsFile = UPLOADS_FILE
  }
  const manifest: Manifest = {
    format: 1,
    createdAt: now.toISOString(),
    database,
    databaseFile,
    uploadsFile,
    objectStorage: env.objectStorage,
  }
  await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return folder
}

/**
 * Restores a backup folder into a fresh database and data folder: the PostgreSQL database in
 * DATABASE_URL (created when it does not exist, refused when it holds any table) or the embedded
 * one in DATA_DIR/db (refused when one is there), and the uploads into DATA_DIR/uploads (refused
 * when that folder has files). It never overwrites a shop.
 */
export async function restoreShop(env: BackupEnv, folder: string): Promise<Manifest> {
  const manifest = await readManifest(folder)
  if (manifest.database === 'postgres' && !env.databaseUrl) {
    throw new BackupError('This backup is of a PostgreSQL shop: set DATABASE_URL to the database to restore it into.')
  }
  if (manifest.database === 'pglite' && env.databaseUrl) {
    throw new BackupError('This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it.')
  }
  // Every target is checked before anything is written, so a refused restore leaves nothing behind.
  const databaseFile = path.join(folder, manifest.databaseFile)
  const postgresTarget = env.databaseUrl ? await checkPostgresTarget(env.databaseUrl) : null
  if (!env.databaseUrl && existsSync(path.join(embeddedDir(env), 'PG_VERSION'))) {
    throw new BackupError(`${embeddedDir(env)} already holds a database: restore into an empty DATA_DIR.`)
  }
  const uploads = uploadsDir(env)
  if (manifest.uploadsFile && existsSync(uploads) && readdirSync(uploads).length > 0) {
    throw new BackupError(`${uploads} already holds files: restore into an empty DATA_DIR.`)
  }
  if (env.databaseUrl) await restorePostgres(env.databaseUrl, databaseFile, postgresTarget === 'missing')
  else await restorePglite(embeddedDir(env), databaseFile)
  if (manifest.uploadsFile) {
    await mkdir(uploads, { recursive: true })
    await tar(['-xzf', path.join(folder, manifest.uploadsFile), '-C', uploads])
  }
  return manifest
}

async function readManifest(folder: string): Promise<Manifest> {
  const file = path.join(folder, 'manifest.json')
  if (!existsSync(file)) throw new BackupError(`${folder} is not a shop backup: it has no manifest.json.`)
  const parsed = ManifestSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
  if (!parsed.success) throw new BackupError(`${file} is not a manifest this version can read.`)
  return parsed.data
}

const embeddedDir = (env: BackupEnv) => path.join(env.dataDir, 'db')
const uploadsDir = (env: BackupEnv) => path.join(env.dataDir, 'uploads')

// PostgreSQL

/**
 * libpq takes the URL as it is (sslmode and the other parameters included); the password goes in
 * PGPASSWORD instead, so it is not on the command line other users of the machine can list.
 */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env }
}

async function dumpPostgres(url: string, file: string) {
  const target = libpqTarget(url)
  await tool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${target.dbname}`], target.env)
}

async function restorePostgres(url: string, file: string, create: boolean) {
  if (create) await createDatabase(url)
  const target = libpqTarget(url)
  // No owner or grants from the old server (its roles may not exist here); one transaction, so a
  // failed restore leaves the database empty rather than half restored.
  await tool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.dbname}`, file],
    target.env,
  )
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1))

/** Whether the database in `url` is missing (the restore creates it) or empty; one with tables is refused. */
async function checkPostgresTarget(url: string): Promise<'missing' | 'empty'> {
  const name = databaseName(url)
  if (!name) throw new BackupError('DATABASE_URL names no database to restore into.')
  const exists = await withMaintenanceClient(url, (admin) =>
    admin.query('select 1 from pg_database where datname = $1', [name]),
  )
  if (!exists.rowCount) return 'missing'
  const target = new pg.Client({ connectionString: url })
  await target.connect()
  try {
    const tables = await target.query(
      `select count(*)::int as count from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    )
    if (tables.rows[0].count > 0) {
      throw new BackupError(`The database ${name} already holds tables: restore into a new, empty database.`)
    }
    return 'empty'
  } finally {
    await target.end()
  }
}

async function createDatabase(url: string) {
  await withMaintenanceClient(url, (admin) =>
    admin.query(`create database ${admin.escapeIdentifier(databaseName(url))}`),
  )
}

/** A connection to the same server's `postgres` database, which lists and creates databases. */
async function withMaintenanceClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: maintenance.toString() })
  await admin.connect()
  try {
    return await use(admin)
  } finally {
    await admin.end()
  }
}

// The embedded database (PGlite)

/**
 * PGlite's own dump of its data directory (`dumpDataDir`), taken between queries. PGlite has no
 * lock between processes, so the shop must be stopped while this opens the directory.
 */
async function dumpPglite(dataDir: string, file: string) {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dataDir}.`)
  const database = await openDatabase({ dataDir })
  try {
    const dump = await database.dump?.()
    if (!dump) throw new BackupError('The embedded database cannot be dumped.')
    await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await database.close()
  }
}

/** PGlite's `loadDataDir` fills a new data directory from the dump (it refuses an existing one). */
async function restorePglite(dataDir: string, file: string) {
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([await readFile(file)]) })
  await database.close()
}

// Tools

async function tool(command: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(command, args, { env, maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string }
    if (failure.code === 'ENOENT') {
      const hint = command.startsWith('pg_')
        ? ": install PostgreSQL's client tools (postgresql-client), of the server's major version or newer"
        : ''
      throw new BackupError(`${command} was not found${hint}.`)
    }
    throw new BackupError(`${command} failed: ${(failure.stderr || failure.message).trim()}`)
  }
}

const tar = (args: string[]) => tool('tar', args, process.env)
