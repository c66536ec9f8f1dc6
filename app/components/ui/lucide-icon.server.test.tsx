import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as lucide from 'lucide-react'
import { LucideProvider } from 'lucide-react/dist/esm/context.mjs'
import LibraryIcon from 'lucide-react/dist/esm/Icon.mjs'
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { LEAN_ICON, leanLucideIcons } from '../../../scripts/vite/lean-lucide-icons.ts'
import LeanIcon, { type LucideIconData } from './lucide-icon.server.tsx'

const appFolder = path.resolve(import.meta.dirname, '../..')

/** Every icon the shop's source imports from lucide-react, by name. */
function iconsTheShopUses(): string[] {
  const names = new Set<string>()
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (/\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(file, 'utf8').matchAll(
          /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'lucide-react'/g,
        )) {
          for (const name of (match[1] ?? '').split(',')) {
            const imported = name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]
            if (imported && imported !== 'LucideIcon' && imported !== 'LucideProps') names.add(imported)
          }
        }
      }
    }
  }
  walk(appFolder)
  return [...names].sort()
}

/** An icon's data, as its component hands it to the Icon (lucide-react's createLucideIcon). */
function dataOf(name: string): LucideIconData {
  const component = (
    lucide as unknown as Record<string, { render: (props: object, ref: null) => { props: { icon: LucideIconData } } }>
  )[name]
  if (!component) throw new Error(`lucide-react has no ${name}`)
  return component.render({}, null).props.icon
}

const drawn = (icon: unknown, props: Record<string, unknown>, wrap = (node: ReactNode) => node) => ({
  library: renderToStaticMarkup(wrap(createElement(LibraryIcon, { icon, ...props }))),
  lean: renderToStaticMarkup(wrap(createElement(LeanIcon, { icon: icon as LucideIconData, ...props }))),
})

const PROPS: Record<string, Record<string, unknown>> = {
  'no props': {},
  'a class': { className: 'size-4 text-primary' },
  'a class with repeated and spaced words': { className: '  size-4  lucide size-4 ' },
  'a name for screen readers': { 'aria-label': 'Close' },
  'hidden on purpose': { 'aria-hidden': true, className: 'shrink-0' },
  'a role': { role: 'img' },
  'a title': { title: 'Stock' },
  'an aria attribute left empty': { 'aria-label': undefined },
  'other attributes': { 'data-testid': 'icon', fill: 'currentColor', id: 'x' },
  children: { children: createElement('title', { key: 'title' }, 'Rating') },
  // Left to the library's Icon:
  'a size': { size: 16 },
  'a stroke width': { strokeWidth: 1.5, className: 'size-5' },
  'an absolute stroke width': { absoluteStrokeWidth: true, size: 32 },
  'a colour': { color: 'red' },
  'a non-scaling stroke': { nonScalingStroke: true },
}

describe('the server’s lucide Icon (decision 042)', () => {
  const names = iconsTheShopUses()

  test('finds the icons the shop uses', () => {
    expect(names.length).toBeGreaterThan(40)
    expect(names).toContain('PencilIcon')
  })

  test.each(Object.entries(PROPS))('draws every icon the shop uses as the library does, with %s', (_what, props) => {
    for (const name of names) {
      const { library, lean } = drawn(dataOf(name), props)
      expect(lean, name).toBe(library)
    }
  })

  test('draws an icon with aliases and its own size as the library does', () => {
    const icon: LucideIconData = {
      name: 'test-shape',
      size: 20,
      aliases: ['old-name', ' ', 'other'],
      node: [
        ['path', { d: 'M1 1h18', key: 'a' }],
        ['circle', { cx: '10', cy: '10', r: '2', key: 'b' }],
      ],
    }
    for (const props of Object.values(PROPS)) {
      const { library, lean } = drawn(icon, props)
      expect(lean).toBe(library)
    }
  })

  test('leaves a LucideProvider’s settings to the library', () => {
    const inProvider = (node: ReactNode) => createElement(LucideProvider, { size: 18, strokeWidth: 1 }, node)
    const { library, lean } = drawn(dataOf('PencilIcon'), { className: 'size-4' }, inProvider)
    expect(lean).toBe(library)
    expect(lean).toContain('width="18"')
  })
})

describe('leanLucideIcons', () => {
  const plugin = leanLucideIcons()
  const resolve = (source: string, importer: string | undefined, ssr: boolean) =>
    (plugin.resolveId as (source: string, importer: string | undefined, options: { ssr: boolean }) => string | null)(
      source,
      importer,
      { ssr },
    )
  const factory = '/app/node_modules/lucide-react/dist/esm/createLucideIcon.mjs'

  test('answers the icon factory’s Icon with the server’s, in server builds only', () => {
    expect(resolve('./Icon.mjs', factory, true)).toBe(LEAN_ICON)
    expect(resolve('./Icon.mjs', factory, false)).toBeNull()
  })

  test('matches the installed lucide-react: its icon factory imports the Icon the plugin answers', () => {
    // After an upgrade that moves these files the plugin would match nothing: the library's Icon
    // would draw again, correct but slower. This says so.
    const installed = path.resolve(appFolder, '../node_modules/lucide-react/dist/esm/createLucideIcon.mjs')
    expect(readFileSync(installed, 'utf8')).toMatch(/import Icon from '\.\/Icon\.mjs'/)
    expect(resolve('./Icon.mjs', installed, true)).toBe(LEAN_ICON)
  })

  test('leaves every other import alone', () => {
    expect(resolve('./Icon.mjs', '/app/node_modules/lucide-react/dist/esm/DynamicIcon.mjs', true)).toBeNull()
    expect(resolve('./Icon.mjs', '/app/node_modules/other/createLucideIcon.mjs', true)).toBeNull()
    expect(resolve('./context.mjs', factory, true)).toBeNull()
    expect(resolve('./Icon.mjs', undefined, true)).toBeNull()
  })
})
