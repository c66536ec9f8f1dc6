import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { parseSeedOptions, scaleCounts, UsageError } from './options.ts'

describe('parseSeedOptions', () => {
  test('makes 100,000 products and the rest in proportion by default', () => {
    expect(parseSeedOptions([])).toEqual({
      counts: { products: 100_000, customers: 50_000, orders: 1_000_000, reviews: 200_000, quotes: 100_000 },
      force: false,
    })
  })

  test('scales every count from --products, in either spelling, and reads --force', () => {
    expect(parseSeedOptions(['--products', '1000', '--force'])).toEqual({ counts: scaleCounts(1000), force: true })
    expect(parseSeedOptions(['--products=200']).counts).toEqual({
      products: 200,
      customers: 100,
      orders: 2000,
      reviews: 400,
      quotes: 200,
    })
  })

  test.each([
    [['--products']],
    [['--products', 'ten']],
    [['--products', '0']],
    [['--products', '-5']],
    [['--products', '1.5']],
    [['--products', '2000000']],
    [['--force=yes']],
    [['--customers', '5']],
  ])('refuses %j with the usage line', (args) => {
    expect(() => parseSeedOptions(args)).toThrow(UsageError)
    expect(() => parseSeedOptions(args)).toThrow(/Usage: npm run seed:scale/)
  })
})

describe('npm run seed:scale', () => {
  test('refuses to run without DATABASE_URL, before touching anything', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const { DATABASE_URL: _unset, ...env } = process.env
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-scale/run.ts', '--products', '10'], {
      cwd: root,
      env: { ...env, NODE_ENV: 'test' },
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('seed:scale refused: seed:scale needs DATABASE_URL.')
  })
})
