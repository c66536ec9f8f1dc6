import { and, asc, desc, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResult } from 'drizzle-orm/query-builders/select.types'
import { isUuid } from '#app/utils/ids.ts'
import type { DbOrTx } from './db.server.ts'

/**
 * One key column of a list order: the SQL it is ordered and compared by, the SQL its value is read
 * with for a cursor (a timestamp as text with its microseconds, which a JavaScript Date would
 * lose), and the type a cursor's value is cast back to.
 */
export type KeyPart = {
  expression: SQL
  read?: SQL
  type: 'boolean' | 'timestamp' | 'integer' | 'rating' | 'text' | 'uuid'
}

/**
 * A timestamp key part, its cursor value read as text with its microseconds (a JavaScript Date
 * keeps milliseconds only, and a cursor cut to them would skip rows).
 * @example const newest: KeysetOrder = { list: 'newest', direction: 'desc', parts: [timestampKey(orders.createdAt), uuidKey(orders.id)] }
 */
export function timestampKey(column: PgColumn): KeyPart {
  return {
    expression: sql`${column}`,
    read: sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    type: 'timestamp',
  }
}

/** An id key part: the tie-break at the end of every list order. */
export function uuidKey(column: PgColumn): KeyPart {
  return { expression: sql`${column}`, type: 'uuid' }
}

/**
 * Newest first, then by id: the order of a customer's own orders and invoices, read from an index
 * on (…, created_at, id).
 * @example const newestOrders = newestFirst('orders', orders)
 */
export function newestFirst(list: string, table: { createdAt: PgColumn; id: PgColumn }): KeysetOrder {
  return { list, direction: 'desc', parts: [timestampKey(table.createdAt), uuidKey(table.id)] }
}

/** A list order whose key parts all run one way, so that a page starts at a row comparison. */
export type KeysetOrder = { list: string; direction: 'asc' | 'desc'; parts: readonly KeyPart[] }

/** A cursor's values: the key of the row a page starts after (or ends before). */
export type KeyValues = readonly (string | number | boolean)[]

/** Where a page is read from: after a cursor, backwards from one, or the list's start. */
export type Seek = { after: KeyValues } | { before: KeyValues } | null

/**
 * A page of a list: the cursors of its neighbours (`next` to read after, `previous` to read before)
 * and its own (`at`, null when it is the list's start: its address is the list's).
 */
export type KeysetPage<Row> = {
  rows: Row[]
  next: string | null
  previous: string | null
  at: { after: string } | { before: string } | null
}

const casts: Record<KeyPart['type'], string> = {
  boolean: 'boolean',
  timestamp: 'timestamptz',
  integer: 'integer',
  rating: 'numeric',
  text: 'text',
  uuid: 'uuid',
}

const timestampPattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/

// Every value is checked before it reaches a cast, so a visitor's cursor can never make one fail.
const validValue: Record<KeyPart['type'], (value: unknown) => boolean> = {
  boolean: (value) => typeof value === 'boolean',
  timestamp: (value) =>
    typeof value === 'string' &&
    timestampPattern.test(value) &&
    // A date that does not exist (February 31st) comes back as another day.
    new Date(`${value.slice(0, 23)}Z`).toISOString().slice(0, 23) === value.slice(0, 23),
  integer: (value) => Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647,
  rating: (value) => typeof value === 'number' && value >= 0 && value <= 9.9 && Number.isInteger(value * 10),
  text: (value) => typeof value === 'string' && value.length <= 1000 && !value.includes('\u0000'),
  uuid: isUuid,
}

/** The key columns as one JSON array column: what a page's rows carry for their cursors. */
function keyColumn(order: KeysetOrder) {
  const reads = order.parts.map((part) => part.read ?? part.expression)
  return sql<KeyValues>`json_build_array(${sql.join(reads, sql`, `)})`
}

/**
 * The condition and order of one page: `(a, b, id) > (…)` when the page follows its cursor in the
 * list's direction, `<` when it is read backwards from it. A row comparison on the columns of one
 * index, in the index's order, is a single seek in PostgreSQL's b-tree.
 */
export function keysetClauses(order: KeysetOrder, seek: Seek): { where: SQL | undefined; orderBy: SQL[] } {
  const backwards = seek !== null && 'before' in seek
  const ascending = (order.direction === 'asc') !== backwards
  const orderBy = order.parts.map((part) => (ascending ? asc(part.expression) : desc(part.expression)))
  if (!seek) return { where: undefined, orderBy }
  const values = 'after' in seek ? seek.after : seek.before
  const columns = sql.join(
    order.parts.map((part) => part.expression),
    sql`, `,
  )
  const cursor = sql.join(
    order.parts.map((part, index) => sql`cast(${values[index]} as ${sql.raw(casts[part.type])})`),
    sql`, `,
  )
  return { where: ascending ? sql`(${columns}) > (${cursor})` : sql`(${columns}) < (${cursor})`, orderBy }
}

/** A cursor as it travels in a link: the list's name and the key's values, as base64url JSON. */
export function encodeCursor(order: KeysetOrder, values: KeyValues): string {
  return Buffer.from(JSON.stringify([order.list, ...values])).toString('base64url')
}

