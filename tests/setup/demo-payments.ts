import {
  createDatabaseDemoSessionStore,
  createDemoProvider,
  type DemoPaymentProvider,
  setPaymentProvider,
} from '#app/modules/payments/index.server.ts'

/** The session secret every test's demo checkout signs its payment events with. */
export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-000'

/**
 * A fresh demo checkout, its sessions kept in the test's database as the shop keeps them, made the
 * shop's payment provider: call it in beforeEach, and `setPaymentProvider(null)` in afterAll.
 * `now` moves the checkout's clock (session expiry) for a test that needs time to pass.
 * @example
 * beforeEach(() => {
 *   provider = installDemoPayments()
 * })
 */
export function installDemoPayments({ now }: { now?: () => Date } = {}): DemoPaymentProvider {
  const provider = createDemoProvider({
    sessionSecret: TEST_SESSION_SECRET,
    store: createDatabaseDemoSessionStore(),
    now,
  })
  setPaymentProvider(provider)
  return provider
}
