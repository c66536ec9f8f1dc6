import path from 'node:path'
import type { Plugin } from 'vite'

/** The server's drop-in for lucide-react's Icon (decision 042). */
export const LEAN_ICON = path.resolve(import.meta.dirname, '../../app/components/ui/lucide-icon.server.tsx')

/** lucide-react's module that makes every icon a `createLucideIcon(data)` over its Icon. */
const ICON_FACTORY = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/

/**
 * In the server's renders only, lucide-react's icons draw through app/components/ui/lucide-icon.server.tsx
 * instead of the library's Icon: the import of `./Icon.mjs` by the library's icon factory is
 * answered with it. The browser keeps the library's Icon, so its bundle is as before. The server
 * build must bundle lucide-react (`ssr.noExternal`) for its imports to pass through here.
 */
export function leanLucideIcons(): Plugin {
  return {
    name: 'lean-lucide-icons',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (!options?.ssr || source !== './Icon.mjs' || !importer || !ICON_FACTORY.test(importer)) return null
      return LEAN_ICON
    },
  }
}
