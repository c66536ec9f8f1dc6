import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'

const store = globalThis as typeof globalThis & { __shopStorage?: FileStorage }

export type TestStorage = {
  /** The folder the files are written to. */
  dir: string
  storage: FileStorage
  /** Puts the shop's own storage back and deletes the folder. */
  close(): Promise<void>
}

/**
 * Uploads go to a fresh folder of this test, not the shop's DATA_DIR: a local-disk storage there,
 * made the shop's storage until `close()`.
 * @example
 * beforeAll(async () => {
 *   files = await createTestStorage('admin-about')
 * })
 * afterAll(() => files.close())
 */
export async function createTestStorage(name: string): Promise<TestStorage> {
  const dir = await mkdtemp(path.join(tmpdir(), `${name}-`))
  const storage = createLocalDiskStorage(dir)
  store.__shopStorage = storage
  return {
    dir,
    storage,
    async close() {
      store.__shopStorage = undefined
      await rm(dir, { recursive: true, force: true })
    },
  }
}
