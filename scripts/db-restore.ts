// Restores a backup into a fresh shop: `npm run db:restore -- backups/shop-backup-…`. The target is
// the database in DATABASE_URL (created when missing, refused when it holds tables) or, without
// it, the embedded database in DATA_DIR (refused when one is there); uploads go to DATA_DIR/uploads.
import { parseArgs } from 'node:util'
import { BackupError, readBackupEnv, restoreShop } from './backup/backup.ts'

try {
  const { positionals } = parseArgs({ allowPositionals: true })
  const folder = positionals[0]
  if (positionals.length !== 1 || !folder) throw new BackupError('Usage: npm run db:restore -- <backup folder>')
  const manifest = await restoreShop(readBackupEnv(), folder)
  console.info(
    `Restored the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} backup of ${manifest.createdAt}` +
      (manifest.uploadsFile ? ' with its uploads.' : '.'),
  )
} catch (error) {
  // A refusal or a tool's failure is one line; anything else keeps its stack for the report.
  console.error(error instanceof BackupError ? `Restore failed: ${error.message}` : error)
  process.exit(1)
}
