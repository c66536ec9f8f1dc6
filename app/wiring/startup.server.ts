import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { createDemoAccounts, isAdminRole } from '#app/modules/accounts/index.server.ts'
import { getStorage } from '#app/modules/storage/index.server.ts'
import { seedDemoCustomerHistory } from '#app/workflows/demo-seed/seed-demo-customer.server.ts'
import { isDatabaseEmpty, seedDemoShop } from '#app/workflows/demo-seed/seed-demo-shop.server.ts'
import { type Database, openDatabase } from '../utils/db.server.ts'
import { ConfigError, type Env } from '../utils/env.server.ts'
import { logger } from '../utils/logger.server.ts'

/**
 * Opens the configured database and brings its schema up to date. A database that cannot be
 * reached is a configuration problem, reported as one line naming DATABASE_URL.
 */
export async function openShopDatabase(env: Env): Promise<Database> {
  if (!env.DATABASE_URL) {
    return openDatabase({ dataDir: path.resolve(env.DATA_DIR, 'db') })
  }
  try {
    return await openDatabase({ url: env.DATABASE_URL })
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error)
    throw new ConfigError(
      `Cannot connect to the database in DATABASE_URL (${describeUrl(env.DATABASE_URL)}): ${reason}`,
    )
  }
}

/**
 * Applies migrations and, for a demo shop on an empty database, seeds the demo content and its
 * two demo accounts. Accounts with printed passwords are made only together with the demo data,
 * never on a database that already holds a shop (DESIGN: production creates no account itself).
 */
export async function prepareDatabase(database: Database, env: Env) {
  await database.migrate()
  if (!env.demoData || !(await isDatabaseEmpty(database.db))) return
  const started = Date.now()
  const result = await seedDemoShop(database.db, getStorage())
  logger.info({ products: result.products, ms: Date.now() - started }, 'seeded the demo shop')
  await announceDemoAccounts(env)
}

/** Creates the demo admin and customer once, prints their passwords and keeps them in DATA_DIR. */
async function announceDemoAccounts(env: Env) {
  const accounts = await createDemoAccounts()
  if (accounts.length === 0) return
  const customer = accounts.find((account) => !isAdminRole(account.role))
  if (customer) await seedDemoCustomerHistory(customer.id)
  const file = path.resolve(env.DATA_DIR, 'demo-accounts.txt')
  const lines = accounts.map((account) => `${account.role}\t${account.email}\t${account.password}`)
  writeFileSync(file, `# Demo accounts of this shop (role, e-mail, password)\n${lines.join('\n')}\n`, { mode: 0o600 })
  console.info(`\nDemo accounts (also in ${file}):\n${lines.map((line) => `  ${line}`).join('\n')}\n`)
}

function describeUrl(url: string) {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`
  } catch {
    return 'unparseable URL'
  }
}
