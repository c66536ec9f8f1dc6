import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { assertStorageKey, type FileStorage } from './types.ts'

const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
}

/** Files on local disk under `root` (DATA_DIR/uploads); for a single server instance. */
export function createLocalDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertStorageKey(key)
    return path.join(root, key)
  }
  return {
    async put(key, body) {
      const file = resolve(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, body)
    },
    async get(key) {
      try {
        const body = await readFile(resolve(key))
        return { body, contentType: contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream' }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true })
    },
  }
}
