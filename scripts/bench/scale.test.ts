import { describe, expect, test } from 'vitest'
import { formatReport } from '../seed-scale/report.ts'
import { accountsOfSeedReport, type ScaleRow, scaleFigures } from './scale.ts'

const times = (p95: number, queries: number, p50 = p95 / 2) => ({ p50, p95, queries })

describe('the scale benchmark', () => {
  test('reads the admin and customer back from the report the seed prints', () => {
    const report = formatReport({
      tag: 'abc123',
      steps: [{ label: 'products', rows: 1000, ms: 900 }],
      accounts: [
        { role: 'Admin', email: 'admin@example.com', password: 'Aa1!first-secret' },
        { role: 'customer', email: 'customer@example.com', password: 'Bb2!second-secret' },
      ],
      totals: [{ table: 'products', rows: 1000 }],
      databaseBytes: 1024 ** 3,
      ms: 1000,
    })
    expect(accountsOfSeedReport(report)).toEqual({
      admin: { email: 'admin@example.com', password: 'Aa1!first-secret' },
      customer: { email: 'customer@example.com', password: 'Bb2!second-secret' },
    })
  })

  test('a report without accounts (the shop had them already) gives none', () => {
    expect(accountsOfSeedReport('The shop already had accounts, so none were made: sign in with those.')).toBeNull()
  })

  test('a page passes when it is fast, lean and flat at 100k products', () => {
    const rows: ScaleRow[] = [
      { label: 'fast', small: times(10, 3), large: times(12, 3) },
      { label: 'slow', small: times(10, 3), large: times(30, 3) },
      { label: 'chatty', small: times(5, 9), large: times(6, 9) },
      { label: 'grows', small: times(4, 3), large: times(20, 3) },
      // Its median is flat; only its slowest answers are slower (the machine's pauses).
      { label: 'noisy tail', small: times(10, 3, 8), large: times(20, 3, 8.5) },
      { label: 'median grows', small: times(20, 3, 6), large: times(20, 3, 12) },
    ]
    expect(scaleFigures(rows).map((figure) => figure.verdict)).toEqual([
      'PASS',
      'FALL SHORT',
      'FALL SHORT',
      'FALL SHORT',
      'PASS',
      'FALL SHORT',
    ])
  })
})
