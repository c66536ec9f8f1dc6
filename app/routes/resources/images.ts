import { z } from 'zod'
import { renderImage } from '#app/modules/storage/index.server.ts'
import { imageFormats } from '#app/rules/images.ts'
import type { Route } from './+types/images.ts'

const QuerySchema = z.object({
  w: z.coerce.number().int().min(1).max(4000).catch(640),
  f: z.enum(imageFormats).catch('webp'),
})

// A key that names its bytes' version (decision 031) is answered the same forever; any other may be
// replaced under the same URL, so browsers and CDNs ask again after a few minutes (a 304 by ETag).
const forever = 'public, max-age=31536000, immutable'
const briefly = 'public, max-age=300'

/** Stored pictures of public pages, resized to a standard width, as AVIF (`f=avif`) or WebP. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { w, f } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const image = await renderImage(params['*'] ?? '', { width: w, format: f })
  if (!image) {
    return new Response('Image not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'public, max-age=60' },
    })
  }
  const headers = {
    'Cache-Control': image.versioned ? forever : briefly,
    ETag: `"${image.tag}"`,
  }
  if (namesTag(request.headers.get('If-None-Match'), image.tag)) return new Response(null, { status: 304, headers })
  return new Response(new Uint8Array(image.body), {
    headers: { ...headers, 'Content-Type': image.contentType, 'Content-Length': String(image.body.byteLength) },
  })
}

function namesTag(ifNoneMatch: string | null, tag: string) {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((each) => {
    const named = each.trim().replace(/^W\//, '')
    return named === '*' || named === `"${tag}"`
  })
}
