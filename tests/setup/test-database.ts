import { createHash, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { type Database, migrationsFolder, openDatabase, setDatabase } from '#app/utils/db.server.ts'

/** A fingerprint of the migrations, so a cached template is rebuilt whenever they change. */
export function migrationsHash() {
  const hash = createHash('sha256')
  for (const file of readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)))
  }
  hash.update(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json')))
  return hash.digest('hex').slice(0, 12)
}

export function templateDatabaseName() {
  return `shop_test_template_${migrationsHash()}`
}

function withDatabase(url: string, name: string) {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/** Creates the migrated PostgreSQL template once per test run (called from the global setup). */
export async function preparePostgresTemplate(url: string) {
  const name = templateDatabaseName()
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount) return
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const template = await openDatabase({ url: withDatabase(url, name), poolSize: 1 })
  await template.migrate()
  await template.close()
}

let pgliteTemplate: Promise<Blob> | undefined

/** A migrated PGlite data directory, built once and cached on disk between runs. */
export function loadPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const dir = path.resolve('tests/.tmp')
    const file = path.join(dir, `pglite-template-${migrationsHash()}.tar.gz`)
    if (existsSync(file)) return new Blob([readFileSync(file)])
    const database = await openDatabase({ dataDir: null })
    await database.migrate()
    if (!database.dump) throw new Error('The embedded database cannot be dumped')
    const dump = await database.dump()
    await database.close()
    mkdirSync(dir, { recursive: true })
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    return dump
  })()
  return pgliteTemplate
}

export type TestDatabase = Database & { name: string }

/** An id no record has: a well-formed uuid that reads as "not found". */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/**
 * A fresh, migrated database for one test file, registered as the process-wide database so
 * module functions use it, with the auth library started afresh on it (sessions, sign-ups).
 * PGlite by default; a new PostgreSQL database cloned from the migrated template when
 * TEST_DATABASE_URL is set. Close it in afterAll.
 * @example const database = await createTestDatabase()
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL
  let database: TestDatabase
  if (url) {
    const name = `shop_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await admin.query(`create database ${name} template ${templateDatabaseName()}`)
    } finally {
      await admin.end()
    }
    const opened = await openDatabase({ url: withDatabase(url, name), poolSize: 4 })
    database = {
      ...opened,
      name,
      async close() {
        await opened.close()
        const dropper = new pg.Client({ connectionString: url })
        await dropper.connect()
        await dropper.query(`drop database if exists ${name} with (force)`).finally(() => dropper.end())
      },
    }
  } else {
    const opened = await openDatabase({ dataDir: null, loadDataDir: await loadPgliteTemplate() })
    database = { ...opened, name: 'pglite-memory' }
  }
  setDatabase(Promise.resolve(database))
  // The auth library keeps the database it started on; it starts again on this one when first used.
  resetAuth()
  return database
}
