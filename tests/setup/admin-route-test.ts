import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { callRoute, type RouteCall, type RouteHandler } from './route-calls.ts'
import { createTestAccount, type TestAccount } from './test-accounts.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

/** An id no record has: a well-formed uuid the back-office answers "not found" to. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }

type LoaderData<Loader extends RouteHandler> = Exclude<Awaited<ReturnType<Loader>>, Response>

/** A page's loader and action, called as the signed-in admin at the page's address. */
export type AdminPage<Loader extends RouteHandler> = {
  /** The loader's data at `url` (the page's own address by default). */
  load: (url?: string) => Promise<LoaderData<Loader>>
  /** The action's answer to a posted form, with its HTTP status. */
  post: <Result = ActionResult>(form: RouteCall['form'], url?: string) => Promise<Result & { status: number }>
}

/**
 * What every back-office route test sets up alike: a fresh database for the file with Alex Admin
 * signed in, and with `storage` a fresh folder for uploaded pictures before each test; all of it
 * is closed after the file. Call it first in the file: its hooks run before the file's own.
 * @example
 * const shop = adminRouteTest()
 * const { load, post } = shop.page('/admin/policies', { loader, action })
 * test('…', async () => expect(await post({ intent: 'delete', policyId: UNKNOWN_ID })).toMatchObject({ status: 404 }))
 */
export function adminRouteTest({ storage = false }: { storage?: boolean } = {}) {
  const state = {} as { database: TestDatabase; admin: TestAccount; storageDir: string }
  beforeAll(async () => {
    state.database = await createTestDatabase()
    resetAuth()
    state.admin = await createTestAccount(state.database, 'alex@example.com', { admin: true, name: 'Alex Admin' })
  })
  if (storage) {
    beforeEach(async () => {
      if (state.storageDir) await rm(state.storageDir, { recursive: true, force: true })
      state.storageDir = await mkdtemp(path.join(tmpdir(), 'admin-route-'))
      // The process-wide storage (local disk under DATA_DIR in the shop) points at a fresh folder.
      storageHolder.__shopStorage = createLocalDiskStorage(state.storageDir)
    })
  }
  afterAll(async () => {
    if (storage) {
      storageHolder.__shopStorage = undefined
      if (state.storageDir) await rm(state.storageDir, { recursive: true, force: true })
    }
    resetAuth()
    await state.database?.close()
  })
  return {
    get database() {
      return state.database
    },
    get db() {
      return state.database.db
    },
    get admin() {
      return state.admin
    },
    /** The folder uploaded pictures are stored in during the current test (with `storage`). */
    get storageDir() {
      return state.storageDir
    },
    /** Any call as the admin: a loader or action with a request made of `call`. */
    call(handler: RouteHandler, call: RouteCall) {
      return callRoute(handler, { cookie: state.admin.cookie, ...call })
    },
    /** A page at `url`, its loader and action called as the admin. */
    page<Loader extends RouteHandler>(
      url: string,
      module: { loader?: Loader; action?: RouteHandler },
    ): AdminPage<Loader> {
      const handler = (which: 'loader' | 'action') => {
        const found = module[which]
        if (!found) throw new Error(`${url} has no ${which}`)
        return found
      }
      return {
        load: async (at = url) =>
          (await callRoute(handler('loader'), { url: at, cookie: state.admin.cookie })).data as LoaderData<Loader>,
        post: async <Result = ActionResult>(form: RouteCall['form'], at = url) => {
          const outcome = await callRoute(handler('action'), { url: at, form, cookie: state.admin.cookie })
          return { status: outcome.status, ...(outcome.data as Result) }
        },
      }
    },
  }
}
