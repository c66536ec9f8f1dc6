import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '#app/utils/db.server.ts'
import { expectRestored, fillShop, onlyBackupIn, script, tempDir } from '#tests/setup/backup-shop.ts'
import { loadPgliteTemplate } from '#tests/setup/test-database.ts'

// `npm run db:backup` and `npm run db:restore` on the embedded database: a shop with orders,
// invoices and an uploaded file is backed up, restored into a fresh data folder, and everything is
// found there again. backup.postgres.test.ts does the same with pg_dump and pg_restore.

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
