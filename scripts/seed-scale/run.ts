// Fills a PostgreSQL database with a shop at scale: `npm run seed:scale -- [--products N] [--force]`
// with DATABASE_URL set (100,000 products by default; --products 1000 makes the small comparison shop).
import { getStorage } from '#app/modules/storage/index.server.ts'
import { setDatabase } from '#app/utils/db.server.ts'
import { ConfigError, getEnv } from '#app/utils/env.server.ts'
import { openShopDatabase } from '#app/wiring/startup.server.ts'
import { parseSeedOptions, USAGE, UsageError } from './options.ts'
import { formatReport } from './report.ts'
import { ShopNotEmptyError, seedScaleShop } from './seed-scale-shop.ts'

try {
  const options = parseSeedOptions(process.argv.slice(2))
  const env = getEnv()
  // Never the embedded database: the point is a real server's behaviour at scale.
  if (!env.DATABASE_URL) throw new UsageError(`seed:scale needs DATABASE_URL. ${USAGE}`)
  const database = await openShopDatabase(env)
  setDatabase(Promise.resolve(database))
  try {
    const result = await seedScaleShop({
      database,
      url: env.DATABASE_URL,
      storage: getStorage(),
      ...options,
      log: (line) => console.info(line),
    })
    console.info(`\n${formatReport(result)}`)
  } finally {
    await database.close()
  }
  process.exit(0)
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof ShopNotEmptyError) {
    console.error(`seed:scale refused: ${error.message}`)
    process.exit(1)
  }
  throw error
}
