import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

// The layers of app/ (README "Folder map", ADR 002), checked on every import of every file:
// - a module (app/modules/<name>/) imports its own files, another module's schema.server.ts only
//   (the foreign keys ADR 002 allows), and utils/ and rules/; never a route, a workflow, a component
//   or another module's code;
// - outside its folder a module is reached through its index.server.ts, or through its files that
//   hold no server code (schemas.ts, types.ts: shared with the browser);
// - utils/ and rules/ import no module, workflow or route (utils/db-schema.server.ts gathers the
//   modules' tables for the typed database handle, and may);
// - nothing but routes.ts and routes import a route module at run time (a component may type a
//   fetcher by the resource route it calls);
// - nothing outside the back-office's folders (routes/admin/, components/admin/) imports from them
//   at run time: the storefront's stylesheet (app.css) does not scan them (decision 041).
// Tests may reach anything (they set up rows through the tables themselves).

const APP = path.resolve(import.meta.dirname)

/** Imports that break a rule above on purpose, each with its reason. */
const ALLOWED: Record<string, string> = {
  // The auth library sends its own e-mails (password reset, address check) from callbacks set when
  // it is created, inside the accounts module.
  'modules/accounts/auth.server.ts -> modules/mail/index.server.ts': 'auth e-mails',
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === '+types' ? [] : sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every import or re-export specifier of a file, resolved to a path under app/ where it is ours. */
function importsOf(file: string, { types = true } = {}): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(import type|import|export)[^'"]*?from\s+'([^']+)'/g)]
    .filter((match) => types || match[1] !== 'import type')
    .map((match) => match[2])
  const dynamic = [...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((match) => match[1])
  return [...specifiers, ...dynamic].flatMap((specifier) => {
    if (specifier.startsWith('#app/')) return [specifier.slice('#app/'.length)]
    if (specifier.startsWith('.')) {
      if (specifier.includes('/+types/')) return []
      return [path.relative(APP, path.resolve(path.dirname(file), specifier))]
    }
    return []
  })
}

const layerOf = (relative: string) => relative.split('/')[0]
const inBackOffice = (relative: string) =>
  relative.startsWith('routes/admin/') || relative.startsWith('components/admin/')
const moduleOf = (relative: string) => (relative.startsWith('modules/') ? relative.split('/')[1] : null)

function violations(): string[] {
  const found: string[] = []
  for (const file of sourceFiles(APP)) {
    const from = path.relative(APP, file)
    const runtime = new Set(importsOf(file, { types: false }))
    for (const to of importsOf(file)) {
      const edge = `${from} -> ${to}`
      if (ALLOWED[edge]) continue
      const fromModule = moduleOf(from)
      const toModule = moduleOf(to)
      if (fromModule) {
        if (['routes', 'workflows', 'components', 'hooks', 'wiring'].includes(layerOf(to)) || to === 'routes.ts') {
          found.push(`${edge}: a module imports ${layerOf(to)}/`)
        } else if (toModule && toModule !== fromModule && !to.endsWith('/schema.server.ts')) {
          found.push(`${edge}: a module imports another module's code`)
        }
        continue
      }
      if (
        toModule &&
        /\.server\.tsx?$/.test(to) &&
        !to.endsWith('/index.server.ts') &&
        !to.endsWith('/schema.server.ts')
      ) {
        found.push(`${edge}: outside a module, import its index.server.ts`)
      }
      if (
        ['utils', 'rules'].includes(layerOf(from)) &&
        ['modules', 'workflows', 'routes', 'wiring'].includes(layerOf(to)) &&
        !(from === 'utils/db-schema.server.ts' && to.endsWith('/schema.server.ts'))
      ) {
        found.push(`${edge}: ${layerOf(from)}/ imports ${layerOf(to)}/`)
      }
      // A component may type a fetcher by the resource route it calls (erased from the bundle).
      if (layerOf(to) === 'routes' && layerOf(from) !== 'routes' && from !== 'routes.ts' && runtime.has(to)) {
        found.push(`${edge}: only routes import routes`)
      }
      if (inBackOffice(to) && !inBackOffice(from) && runtime.has(to)) {
        found.push(`${edge}: only the back-office imports its files (app.css leaves them out)`)
      }
    }
  }
  return found
}

describe('the layers of app/', () => {
  test('no import crosses a boundary', () => {
    expect(violations()).toEqual([])
  })

  test('the check sees imports (it would fail a module importing a route)', () => {
    // A guard against a scan that finds nothing: real files are read and their imports resolved.
    const someModuleFile = path.join(APP, 'modules/promotions/manage.server.ts')
    expect(importsOf(someModuleFile)).toContain('modules/promotions/schema.server.ts')
    expect(sourceFiles(APP).length).toBeGreaterThan(200)
  })
})
