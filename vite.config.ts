import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import type { CodeSplittingGroup } from 'rolldown'
import { defineConfig } from 'vite'
import { leanLucideIcons } from './scripts/vite/lean-lucide-icons.ts'

// Every page's first load is React with React Router, and the root route's frame (header, footer
// and the few ui parts and rules they use). Left to itself the bundler cuts these into some
// thirty small files, and small files compress far worse than a few large ones (first-load
// JavaScript is measured gzipped, file by file, by scripts/bench/first-load-javascript.ts), so
// each becomes one chunk. Lazy parts (the header's menus, the toast library) stay out: only
// static imports are followed.

const framework = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/
// The barrels of radix-ui and lucide-react name every component they have; only the shop's own
// modules and the small libraries every ui part uses are put in the frame by name.
const appFolder = path.resolve(import.meta.dirname, 'app') + path.sep
const smallLibrary = /node_modules[\\/](clsx|tailwind-merge|class-variance-authority)[\\/]/
const frameModule = (id: string) => id.startsWith(appFolder) || smallLibrary.test(id)
const rootModule = path.resolve(import.meta.dirname, 'app/root.tsx')

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

let frame: Set<string> | undefined

function rootFrame(graph: ModuleGraph) {
  if (frame) return frame
  frame = new Set()
  const queue = [rootModule]
  while (queue.length > 0) {
    const id = queue.pop() as string
    if (frame.has(id) || framework.test(id)) continue
    frame.add(id)
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
  }
  return frame
}

const firstLoadChunks: CodeSplittingGroup[] = [
  { name: 'framework', test: framework, priority: 2 },
  { name: (id, graph) => (rootFrame(graph).has(id) && frameModule(id) ? 'frame' : null), priority: 1 },
]

// React Router's package points every build at its development files (react-router issue #14102),
// whose warnings stay in the browser's bundle (0.7 KB gzipped). The browser's production build
// takes its production files by path; the server build and the dev server keep the package's
// own, as @react-router/node imports it at run time and must share one copy with the app.
const reactRouterDist = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production')
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
]

export default defineConfig(({ command, isSsrBuild }) => ({
  // The production server (server.js) imports the express app from the server build, so the
  // server entry is our own server/app.ts, which in turn mounts React Router's request handler.
  build: isSsrBuild
    ? { rollupOptions: { input: './server/app.ts' }, target: 'node20' }
    : { rolldownOptions: { output: { codeSplitting: { groups: firstLoadChunks } } } },
  ssr: {
    // Native or WASM packages, and pdfkit (it reads its font files from its own folder), must stay as runtime imports instead of being bundled.
    external: ['@electric-sql/pglite', 'sharp', 'pg', 'pino', 'nodemailer', 'stripe', 'better-auth', 'pdfkit'],
    // Bundled, so its icons draw through the server's quicker Icon (leanLucideIcons, decision 042).
    noExternal: ['lucide-react'],
  },
  resolve: command === 'build' && !isSsrBuild ? { alias: reactRouterProduction } : {},
  plugins: [leanLucideIcons(), tailwindcss(), reactRouter()],
}))
