import { randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '#app/utils/db.server.ts'
import { cleanups, expectRestored, fillShop, onlyBackupIn, script, tempDir } from '#tests/setup/backup-shop.ts'
import { templateDatabaseName } from '#tests/setup/test-database.ts'

// `npm run db:backup` and `npm run db:restore` with pg_dump and pg_restore, on the PostgreSQL server
// of TEST_DATABASE_URL. vitest.config.ts selects this file only when that variable is set (.ci/run's
// PostgreSQL pass), as the embedded test command has no server to give it.

const serverUrl = process.env.TEST_DATABASE_URL ?? ''

describe('PostgreSQL (TEST_DATABASE_URL)', () => {
  const databaseUrl = (name: string) => {
    const url = new URL(serverUrl)
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
