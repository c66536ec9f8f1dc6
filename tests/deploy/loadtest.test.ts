import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { requireProductionBuild } from '#tests/setup/server-process.ts'
import { runLoadTest } from '../../scripts/loadtest/load-test.ts'
import { LOAD_TEST_ENV, parseOptions, section } from '../../scripts/loadtest/run.ts'
import { type Cluster, startCluster } from './cluster.ts'

// `npm run loadtest` (scripts/loadtest/), briefly: a few seconds of its mixed traffic at a few
// connections through the cluster, every kind of request sent, no error, the stock adding up. The
// full run (60 s, 200 connections) is `npm run loadtest`, which writes BENCHMARKS.md; this does not.

let cluster: Cluster
beforeAll(async () => {
  requireProductionBuild()
  cluster = await startCluster({ env: LOAD_TEST_ENV })
}, 180_000)
afterAll(() => cluster?.stop())

describe('npm run loadtest', () => {
  test('a short run through the balancer: every kind of request, no error, no 500, no oversold stock', async () => {
    const result = await runLoadTest(cluster, { seconds: 3, connections: 8 })
    expect(result.problems).toEqual([])
    expect(result.failures).toEqual([])
    expect(result.serverErrors).toBe(0)
    for (const kind of result.kinds) expect(kind.requests, kind.kind).toBeGreaterThan(0)
    // The scarce product sold (each customer buys first), and never below nothing.
    expect(result.stock.sold).toBeGreaterThan(0)
    expect(result.stock.left).toBeGreaterThanOrEqual(0)
    expect(result.stock.sold).toBe(result.stock.confirmed)
    const written = section(result, new Date(), [1, 1, 1])
    expect(written).toMatch(/^## Under load through the balancer\n/)
    expect(written).toContain('**Result:** PASS')
  }, 30_000)

  test('its flags: --seconds and --connections within bounds, --no-write', () => {
    expect(parseOptions([])).toEqual({ seconds: 60, connections: 200, write: true })
    expect(parseOptions(['--seconds', '10', '--connections', '50', '--no-write'])).toEqual({
      seconds: 10,
      connections: 50,
      write: false,
    })
    expect(() => parseOptions(['--seconds', '0'])).toThrow('--seconds takes a whole number from 1 to 600')
    expect(() => parseOptions(['--connections', '5000'])).toThrow('--connections takes a whole number from 1 to 1000')
    expect(() => parseOptions(['--seconds', 'ten'])).toThrow('--seconds')
    expect(() => parseOptions(['--forever'])).toThrow()
  })
})
