import { getEnv } from '#app/utils/env.server.ts'

// Private, per-visitor and machine endpoints stay out of search engines; everything else is open.
// The cart page is open: it holds nothing of a visitor's (the cart lives in the browser), and a
// page closed to crawlers fails the SEO audit the shop is held to (issue 14).
const disallowed = ['/account', '/admin', '/api/', '/resources/', '/checkout']

/** The robots.txt text for a shop served at `publicUrl`. */
export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

/** /robots.txt, pointing crawlers at the sitemap on the configured public address. */
export function loader() {
  return new Response(renderRobots(getEnv().PUBLIC_URL), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
