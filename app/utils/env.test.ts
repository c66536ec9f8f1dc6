import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, parseEnv } from './env.server.ts'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'shop-env-'))

describe('parseEnv', () => {
  test('fills in defaults for the demo shop', () => {
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir() })
    expect(env.PORT).toBe(3000)
    expect(env.PUBLIC_URL).toBe('http://localhost:3000')
    expect(env.usesEmbeddedDatabase).toBe(true)
    expect(env.demoData).toBe(true)
  })

  test('names the variable that is wrong', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'mysql://x' })).toThrow(
      'Invalid environment variable DATABASE_URL: must be a postgres:// or postgresql:// connection URL',
    )
    expect(() => parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'not a url' })).toThrow(ConfigError)
  })

  test('requires SESSION_SECRET in production on PostgreSQL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop' })).toThrow(
      'Missing environment variable SESSION_SECRET: required in production',
    )
  })

  test('keeps a generated secret for the embedded shop across restarts', () => {
    const dir = dataDir()
    const first = parseEnv({ NODE_ENV: 'production', DATA_DIR: dir }).SESSION_SECRET
    const second = parseEnv({ NODE_ENV: 'production', DATA_DIR: dir }).SESSION_SECRET
    expect(first).toHaveLength(64)
    expect(second).toBe(first)
  })

  test('object storage needs its bucket and both keys', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', S3_BUCKET: 'uploads' })).toThrow(/S3_ACCESS_KEY_ID/)
  })

  test('a shop on https takes no play money: it needs a payment provider, or DEMO_PAYMENTS on purpose', () => {
    const live = { NODE_ENV: 'production', DATA_DIR: dataDir(), PUBLIC_URL: 'https://shop.example.com' }
    expect(() => parseEnv(live)).toThrow(/^Missing environment variable STRIPE_SECRET_KEY: /)
    expect(() => parseEnv({ ...live, DEMO_PAYMENTS: 'false' })).toThrow(/STRIPE_SECRET_KEY/)
    expect(parseEnv({ ...live, DEMO_PAYMENTS: 'true' }).PUBLIC_URL).toBe('https://shop.example.com')
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
    expect(parseEnv({ ...live, ...stripe }).STRIPE_SECRET_KEY).toBe('sk_live_x')
    // The quick start on http://localhost keeps its demo checkout.
    expect(parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir() }).STRIPE_SECRET_KEY).toBeUndefined()
  })

  test('demo data is off on PostgreSQL unless asked for', () => {
    expect(parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgres://db/shop' }).demoData).toBe(false)
    expect(parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgres://db/shop', DEMO_DATA: 'true' }).demoData).toBe(true)
  })

  test('TRUST_PROXY: nobody by default; a hop count, named ranges, addresses or CIDR ranges when set', () => {
    const parse = (TRUST_PROXY?: string) => parseEnv({ NODE_ENV: 'test', TRUST_PROXY }).TRUST_PROXY
    expect(parse()).toBe(false)
    expect(parse('')).toBe(false)
    expect(parse('0')).toBe(false)
    expect(parse('1')).toBe(1)
    expect(parse('2')).toBe(2)
    expect(parse('loopback')).toEqual(['loopback'])
    expect(parse('loopback, 10.0.0.0/8,192.168.1.20 , fd00::/8, ::1')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.20',
      'fd00::/8',
      '::1',
    ])
  })

  test('TRUST_PROXY: anything else, trusting everyone included, refuses start-up with one line', () => {
    for (const value of [
      'true',
      'yes',
      'proxy.example.com',
      '10.0.0.0/33',
      '10.0.0.1/8/8',
      '1,',
      '-1',
      '1.5',
      '::1/129',
    ]) {
      expect(() => parseEnv({ NODE_ENV: 'test', TRUST_PROXY: value }), value).toThrow(
        'Invalid environment variable TRUST_PROXY: must be a hop count like 1, loopback, or a comma-separated list of proxy addresses or CIDR ranges (like 10.0.0.0/8)',
      )
    }
  })
})
