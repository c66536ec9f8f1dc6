import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { asc } from 'drizzle-orm'
import { afterAll, expect } from 'vitest'
import { documents } from '#app/modules/documents/schema.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import { createLocalDiskStorage } from '#app/modules/storage/index.server.ts'
import type { Database, Db } from '#app/utils/db.server.ts'
import {
  insertInvoice,
  insertPaidOrder,
  insertProduct,
  insertReceipt,
  insertUser,
} from '#tests/factories/shop-records.ts'
import { root } from '#tests/setup/server-process.ts'

// What the backup tests share (tests/integration/backup*.test.ts): `npm run db:backup` and
// `npm run db:restore` run as a shop owner runs them (the scripts, as processes, on the shop's
// variables), a shop to back up, and the check that everything came back.

const run = promisify(execFile)
const tsx = path.join(root, 'node_modules/.bin/tsx')
/** Undone after the file's tests, newest first. */
export const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

export async function tempDir(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `${name}-`))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** Runs one of the scripts with only the shop's variables; rejects with its stderr on failure. */
export function script(name: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) {
  return run(tsx, [`scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
  })
}

export type Shop = { orderIds: string[]; invoiceIds: string[]; fileKey: string; fileBytes: Buffer }

/** Two paid orders with their invoices, an open invoice, and a customer's receipt on disk. */
export async function fillShop(db: Db, uploadsDir: string): Promise<Shop> {
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
export async function expectRestored(database: Database, dataDir: string, shop: Shop) {
  expect(await idsIn(database.db)).toEqual({ orderIds: shop.orderIds, invoiceIds: shop.invoiceIds })
  const [receipt] = await database.db.select().from(documents)
  expect(receipt?.filePath).toBe(shop.fileKey)
  const file = await createLocalDiskStorage(path.join(dataDir, 'uploads')).get(shop.fileKey)
  expect(file?.body.equals(shop.fileBytes)).toBe(true)
}

export async function onlyBackupIn(dir: string) {
  const [folder, ...more] = await readdir(dir)
  expect(more).toEqual([])
  return path.join(dir, folder ?? '')
}
