import { AwsClient } from 'aws4fetch'
import { assertStorageKey, type FileStorage } from './types.ts'

export type S3Config = {
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
}

/**
 * Files in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Backblaze...), with
 * path-style addressing (`endpoint/bucket/key`), which every S3-compatible service accepts.
 * Requests are signed with AWS Signature V4 and sent with plain `fetch`.
 */
export function createS3Storage(config: S3Config): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  })
  const base = `${config.endpoint.replace(/\/$/, '')}/${encodeURIComponent(config.bucket)}`
  const urlFor = (key: string) => {
    assertStorageKey(key)
    return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`
  }

  return {
    async put(key, body, contentType) {
      const response = await client.fetch(urlFor(key), {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'Content-Type': contentType, 'Content-Length': String(body.byteLength) },
      })
      if (!response.ok) throw new Error(`Object storage refused to store ${key}: HTTP ${response.status}`)
    },
    async get(key) {
      const response = await client.fetch(urlFor(key), { method: 'GET' })
      if (response.status === 404) return null
      if (!response.ok) throw new Error(`Object storage could not read ${key}: HTTP ${response.status}`)
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      }
    },
    async delete(key) {
      const response = await client.fetch(urlFor(key), { method: 'DELETE' })
      if (!response.ok && response.status !== 404) {
        throw new Error(`Object storage could not delete ${key}: HTTP ${response.status}`)
      }
    },
  }
}
