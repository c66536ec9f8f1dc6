import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { groupBy } from '#app/utils/group-by.ts'
import { isUuid } from '#app/utils/ids.ts'
import {
  countUpToLimit,
  type PageRequest,
  selectCounts,
  selectNewestFirstPage,
} from '#app/utils/list-queries.server.ts'
import { invoices } from '../invoices/schema.server.ts'
import { quoteItems, quotes } from './schema.server.ts'
import { MAX_QUOTE_TOTAL_CENTS, QUOTE_VALID_DAYS } from './schemas.ts'
import type { PrintQuoteItemInput, QuoteDto, QuoteFilter, QuoteItemInput } from './types.ts'

const quoteColumns = {
  id: quotes.id,
  userId: quotes.userId,
  status: quotes.status,
  totalCents: quotes.totalCents,
  expiresAt: quotes.expiresAt,
  requestedAt: quotes.requestedAt,
  acceptedAt: quotes.acceptedAt,
  invoiceId: quotes.invoiceId,
  createdAt: quotes.createdAt,
}

type QuoteRow = Omit<QuoteDto, 'items' | 'expired'>

/** A quote is expired once its date has passed, unless the shop already accepted it. */
const isExpired = (quote: Pick<QuoteRow, 'status' | 'expiresAt'>, now = new Date()) =>
  quote.status !== 'accepted' && quote.expiresAt.getTime() <= now.getTime()

async function withItems(db: DbOrTx, rows: QuoteRow[]): Promise<QuoteDto[]> {
  if (rows.length === 0) return []
  const items = await db
    .select({
      quoteId: quoteItems.quoteId,
      productId: quoteItems.productId,
      title: quoteItems.title,
      quantity: quoteItems.quantity,
      unitPriceCents: quoteItems.unitPriceCents,
      totalPriceCents: quoteItems.totalPriceCents,
      quoteModelId: quoteItems.quoteModelId,
      print: quoteItems.print,
    })
    .from(quoteItems)
    .where(
      inArray(
        quoteItems.quoteId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(quoteItems.position))
  const itemsOf = groupBy(items, 'quoteId')
  const now = new Date()
  return rows.map((row) => ({ ...row, expired: isExpired(row, now), items: itemsOf.get(row.id) ?? [] }))
}

/**
 * Saves a customer's quote as a draft with its lines, expiring 14 days ahead (storefront §4). The
 * lines come priced by the caller from the catalogue; the total is their sum, computed here.
 * `savedAt` is now, except for demo content that shows an older quote.
 * @example const { id } = await createQuote(viewer.id, [{ productId, title: 'Bike Mount', quantity: 3, unitPriceCents: 2499, totalPriceCents: 7497 }])
 */
export async function createQuote(
  userId: string,
  items: readonly (QuoteItemInput | PrintQuoteItemInput)[],
  savedAt: Date = new Date(),
): Promise<QuoteDto> {
  if (items.length === 0) throw new Error('A quote needs at least one item')
  const totalCents = items.reduce((sum, item) => sum + item.totalPriceCents, 0)
  if (totalCents > MAX_QUOTE_TOTAL_CENTS) throw new Error('The quote total is too large')
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [quote] = await tx
      .insert(quotes)
      .values({
        userId,
        status: 'draft',
        totalCents,
        createdAt: savedAt,
        expiresAt: new Date(savedAt.getTime() + QUOTE_VALID_DAYS * 24 * 60 * 60 * 1000),
      })
      .returning(quoteColumns)
    if (!quote) throw new Error('The quote was not stored')
    await tx.insert(quoteItems).values(items.map((item, position) => ({ quoteId: quote.id, position, ...item })))
    const [saved] = await withItems(tx, [quote])
    return saved as QuoteDto
  })
}

/**
 * A customer's own quotes, newest first, with their items.
 * @example const mine = await listQuotesOfUser(viewer.id)
 */
export async function listQuotesOfUser(userId: string): Promise<QuoteDto[]> {
  const db = await getDb()
  const rows = await db
    .select(quoteColumns)
    .from(quotes)
    .where(eq(quotes.userId, userId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
  return withItems(db, rows)
}

/**
 * Deletes a customer's own quote with its items; null when it is not theirs or does not exist, else
 * the models its print lines referred to, for the caller to delete those nothing else refers to
 * (decision 040). An accepted quote's invoice stays.
 * @example const deleted = await deleteQuoteOfUser(quoteId, viewer.id, tx) // { quoteModelIds: [...] }
 */
export async function deleteQuoteOfUser(
  quoteId: string,
  userId: string,
  tx?: DbOrTx,
): Promise<{ quoteModelIds: string[] } | null> {
  if (!isUuid(quoteId)) return null
  const db = tx ?? (await getDb())
  // Read before the delete: the items, and so their model references, go with the quote.
  const items = await db
    .select({ quoteModelId: quoteItems.quoteModelId })
    .from(quoteItems)
    .innerJoin(quotes, eq(quotes.id, quoteItems.quoteId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)))
  const rows = await db
    .delete(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)))
    .returning({ id: quotes.id })
  if (rows.length === 0) return null
  const quoteModelIds = items.flatMap((item) => (item.quoteModelId ? [item.quoteModelId] : []))
  return { quoteModelIds: [...new Set(quoteModelIds)] }
}

export type RequestQuoteResult =
  | { ok: true; quote: QuoteDto }
  | { ok: false; reason: 'not-found' | 'expired' | 'settled' }

/**
 * The customer asks the shop to accept their draft quote. Not for an expired quote, nor one already
 * asked about or accepted.
 * @example const result = await requestQuoteAcceptance(quoteId, viewer.id)
 */
