import type {
  CheckoutLine,
  CheckoutPaymentStatus,
  CheckoutReference,
  CheckoutShippingAddress,
  CheckoutStatus,
} from './types.ts'

/** A demo checkout session as the demo page shows it and the demo provider settles it. */
export type DemoSessionRecord = {
  id: string
  reference: CheckoutReference
  lines: CheckoutLine[]
  discount: { code: string; amountCents: number } | null
  shippingCents: number
  amountTotalCents: number
  /** Given at creation for signed-in customers, otherwise entered on the demo page. */
  customerEmail: string | null
  collectShippingAddress: boolean
  successUrl: string
  cancelUrl: string
  status: CheckoutStatus
  paymentStatus: CheckoutPaymentStatus
  shippingAddress: CheckoutShippingAddress | null
  paymentReference: string | null
  createdAt: Date
  expiresAt: Date
  /** When it left 'open' (completed, cancelled or lapsed). */
  settledAt: Date | null
}

/** What settling an open session changes. */
export type DemoSessionSettlement = Pick<
  DemoSessionRecord,
  'status' | 'paymentStatus' | 'customerEmail' | 'shippingAddress' | 'paymentReference'
> & { settledAt: Date }

/**
 * Where demo sessions live. Several server instances share one database, so the real store is a
 * table; this interface keeps the provider independent of it.
 */
export type DemoSessionStore = {
  insert(record: DemoSessionRecord): Promise<void>
  find(id: string): Promise<DemoSessionRecord | null>
  /**
   * Applies the settlement only if the session is still open (compare-and-set), and returns the
   * settled record; null when it was already settled, so a double click pays once.
   */
  settle(id: string, settlement: DemoSessionSettlement): Promise<DemoSessionRecord | null>
  /** Open sessions whose expiry has passed, oldest first. */
  listLapsed(now: Date, limit: number): Promise<DemoSessionRecord[]>
}

/**
 * A store in this process's memory: for tests, and until the `demo_checkout_sessions` table exists.
 * @example const provider = createDemoProvider({ sessionSecret, store: createMemoryDemoSessionStore() })
 */
export function createMemoryDemoSessionStore(): DemoSessionStore {
  const sessions = new Map<string, DemoSessionRecord>()
  const copy = (record: DemoSessionRecord) => structuredClone(record)
  return {
    async insert(record) {
      if (sessions.has(record.id)) throw new Error(`Demo session ${record.id} already exists`)
      sessions.set(record.id, copy(record))
    },
    async find(id) {
      const record = sessions.get(id)
      return record ? copy(record) : null
    },
    async settle(id, settlement) {
      const record = sessions.get(id)
      if (!record || record.status !== 'open') return null
      const settled = { ...record, ...settlement }
      sessions.set(id, copy(settled))
      return copy(settled)
    },
    async listLapsed(now, limit) {
      return [...sessions.values()]
        .filter((record) => record.status === 'open' && record.expiresAt <= now)
        .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())
        .slice(0, limit)
        .map(copy)
    },
  }
}
