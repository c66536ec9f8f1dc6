import path from 'node:path'
import { getEnv } from '#app/utils/env.server.ts'
import { createLocalDiskStorage } from './local-disk.server.ts'
import type { FileStorage } from './types.ts'

export { createLocalDiskStorage } from './local-disk.server.ts'
export type { FileStorage, StoredFile } from './types.ts'

const store = globalThis as typeof globalThis & { __shopStorage?: FileStorage }

/** The configured file storage (local disk under DATA_DIR/uploads unless object storage is set). */
export function getStorage(): FileStorage {
  store.__shopStorage ??= createLocalDiskStorage(path.resolve(getEnv().DATA_DIR, 'uploads'))
  return store.__shopStorage
}