export async function requestQuoteAcceptance(quoteId: string, userId: string): Promise<RequestQuoteResult> {
  if (!isUuid(quoteId)) return { ok: false, reason: 'not-found' }
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [quote] = await tx
      .select(quoteColumns)
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)))
      .for('update')
    if (!quote) return { ok: false, reason: 'not-found' }
    if (isExpired(quote)) return { ok: false, reason: 'expired' }
    if (quote.status !== 'draft') return { ok: false, reason: 'settled' }
    const [updated] = await tx
      .update(quotes)
      .set({ status: 'requested', requestedAt: new Date() })
      .where(eq(quotes.id, quoteId))
      .returning(quoteColumns)
    const [saved] = await withItems(tx, [updated as QuoteRow])
    return { ok: true, quote: saved as QuoteDto }
  })
}

const filterConditions = (now: Date): Record<QuoteFilter, SQL | undefined> => ({
  all: undefined,
  draft: and(eq(quotes.status, 'draft'), gt(quotes.expiresAt, now)),
  requested: and(eq(quotes.status, 'requested'), gt(quotes.expiresAt, now)),
  accepted: eq(quotes.status, 'accepted'),
  expired: and(ne(quotes.status, 'accepted'), lte(quotes.expiresAt, now)),
})

/**
 * How many quotes wait for the shop's answer: acceptance requested by the customer and not expired
 * (counted up to the lists' limit, rules/list-counts.ts).
 * @example await countQuotesAwaitingAnswer() // 2
 */
export async function countQuotesAwaitingAnswer(now = new Date()): Promise<number> {
  const db = await getDb()
  const { value } = await selectCounts(db, { value: quotesAwaitingAnswerCount(now) })
  return value
}

/**
 * {@link countQuotesAwaitingAnswer} as a column, for one statement of several counts (selectCounts).
 * @example await selectCounts(db, { quotes: quotesAwaitingAnswerCount(now) })
 */
export function quotesAwaitingAnswerCount(now: Date): SQL<number> {
  return countUpToLimit(quotes, filterConditions(now).requested)
}

/**
 * Every customer's quotes for the back-office, newest first, one page at a time, optionally of one
 * state (a draft or request past its date counts as expired).
 * @example const { quotes, total } = await listAllQuotes({ filter: 'requested', limit: 50, offset: 0 })
 */
export async function listAllQuotes({
  filter = 'all',
  limit,
  offset = 0,
}: { filter?: QuoteFilter } & PageRequest): Promise<{ quotes: QuoteDto[]; total: number }> {
  const db = await getDb()
  const where = filterConditions(new Date())[filter]
  const { rows, total } = await selectNewestFirstPage(db, quotes, quoteColumns, { where, limit, offset })
  return { quotes: await withItems(db, rows), total }
}

/**
 * One quote, locked until the transaction ends (the shop accepting it). Null when unknown.
 * @example const quote = await lockQuote(quoteId, tx)
 */
export async function lockQuote(quoteId: string, tx: DbOrTx): Promise<QuoteDto | null> {
  if (!isUuid(quoteId)) return null
  const [quote] = await tx.select(quoteColumns).from(quotes).where(eq(quotes.id, quoteId)).for('update')
  if (!quote) return null
  const [withLines] = await withItems(tx, [quote])
  return withLines ?? null
}

/**
 * Marks a quote accepted, linked to the invoice made of it. Use inside the transaction that made
 * the invoice, after `lockQuote`.
 * @example await markQuoteAccepted(quote.id, invoice.id, tx)
 */
export async function markQuoteAccepted(quoteId: string, invoiceId: string, tx: DbOrTx): Promise<void> {
  await tx.update(quotes).set({ status: 'accepted', invoiceId, acceptedAt: new Date() }).where(eq(quotes.id, quoteId))
}

/**
 * The quote an invoice was made of, if any (the invoice page links back to it).
 * @example const quote = await findQuoteOfInvoice(invoice.id) // { id } | null
 */
export async function findQuoteOfInvoice(invoiceId: string): Promise<{ id: string } | null> {
  if (!isUuid(invoiceId)) return null
  const db = await getDb()
  const [row] = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.invoiceId, invoiceId)).limit(1)
  return row ?? null
}

/**
 * Whose quote it is; null when unknown.
 * @example const userId = await findQuoteOwner(quoteId)
 */
export async function findQuoteOwner(quoteId: string): Promise<string | null> {
  if (!isUuid(quoteId)) return null
  const db = await getDb()
  const [row] = await db.select({ userId: quotes.userId }).from(quotes).where(eq(quotes.id, quoteId)).limit(1)
  return row?.userId ?? null
}

/**
 * Print hours the shop has been paid for through accepted quotes and still has to print: each print
 * line's hours per part × quantity, of quotes whose invoice was paid at or after `paidSince` (a quote's
 * invoice records no fulfilment, so a paid print counts until its promised production time has
 * passed; decision 035's queue).
 * @example const hours = await paidQuotePrintHours(new Date(Date.now() - 7 * 86_400_000))
 */
export async function paidQuotePrintHours(paidSince: Date, tx?: DbOrTx): Promise<number> {
  const db = tx ?? (await getDb())
  const [row] = await db
    .select({
      hours:
        sql<number>`coalesce(sum((${quoteItems.print}->>'printHoursPerPart')::double precision * ${quoteItems.quantity}), 0)`.mapWith(
          Number,
        ),
    })
    .from(quoteItems)
    .innerJoin(quotes, eq(quotes.id, quoteItems.quoteId))
    .innerJoin(invoices, eq(invoices.id, quotes.invoiceId))
    .where(
      and(
        isNotNull(quoteItems.print),
        eq(quotes.status, 'accepted'),
        eq(invoices.status, 'paid'),
        gte(invoices.paymentDate, paidSince),
      ),
    )
  return row?.hours ?? 0
}
