import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import type { ImageFormat } from '#app/rules/images.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'

export type ImageVariant = { body: Buffer; contentType: string }
export type VariantAddress = { key: string; version: string; width: number; format: ImageFormat }

// Raised whenever the encoder settings change, so variants made with the old ones are not reused.
const settings = 'v1'
const memoryLimitBytes = 32 * 1024 * 1024
const memory = new Map<string, ImageVariant>()
let memoryBytes = 0
const rendering = new Map<string, Promise<ImageVariant>>()

const holder = globalThis as typeof globalThis & { __shopImageVariantsDir?: string }

/** Where rendered variants are kept: DATA_DIR/image-variants, or the folder a test set. */
export function imageVariantsDir(): string {
  holder.__shopImageVariantsDir ??= path.resolve(getEnv().DATA_DIR, 'image-variants')
  return holder.__shopImageVariantsDir
}

/** Points the variant cache at another folder (tests), emptying the in-process copy. */
export function setImageVariantsDir(dir: string | undefined) {
  holder.__shopImageVariantsDir = dir
  memory.clear()
  memoryBytes = 0
}

const contentTypes: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

function fileOf({ key, version, width, format }: VariantAddress) {
  // The key was checked against storageKeyPattern: safe segments, no `..`.
  return path.join(imageVariantsDir(), settings, key, `${version}-${width}.${format}`)
}

const memoryKey = ({ key, version, width, format }: VariantAddress) => `${key}|${version}|${width}|${format}`

/**
 * A variant rendered before, from this process's memory or from disk (so a restart does not
 * encode everything again), or null.
 */
export async function keptVariant(address: VariantAddress): Promise<ImageVariant | null> {
  const id = memoryKey(address)
  const remembered = memory.get(id)
  if (remembered) {
    memory.delete(id)
    memory.set(id, remembered)
    return remembered
  }
  try {
    const variant = { body: await readFile(fileOf(address)), contentType: contentTypes[address.format] }
    remember(id, variant)
    return variant
  } catch {
    return null
  }
}

/**
 * The variant at `address`, rendered by `encode` once if it is not kept yet: one render per
 * variant however many ask at once, and at most two encodes at a time (AVIF takes a core for a
 * second on a large picture), in the order asked, so the first pictures of a page come first.
 */
export async function variantOf(address: VariantAddress, encode: () => Promise<Buffer>): Promise<ImageVariant> {
  const kept = await keptVariant(address)
  if (kept) return kept
  const id = memoryKey(address)
  const pending = rendering.get(id)
  if (pending) return pending
  const render = withEncodeSlot(async () => {
    const variant = { body: await encode(), contentType: contentTypes[address.format] }
    remember(id, variant)
    await keepOnDisk(fileOf(address), variant.body)
    return variant
  }).finally(() => rendering.delete(id))
  rendering.set(id, render)
  return render
}

/** Drops every variant of `key`: its picture was replaced or deleted. */
export async function forgetVariants(key: string) {
  for (const id of [...memory.keys()]) {
    if (id.startsWith(`${key}|`)) {
      memoryBytes -= memory.get(id)?.body.byteLength ?? 0
      memory.delete(id)
    }
  }
  await rm(path.join(imageVariantsDir(), settings, key), { recursive: true, force: true })
}

function remember(id: string, variant: ImageVariant) {
  if (variant.body.byteLength > memoryLimitBytes / 8) return
  memoryBytes -= memory.get(id)?.body.byteLength ?? 0
  memory.delete(id)
  memory.set(id, variant)
  memoryBytes += variant.body.byteLength
  for (const [oldest, old] of memory) {
    if (memoryBytes <= memoryLimitBytes) break
    memory.delete(oldest)
    memoryBytes -= old.body.byteLength
  }
}

async function keepOnDisk(file: string, body: Buffer) {
  // Written aside and renamed, so a reader never sees half a file.
  const partial = `${file}.${randomBytes(6).toString('hex')}.part`
  try {
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(partial, body)
    await rename(partial, file)
  } catch (error) {
    logger.warn({ err: error, file }, 'could not keep a rendered image on disk')
    await rm(partial, { force: true }).catch(() => {})
  }
}

const encodeSlots = Math.max(1, Math.min(2, availableParallelism()))
let encoding = 0
const waiting: (() => void)[] = []

async function withEncodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (encoding >= encodeSlots) await new Promise<void>((resolve) => waiting.push(resolve))
  else encoding++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else encoding--
  }
}
