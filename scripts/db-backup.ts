// Backs the shop up: `npm run db:backup` (into ./backups) or `npm run db:backup -- --to /mnt/backups`.
// Reads DATABASE_URL (PostgreSQL) or DATA_DIR (the embedded database, whose shop must be stopped
// first) and writes one folder with the database, the uploaded files and a manifest.
import { parseArgs } from 'node:util'
import { BackupError, backupShop, readBackupEnv } from './backup/backup.ts'

try {
  const { values } = parseArgs({ options: { to: { type: 'string', default: process.env.BACKUP_DIR ?? 'backups' } } })
  const env = readBackupEnv()
  const folder = await backupShop(env, values.to)
  console.info(`Backup written to ${folder}`)
  if (env.objectStorage) {
    console.info(
      'Uploads are in object storage (S3_BUCKET): back the bucket up with its own versioning or replication.',
    )
  }
} catch (error) {
  // A refusal or a tool's failure is one line; anything else keeps its stack for the report.
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error)
  process.exit(1)
}
