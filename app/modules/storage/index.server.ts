import path from 'node:path'
import { type Env, getEnv } from '#app/utils/env.server.ts'
import { forgetVariants } from './image-variants.server.ts'
import { createLocalDiskStorage } from './local-disk.server.ts'
import { createS3Storage } from './s3.server.ts'
import type { FileStorage } from './types.ts'

export { contentVersion, versionedImageKey } from './image-keys.server.ts'
export { type RenderedImage, renderImage } from './image-renderer.server.ts'
export { type ImageRefusal, type PreparedImage, prepareUploadedImage, type WebImage } from './image-upload.server.ts'
export { setImageVariantsDir } from './image-variants.server.ts'
export { createLocalDiskStorage } from './local-disk.server.ts'
export { createS3Storage } from './s3.server.ts'
export type { FileStorage, StoredFile } from './types.ts'

const store = globalThis as typeof globalThis & { __shopStorage?: FileStorage }

/** Object storage when the S3_* variables are set, otherwise local disk under DATA_DIR/uploads. */
export function createConfiguredStorage(env: Env): FileStorage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION ?? 'us-east-1'}.amazonaws.com`,
      region: env.S3_REGION ?? 'us-east-1',
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    })
  }
  return createLocalDiskStorage(path.resolve(env.DATA_DIR, 'uploads'))
}

/** The process-wide file storage. */
export function getStorage(): FileStorage {
  store.__shopStorage ??= forgettingRenderedImages(createConfiguredStorage(getEnv()))
  return store.__shopStorage
}

/**
 * A picture written again or deleted takes its rendered sizes with it, so the image endpoint never
 * answers from a copy of bytes that are gone (decision 031).
 */
export function forgettingRenderedImages(storage: FileStorage): FileStorage {
  return {
    get: (key) => storage.get(key),
    async put(key, body, contentType) {
      await storage.put(key, body, contentType)
      await forgetVariants(key)
    },
    async delete(key) {
      await storage.delete(key)
      await forgetVariants(key)
    },
  }
}
