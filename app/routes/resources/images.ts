import { z } from 'zod'
import { renderImage } from '#app/modules/storage/index.server.ts'
import type { Route } from './+types/images.ts'

const QuerySchema = z.object({ w: z.coerce.number().int().min(1).max(4000).catch(640) })

/** Stored images resized to the requested width as WebP; cached by browsers and CDNs for a day. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { w } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const image = await renderImage(params['*'] ?? '', w)
  if (!image) return new Response('Image not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return new Response(new Uint8Array(image.body), {
    headers: {
      'Content-Type': image.contentType,
      'Content-Length': String(image.body.byteLength),
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
    },
  })
}
