import { gzipSync } from 'node:zlib'
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from '#app/utils/boot-after-load.server.ts'

export type JavaScriptWeight = {
  files: number
  gzippedBytes: number
  modules: { url: string; gzippedBytes: number }[]
}

/**
 * The JavaScript a page makes the browser fetch before it is interactive: every module the HTML
 * preloads or imports (modulepreload links, module scripts and the imports of inline module
 * scripts), each counted once, gzipped at level 9 as a CDN would send it.
 */
export async function firstLoadJavaScript(base: string, path: string): Promise<JavaScriptWeight> {
  const html = await (await fetch(`${base}${path}`)).text()
  const urls = new Set<string>()
  // The shop writes its module links and script inert and makes them live after the load event
  // (decision 041): they count the same.
  const preload = `(?:modulepreload|${INERT_PRELOAD_REL})`
  const module = `(?:module|${INERT_MODULE_TYPE})`
  for (const [, href] of html.matchAll(new RegExp(`<link\\b[^>]*rel="${preload}"[^>]*href="([^"]+)"`, 'g')))
    urls.add(href)
  for (const [, src] of html.matchAll(new RegExp(`<script\\b[^>]*type="${module}"[^>]*src="([^"]+)"`, 'g')))
    urls.add(src)
  for (const [, code] of html.matchAll(new RegExp(`<script\\b[^>]*type="${module}"[^>]*>([\\s\\S]*?)</script>`, 'g'))) {
    for (const [, specifier] of code.matchAll(/import\s*(?:[^'"()]*?from\s*)?\(?\s*"([^"]+\.js)"/g)) urls.add(specifier)
  }
  const modules: JavaScriptWeight['modules'] = []
  for (const url of urls) {
    const response = await fetch(new URL(url, base))
    if (!response.ok) throw new Error(`${url} (preloaded by ${path}) answered ${response.status}`)
    modules.push({ url, gzippedBytes: gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length })
  }
  const gzippedBytes = modules.reduce((sum, module) => sum + module.gzippedBytes, 0)
  return { files: urls.size, gzippedBytes, modules }
}
