import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { answeringDatabaseOutage, isDatabaseUnavailable, noticeDatabaseOutage } from './database-outage.server.ts'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  test('a connection refused, reset or lost, and PostgreSQL shutting down, are the database being away', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true)
    // Drizzle wraps the driver's error.
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED')))).toBe(true)
  })

  test('a wrong query or a broken rule is not', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value'))).toBe(false)
    expect(isDatabaseUnavailable(new DrizzleQueryError('select x', [], withCode('42703')))).toBe(false)
    expect(isDatabaseUnavailable(new Error('injected failure'))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})

describe('answeringDatabaseOutage', () => {
  const errorPage = () =>
    new Response('<h1>Something went wrong</h1>', { status: 500, headers: { 'content-type': 'text/html' } })

  test('a 500 from a render that noticed the database away becomes a 503 with Retry-After, the page kept', async () => {
    const response = await answeringDatabaseOutage(async () => {
      noticeDatabaseOutage(withCode('ECONNREFUSED'))
      return errorPage()
    })
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-type')).toBe('text/html')
    expect(await response.text()).toContain('Something went wrong')
  })

  test('any other failure stays a 500, and a good answer is untouched', async () => {
    const failed = await answeringDatabaseOutage(async () => {
      noticeDatabaseOutage(new Error('injected failure'))
      return errorPage()
    })
    expect(failed.status).toBe(500)
    const ok = await answeringDatabaseOutage(async () => new Response('ok'))
    expect(ok.status).toBe(200)
  })
})