/**
 * The key values in a cursor of this list, or null for anything else: another list's (or sort's)
 * cursor, a cursor of the wrong length or types, or text that is no cursor at all.
 */
export function decodeCursor(order: KeysetOrder, token: string | null | undefined): KeyValues | null {
  if (!token || token.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(token)) return null
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(decoded) || decoded[0] !== order.list || decoded.length !== order.parts.length + 1) return null
  const values = decoded.slice(1)
  return values.every((value, index) => validValue[order.parts[index]?.type ?? 'uuid'](value))
    ? (values as KeyValues)
    : null
}

/** A page's links: the cursors of the query string, `after` the last page's end or `before` the next's start. */
export type PageCursor = { after?: string | null; before?: string | null }

/** Where a page's link points: `after` or `before` a cursor (at most one is read), or the start. */
export function seekOf(order: KeysetOrder, { after, before }: PageCursor): Seek {
  const afterKey = decodeCursor(order, after)
  if (afterKey) return { after: afterKey }
  const beforeKey = decodeCursor(order, before)
  return beforeKey ? { before: beforeKey } : null
}

/**
 * One page of `pageSize` rows of a keyset-ordered list. `read` runs the list's query with the page's
 * condition (to add to its own filter), order and limit, and returns rows carrying `keyColumn`.
 * A page read backwards that reaches the list's start, and a page after the list's end (its rows
 * gone since the link was made), come back as the first page, so no link leads to a short or
 * empty page.
 * @example const page = await readKeysetPage(order, seek, 24, ({ where, orderBy, limit }) => query(where, orderBy, limit))
 */
async function readKeysetPage<Row extends { key: KeyValues }>(
  order: KeysetOrder,
  seek: Seek,
  pageSize: number,
  read: (clauses: { where: SQL | undefined; orderBy: SQL[]; limit: number }) => Promise<Row[]>,
): Promise<KeysetPage<Row>> {
  if (seek) {
    const rows = await read({ ...keysetClauses(order, seek), limit: pageSize + 1 })
    if ('before' in seek && rows.length > pageSize) {
      const page = rows.slice(0, pageSize).reverse()
      return {
        ...pageOf(order, page, { hasNext: true, hasPrevious: true }),
        at: { before: encodeCursor(order, seek.before) },
      }
    }
    if ('after' in seek && rows.length > 0) {
      const page = rows.slice(0, pageSize)
      return {
        ...pageOf(order, page, { hasNext: rows.length > pageSize, hasPrevious: true }),
        at: { after: encodeCursor(order, seek.after) },
      }
    }
  }
  const rows = await read({ ...keysetClauses(order, null), limit: pageSize + 1 })
  return {
    ...pageOf(order, rows.slice(0, pageSize), { hasNext: rows.length > pageSize, hasPrevious: false }),
    at: null,
  }
}

/**
 * A page without the key column its rows carried for their cursors.
 * @example return withoutKeys(await readKeysetPage(order, seek, 20, read))
 */
function withoutKeys<Row extends { key: KeyValues }>(page: KeysetPage<Row>): KeysetPage<Omit<Row, 'key'>> {
  return { ...page, rows: page.rows.map(({ key: _key, ...row }) => row) }
}

function pageOf<Row extends { key: KeyValues }>(
  order: KeysetOrder,
  rows: Row[],
  { hasNext, hasPrevious }: { hasNext: boolean; hasPrevious: boolean },
): Omit<KeysetPage<Row>, 'at'> {
  const first = rows[0]
  const last = rows[rows.length - 1]
  return {
    rows,
    next: hasNext && last ? encodeCursor(order, last.key) : null,
    previous: hasPrevious && first ? encodeCursor(order, first.key) : null,
  }
}

type SelectedRow<Table extends PgTable, Columns extends SelectedFields> = SelectResult<
  Columns,
  'partial',
  Record<Table['_']['name'], 'not-null'>
>

/**
 * One page of `pageSize` rows of `from` matching `where`, in `order`, from the page's cursor (its
 * `after` or `before`): `columns` of each row, the key they are ordered by read alongside for the
 * neighbours' cursors and taken off again. Every keyset list reads its page through this.
 * @example const page = await selectKeysetPage(db, orders, columns, { order: newestFirst('orders', orders), cursor: { after }, where: eq(orders.userId, id), pageSize: 20 })
 */
export async function selectKeysetPage<Table extends PgTable, Columns extends SelectedFields>(
  db: DbOrTx,
  from: Table,
  columns: Columns,
  {
    order,
    cursor,
    where,
    pageSize,
  }: { order: KeysetOrder; cursor: PageCursor; where: SQL | undefined; pageSize: number },
): Promise<KeysetPage<SelectedRow<Table, Columns>>> {
  const page = await readKeysetPage(
    order,
    seekOf(order, cursor),
    pageSize,
    (clauses) =>
      // Drizzle's select cannot follow generic columns; the return type above says what the rows are.
      db
        .select({ ...(columns as SelectedFields), key: keyColumn(order) })
        .from(from as PgTable)
        .where(and(where, clauses.where))
        .orderBy(...clauses.orderBy)
        .limit(clauses.limit) as Promise<(Record<string, unknown> & { key: KeyValues })[]>,
  )
  return withoutKeys(page) as unknown as KeysetPage<SelectedRow<Table, Columns>>
}
