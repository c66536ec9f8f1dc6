import type * as ViewerModule from '#app/wiring/viewer.server.ts'

/**
 * The viewer module with each session cookie looked up once. A session lookup is the auth library's
 * own request handling plus two queries, about 6 ms here: most of what an admin action costs when
 * its body is refused, so a thousand generated bodies per action would spend their time on it. The
 * fuzz suites are about what a route does with its input; who may call it is what
 * tests/integration/route-permissions.test.ts checks, with a real lookup every time.
 * Set FUZZ_REAL_SESSIONS=1 to look every session up for real.
 * @example
 * vi.mock('#app/wiring/viewer.server.ts', async (importOriginal) => {
 *   const { rememberedViewerModule } = await import('#tests/setup/remembered-viewer.ts')
 *   return rememberedViewerModule(importOriginal as never)
 * })
 */
export async function rememberedViewerModule(importOriginal: () => Promise<typeof ViewerModule>) {
  const actual = await importOriginal()
  if (process.env.FUZZ_REAL_SESSIONS === '1') return actual
  const remembered = new Map<string, ReturnType<typeof actual.getViewer>>()
  return {
    ...actual,
    getViewer(request: Request) {
      const cookie = request.headers.get('cookie')
      if (!cookie) return actual.getViewer(request)
      let viewer = remembered.get(cookie)
      if (!viewer) {
        viewer = actual.getViewer(request)
        remembered.set(cookie, viewer)
      }
      return viewer
    },
  }
}
