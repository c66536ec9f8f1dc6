import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { callRoute, type RouteCall, type RouteHandler, routeRequest } from './route-calls.ts'
import { createTestAccount, type TestAccount } from './test-accounts.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

export { UNKNOWN_ID } from './test-database.ts'

const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }

type LoaderData<Loader extends RouteHandler> = Exclude<Awaited<ReturnType<Loader>>, Response>

/**
 * A multipart form as a browser posts it, with its pictures under `images` (an empty file part when
 * none was picked).
 */
export function multipartForm(fields: Record<string, string | readonly string[]>, files: File[] = []) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === 'string' ? [value] : value) data.append(name, item)
  }
  if (files.length === 0) data.append('images', new File([], ''))
  for (const file of files) data.append('images', file)
  return data
}

/** A small PNG picture of one colour. */
export function pngPicture(color = '#2a7de8', { width = 160, height = 120 } = {}) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
}

/** The text of the flash toast a redirect sets (its cookie is signed, its value base64 JSON). */
export function flashToastOf(response: Response | undefined) {
  const cookie = response?.headers.getSetCookie().find((value) => value.startsWith('layerworks.toast='))
  const value = decodeURIComponent(cookie?.split(';')[0].split('=')[1] ?? '')
  return Buffer.from(value.split('.')[0], 'base64').toString()
}

/** A posted form: fields by name (a list repeats the name, as a form's item rows do), pairs, or multipart FormData. */
export type PostedForm = Record<string, string | readonly string[]> | [string, string][] | FormData

function formOf(fields: PostedForm): RouteCall['form'] {
  if (fields instanceof FormData || Array.isArray(fields)) return fields
  return Object.entries(fields).flatMap(([name, value]) =>
    (typeof value === 'string' ? [value] : value).map((one): [string, string] => [name, one]),
  )
}

/** A page's loader and action, called as the signed-in admin at the page's address. */
export type AdminPage<Loader extends RouteHandler> = {
  /** The loader's data at `url` (the page's own address by default). */
  load: (url?: string) => Promise<LoaderData<Loader>>
  /** The action's answer to a posted form, with its HTTP status. */
  post: <Result = ActionResult>(form: PostedForm, url?: string) => Promise<Result & { status: number }>
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
    /** The files stored during the current test (with `storage`), by their path in the storage. */
    async storedFiles() {
      const entries = await readdir(state.storageDir, { recursive: true, withFileTypes: true })
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(state.storageDir, path.join(entry.parentPath, entry.name)))
        .sort()
    },
    /**
     * An action's answer as it is, for one that redirects with a flash toast: the Response, or the
     * refusal's data and status.
     */
    async submit<Data>(handler: RouteHandler, call: RouteCall) {
      const answer = await handler({
        request: routeRequest({ cookie: state.admin.cookie, ...call }),
        params: call.params ?? {},
        context: {},
      })
      if (answer instanceof Response) return { response: answer, status: answer.status }
      const { data, init } = answer as { data: Data; init: ResponseInit | null }
      return { data, status: init?.status ?? 200 }
    },
    /** A request as the admin's browser sends it. */
    request(call: RouteCall) {
      return routeRequest({ cookie: state.admin.cookie, ...call })
    },
    /** Any call as the admin: a loader or action with a request made of `call`. */
    call(handler: RouteHandler, call: RouteCall) {
      return callRoute(handler, { cookie: state.admin.cookie, ...call })
    },
    /** A page at `url` (with its route `params`), its loader and action called as the admin. */
    page<Loader extends RouteHandler>(
      url: string,
      module: { loader?: Loader; action?: RouteHandler },
      params: Record<string, string> = {},
    ): AdminPage<Loader> {
      const handler = (which: 'loader' | 'action') => {
        const found = module[which]
        if (!found) throw new Error(`${url} has no ${which}`)
        return found
      }
      return {
        load: async (at = url) =>
          (await callRoute(handler('loader'), { url: at, params, cookie: state.admin.cookie }))
            .data as LoaderData<Loader>,
        post: async <Result = ActionResult>(form: PostedForm, at = url) => {
          const outcome = await callRoute(handler('action'), {
            url: at,
            form: formOf(form),
            params,
            cookie: state.admin.cookie,
          })
          return { status: outcome.status, ...(outcome.data as Result) }
        },
      }
    },
  }
}
