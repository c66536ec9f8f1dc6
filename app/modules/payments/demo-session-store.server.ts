import { and, asc, eq, lte } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { isProviderId } from '#app/utils/ids.ts'
import { demoCheckoutSessions } from './schema.server.ts'
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
  /** The countries the page offers for the address (empty: any); one for a cart checkout. */
  shippingCountries: string[]
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
 * A store in this process's memory, for tests of the demo provider.
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
      if (record?.status !== 'open') return null
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

type DemoSessionRow = typeof demoCheckoutSessions.$inferSelect

function toRecord(row: DemoSessionRow): DemoSessionRecord {
  return {
    id: row.id,
    reference: { kind: row.referenceKind, id: row.referenceId },
    lines: row.lines,
    discount:
      row.discountCode && row.discountCents !== null
        ? { code: row.discountCode, amountCents: row.discountCents }
        : null,
    shippingCents: row.shippingCents,
    amountTotalCents: row.amountTotalCents,
    customerEmail: row.customerEmail,
    collectShippingAddress: row.collectShippingAddress,
    shippingCountries: row.shippingCountries,
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    status: row.status,
    paymentStatus: row.paymentStatus,
    shippingAddress: row.shippingAddress ?? null,
    paymentReference: row.paymentReference,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    settledAt: row.settledAt,
  }
}

/**
 * The demo sessions in the `demo_checkout_sessions` table, shared by every server instance.
 * Settling is a compare-and-set on `status = 'open'`, so a double click or two instances pay once.
 * @example const provider = createDemoProvider({ sessionSecret, store: createDatabaseDemoSessionStore() })
 */
export function createDatabaseDemoSessionStore(): DemoSessionStore {
  return {
    async insert(record) {
      const db = await getDb()
      await db.insert(demoCheckoutSessions).values({
        id: record.id,
        referenceKind: record.reference.kind,
        referenceId: record.reference.id,
        lines: record.lines,
        discountCode: record.discount?.code ?? null,
        discountCents: record.discount?.amountCents ?? null,
        shippingCents: record.shippingCents,
        amountTotalCents: record.amountTotalCents,
        customerEmail: record.customerEmail,
        collectShippingAddress: record.collectShippingAddress,
        shippingCountries: record.shippingCountries,
        successUrl: record.successUrl,
        cancelUrl: record.cancelUrl,
        status: record.status,
        paymentStatus: record.paymentStatus,
        shippingAddress: record.shippingAddress,
        paymentReference: record.paymentReference,
        createdAt: record.createdAt,
        expiresAt: record.expiresAt,
        settledAt: record.settledAt,
      })
    },
    async find(id) {
      // A session id from the demo page's address: a malformed one is unknown.
      if (!isProviderId(id)) return null
      const db = await getDb()
      const [row] = await db.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.id, id)).limit(1)
      return row ? toRecord(row) : null
    },
    async settle(id, settlement) {
      const db = await getDb()
      const [row] = await db
        .update(demoCheckoutSessions)
        .set(settlement)
        .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.status, 'open')))
        .returning()
      return row ? toRecord(row) : null
    },
    async listLapsed(now, limit) {
      const db = await getDb()
      const rows = await db
        .select()
        .from(demoCheckoutSessions)
        .where(and(eq(demoCheckoutSessions.status, 'open'), lte(demoCheckoutSessions.expiresAt, now)))
        .orderBy(asc(demoCheckoutSessions.expiresAt))
        .limit(limit)
      return rows.map(toRecord)
    },
  }
}
