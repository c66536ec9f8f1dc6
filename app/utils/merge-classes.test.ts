import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { twMerge } from 'tailwind-merge'
import { describe, expect, test } from 'vitest'
import { mergeClasses } from './merge-classes'

const appFolder = path.resolve(import.meta.dirname, '..')

/** Every utility class the shop's source names: string literals' words that tailwind-merge knows. */
function utilitiesInSource() {
  const words = new Set<string>()
  for (const entry of readdirSync(appFolder, { recursive: true, withFileTypes: true })) {
    if (
      !entry.isFile() ||
      !/\.tsx?$/.test(entry.name) ||
      entry.name.includes('.test.') ||
      entry.name === 'merge-classes.ts'
    )
      continue
    const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
    for (const [, a, b, c] of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const word of (a ?? b ?? c).split(/\s+/)) if (/^[!\-a-z[@*]/.test(word) && word.length < 60) words.add(word)
    }
  }
  // tailwind-merge keeps a word it does not know twice, and a utility once.
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word)
}

const variantsOf = (utility: string) => utility.replace(/[^:]*$/, '')

describe('mergeClasses', () => {
  test('a later utility replaces an earlier one of its kind, per variant', () => {
    expect(mergeClasses('px-4 py-2 px-2')).toBe('py-2 px-2')
    expect(mergeClasses('px-2 p-4')).toBe('p-4')
    expect(mergeClasses('p-4 px-2')).toBe('p-4 px-2')
    expect(mergeClasses('text-sm text-muted-foreground text-base')).toBe('text-muted-foreground text-base')
    expect(mergeClasses('hover:bg-accent bg-card hover:bg-primary')).toBe('bg-card hover:bg-primary')
    expect(mergeClasses('size-4 h-8')).toBe('size-4 h-8')
    expect(mergeClasses('h-8 w-8 size-4')).toBe('size-4')
    expect(mergeClasses('group flex  hidden')).toBe('group hidden')
  })

  test('agrees with tailwind-merge on every pair of utilities in the shop’s source', () => {
    const utilities = utilitiesInSource()
    expect(utilities.length).toBeGreaterThan(500)
    const byVariants = new Map<string, string[]>()
    for (const utility of utilities)
      byVariants.set(variantsOf(utility), [...(byVariants.get(variantsOf(utility)) ?? []), utility])
    const disagreements: string[] = []
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const classes = `${first} ${second}`
          const expected = twMerge(classes)
          if (mergeClasses(classes) !== expected) disagreements.push(`${classes} → ${expected}`)
        }
      }
    }
    expect(disagreements).toEqual([])
  })
})
