import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { asc } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { documents } from '#app/modules/documents/schema.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import { createLocalDiskStorage } from '#app/modules/storage/index.server.ts'
import { type Database, type Db, openDatabase } from '#app/utils/db.server.ts'
import {
  insertInvoice,
  insertPaidOrder,
  insertProduct,
  insertReceipt,
  insertUser,
} from '#tests/factories/shop-records.ts'
import { root } from '#tests/setup/server-process.ts'
import { loadPgliteTemplate, templateDatabaseName } from '#tests/setup/test-database.ts'

// `npm run db:backup` and `npm run db:restore` as a shop owner runs them (the scripts, as processes,
// on the shop's variables): a shop with orders, invoices and an uploaded file is backed up, restored
// into a fresh database and data folder, and everything is found there again.

const run = promisify(execFile)
const tsx = path.join(root, 'node_modules/.bin/tsx')
const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function tempDir(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `${name}-`))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** Runs one of the scripts with only the shop's variables; rejects with its stderr on failure. */
function script(name: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) {
  return run(tsx, [`scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
  })
}

type Shop = { orderIds: string[]; invoiceIds: string[]; fileKey: string; fileBytes: Buffer }

/** Two paid orders with their invoices, an open invoice, and a customer's receipt on disk. */
async function fillShop(db: Db, uploadsDir: string): Promise<Shop> {
  const customer = await insertUser(db, { email: `backup-${randomUUID().slice(0, 8)}@example.com` })
  const product = await insertProduct(db, { title: 'Backup Bracket' })
  const paidAt = new Date('2026-11-20T10:00:00Z')
  const lines = [{ product, quantity: 2, unitPriceCents: 1500 }]
  await insertPaidOrder(db, { paidAt, userId: customer.id, lines })
  await insertPaidOrder(db, { paidAt, userId: customer.id, lines })
  await insertInvoice(db, { userId: customer.id, items: [{ description: 'Scan', quantity: 1, unitPriceCents: 4000 }] })
  const receipt = await insertReceipt(db, { userId: customer.id })
  const fileBytes = Buffer.from(`%PDF-1.4 receipt ${randomUUID()}`)
  await createLocalDiskStorage(uploadsDir).put(receipt.filePath, fileBytes, 'application/pdf')
  return { ...(await idsIn(db)), fileKey: receipt.filePath, fileBytes }
}

async function idsIn(db: Db) {
  const orderRows = await db.select({ id: orders.id }).from(orders).orderBy(asc(orders.id))
  const invoiceRows = await db.select({ id: invoices.id }).from(invoices).orderBy(asc(invoices.id))
  return { orderIds: orderRows.map((row) => row.id), invoiceIds: invoiceRows.map((row) => row.id) }
}

/** Every order, invoice and file of `shop` is in the restored database and data folder. */
async function expectRestored(database: Database, dataDir: string, shop: Shop) {
  expect(await idsIn(database.db)).toEqual({ orderIds: shop.orderIds, invoiceIds: shop.invoiceIds })
  const [receipt] = await database.db.select().from(documents)
  expect(receipt?.filePath).toBe(shop.fileKey)
  const file = await createLocalDiskStorage(path.join(dataDir, 'uploads')).get(shop.fileKey)
  expect(file?.body.equals(shop.fileBytes)).toBe(true)
}

async function onlyBackupIn(dir: string) {
  const [folder, ...more] = await readdir(dir)
  expect(more).toEqual([])
  return path.join(dir, folder ?? '')
}

describe('the embedded database (PGlite)', () => {
  it('is backed up with its uploads and restored into a fresh data folder', { timeout: 180_000 }, async () => {
    const dataDir = await tempDir('backup-embedded')
    const source = await openDatabase({ dataDir: path.join(dataDir, 'db'), loadDataDir: await loadPgliteTemplate() })
    const shop = await fillShop(source.db, path.join(dataDir, 'uploads'))
    expect(shop.orderIds).toHaveLength(2)
    expect(shop.invoiceIds).toHaveLength(3)
    // The embedded shop is stopped for its backup: PGlite has no lock between processes.
    await source.close()

    const backups = await tempDir('backups')
    await script('db-backup', ['--to', backups], { DATA_DIR: dataDir })
    const backup = await onlyBackupIn(backups)
    expect((await readdir(backup)).sort()).toEqual(['database.tar.gz', 'manifest.json', 'uploads.tar.gz'])

    const restoredDir = await tempDir('restored-embedded')
    const { stdout } = await script('db-restore', [backup], { DATA_DIR: restoredDir })
    expect(stdout).toContain('Restored the embedded backup')
    const restored = await openDatabase({ dataDir: path.join(restoredDir, 'db') })
    try {
      await expectRestored(restored, restoredDir, shop)
    } finally {
      await restored.close()
    }

    // A second restore over the restored shop is refused: a restore never overwrites a shop.
    await expect(script('db-restore', [backup], { DATA_DIR: restoredDir })).rejects.toMatchObject({
      stderr: expect.stringContaining('already holds a database'),
    })
  })
})

const serverUrl = process.env.TEST_DATABASE_URL

describe.runIf(serverUrl)('PostgreSQL (TEST_DATABASE_URL)', () => {
  const databaseUrl = (name: string) => {
    const url = new URL(serverUrl ?? '')
    url.pathname = `/${name}`
    return url.toString()
  }

  async function dropLater(name: string) {
    cleanups.push(async () => {
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`drop database if exists ${name} with (force)`).finally(() => admin.end())
    })
  }

  it('is backed up with pg_dump and restored with pg_restore into a new database', { timeout: 180_000 }, async () => {
    const suffix = randomUUID().replaceAll('-', '').slice(0, 12)
    const sourceName = `shop_backup_source_${suffix}`
    const targetName = `shop_backup_target_${suffix}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${sourceName} template ${templateDatabaseName()}`).finally(() => admin.end())
    await dropLater(sourceName)
    await dropLater(targetName)

    const dataDir = await tempDir('backup-postgres')
    const source = await openDatabase({ url: databaseUrl(sourceName), poolSize: 2 })
    const shop = await fillShop(source.db, path.join(dataDir, 'uploads'))
    await source.close()

    const backups = await tempDir('backups')
    await script('db-backup', ['--to', backups], { DATABASE_URL: databaseUrl(sourceName), DATA_DIR: dataDir })
    const backup = await onlyBackupIn(backups)
    expect((await readdir(backup)).sort()).toEqual(['database.pgdump', 'manifest.json', 'uploads.tar.gz'])

    // The target database does not exist yet: the restore creates it.
    const restoredDir = await tempDir('restored-postgres')
    const env = { DATABASE_URL: databaseUrl(targetName), DATA_DIR: restoredDir }
    const { stdout } = await script('db-restore', [backup], env)
    expect(stdout).toContain('Restored the PostgreSQL backup')
    const restored = await openDatabase({ url: databaseUrl(targetName), poolSize: 2 })
    try {
      await expectRestored(restored, restoredDir, shop)
    } finally {
      await restored.close()
    }

    await expect(script('db-restore', [backup], env)).rejects.toMatchObject({
      stderr: expect.stringContaining(`The database ${targetName} already holds tables`),
    })
  })
})
