import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { getPaymentProvider, setPaymentProvider } from './index.server.ts'

const globalEnv = globalThis as typeof globalThis & { __shopEnv?: unknown }
const saved = { key: process.env.STRIPE_SECRET_KEY, secret: process.env.STRIPE_WEBHOOK_SECRET }

function resetProcessState() {
  delete globalEnv.__shopEnv
  setPaymentProvider(null)
}

beforeEach(resetProcessState)
afterEach(() => {
  for (const [name, value] of [
    ['STRIPE_SECRET_KEY', saved.key],
    ['STRIPE_WEBHOOK_SECRET', saved.secret],
  ] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  resetProcessState()
})

describe('getPaymentProvider', () => {
  test('is the demo checkout when no Stripe key is configured, one per process', () => {
    delete process.env.STRIPE_SECRET_KEY
    const provider = getPaymentProvider()
    expect(provider.name).toBe('demo')
    expect(getPaymentProvider()).toBe(provider)
  })

  test('is Stripe when STRIPE_SECRET_KEY is set', () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_configured'
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_configured'
    expect(getPaymentProvider().name).toBe('stripe')
  })
})
