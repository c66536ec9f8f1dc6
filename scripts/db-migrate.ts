// Applies pending migrations to the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR) and exits. Start-up does the same; this is for deployments that migrate first.
import { ConfigError, getEnv } from '#app/utils/env.server.ts'
import { openShopDatabase } from '#app/wiring/startup.server.ts'

try {
  const env = getEnv()
  const database = await openShopDatabase(env)
  await database.migrate()
  await database.close()
  console.info(`Migrations applied (${database.kind}).`)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Migration failed: ${error.message}`)
    process.exit(1)
  }
  throw error
}
