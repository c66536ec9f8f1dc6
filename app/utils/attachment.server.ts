/**
 * A private file (a receipt, a 3D model) as a download: always an attachment, never rendered by
 * the browser (`nosniff`), never kept by a shared cache. The name is the user's own, made safe for
 * the header: an ASCII fallback and the exact name in RFC 5987 form.
 * @example return attachmentResponse(stored.body, { fileName: document.fileName, contentType: document.mimeType })
 */
export function attachmentResponse(
  body: Uint8Array,
  { fileName, contentType }: { fileName: string; contentType: string },
) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'download'
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(body.byteLength),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      // Even if a browser ignored the disposition, nothing in the file may run.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
