import { and, desc, SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResult } from 'drizzle-orm/query-builders/select.types'
import type { WithSubquery } from 'drizzle-orm/subquery'
import { COUNT_LIMIT } from '#app/rules/list-counts.ts'
import { type DbOrTx, getDb } from './db.server.ts'

/** Which page of a list to read: at most `limit` rows after the first `offset`. */
export type PageRequest = { limit: number; offset?: number }

/** The column a page's rows carry their list's count in, taken off before they are answered. */
const TOTAL_COLUMN = 'matchingTotal'

type PageRow<Query extends PgSelect> = Omit<Awaited<Query>[number], typeof TOTAL_COLUMN>

/**
 * One page of a back-office list and how many rows match in all, in one statement: `rows` builds
 * the list's query (columns, joins, filter and order) with the count as one more column, an
 * uncorrelated subquery PostgreSQL reads once. The count reads `from` with the same `where`, so a
 * list's joins may add columns (a product's category name), never rows, and stops at
 * `COUNT_LIMIT + 1` (rules/list-counts.ts): its cost stays that of a page however large the table
 * grows. Only a page past the end, which has no row to carry the count, asks for it again.
 * @example
 * const where = eq(orders.status, 'pending')
 * const { rows, total } = await selectPage(db, {
 *   rows: (count) => db.select({ ...columns, ...count }).from(orders).where(where).orderBy(desc(orders.createdAt)).$dynamic(),
 *   from: orders,
 *   where,
 *   limit: 50,
 *   offset: 100,
 * })
 */
export async function selectPage<Query extends PgSelect>(
  db: DbOrTx,
  {
    rows,
    from,
    where,
    limit,
    offset = 0,
    shared = [],
  }: PageRequest & {
    rows: (count: { [TOTAL_COLUMN]: SQL<number> }) => Query
    from: PgTable
    where: SQL | undefined
    /** The common table expressions `where` reads ({@link sharedIds}), which `rows` has too. */
    shared?: SharedIds[]
  },
): Promise<{ rows: PageRow<Query>[]; total: number }> {
  const page = (await rows({ [TOTAL_COLUMN]: countUpToLimit(from, where) })
    .limit(limit)
    .offset(offset)) as Record<string, unknown>[]
  return (await withTotal(db, page, { from, where, offset, shared })) as { rows: PageRow<Query>[]; total: number }
}

/**
 * A page's rows without their count column, and the count they carry. Only a page past the end,
 * which has no row to carry it, asks for the count again.
 */
async function withTotal(
  db: DbOrTx,
  page: Record<string, unknown>[],
  { from, where, offset, shared }: { from: PgTable; where: SQL | undefined; offset: number; shared: SharedIds[] },
) {
  const [first] = page
  let total = first ? Number(first[TOTAL_COLUMN]) : 0
  if (!first && offset > 0) total = (await selectCounts(db, { total: countUpToLimit(from, where) }, shared)).total ?? 0
  return { rows: page.map(({ [TOTAL_COLUMN]: _total, ...row }) => row), total }
}

/**
 * How many rows of `from` match `where`, counted up to `COUNT_LIMIT + 1` (rules/list-counts.ts),
 * as a column: several of them read in one statement with {@link selectCounts}.
 * @example selectCounts(db, { pending: countUpToLimit(orders, eq(orders.status, 'pending')) })
 */
export function countUpToLimit(from: PgTable, where?: SQL): SQL<number> {
  const filter = where ? sql` where ${where}` : sql``
  return sql<number>`(select count(*) from (select 1 from ${from}${filter} limit ${COUNT_LIMIT + 1}) as matches)`.mapWith(
    Number,
  )
}

/**
 * Several counts in one statement (one round trip), each a column such as {@link countUpToLimit};
 * `shared` are the common table expressions their filters read ({@link sharedIds}).
 * @example const { all, pending } = await selectCounts(db, { all: countUpToLimit(orders), pending: … })
 */
export async function selectCounts<Counts extends Record<string, SQL<number>>>(
  db: DbOrTx,
  counts: Counts,
  shared: SharedIds[] = [],
): Promise<{ [Key in keyof Counts]: number }> {
  return selectFigures(db, counts, shared) as Promise<{ [Key in keyof Counts]: number }>
}

/**
 * Several figures in one statement (one round trip): counts as {@link selectCounts} reads them,
 * and short lists as {@link jsonRows}, each a column of one row.
 * @example const { pending, days } = await selectFigures(db, { pending: countUpToLimit(…), days: jsonRows<Day>(…) })
 */
export async function selectFigures<Figures extends Record<string, SQL<unknown>>>(
  db: DbOrTx,
  figures: Figures,
  shared: SharedIds[] = [],
): Promise<{ [Key in keyof Figures]: Figures[Key] extends SQL<infer Value> ? Value : never }> {
  const [row] = await db
    .with(...shared.map((ids) => ids.cte))
    .select(figures)
    .from(sql`(select 1) as one`)
  return row as { [Key in keyof Figures]: Figures[Key] extends SQL<infer Value> ? Value : never }
}

/**
 * {@link selectFigures} on the shop's database: for a loader that reads several modules' lists
 * (each module gives its list as a column) in one round trip.
 * @example const { customers, products } = await readFigures({ customers: profilesByIdsColumn(ids), products: … })
 */
export async function readFigures<Figures extends Record<string, SQL<unknown>>>(figures: Figures) {
  return selectFigures(await getDb(), figures)
}

/**
 * The rows of a short query as one JSON column, for {@link selectFigures}: each row an object
 * keyed by the query's column aliases, in the query's order.
 * @example jsonRows<{ day: string; orders: number }>(sql`select day as "day", count(*)::int as "orders" from … group by 1`)
 */
export function jsonRows<Row>(query: SQL): SQL<Row[]> {
  return sql<Row[]>`(select coalesce(json_agg(listed), '[]'::json) from (${query}) as listed)`
}

/** A table whose rows are listed newest first: by `createdAt`, then `id` to break ties. */
type NewestFirstTable = PgTable & { createdAt: PgColumn; id: PgColumn }

/** The rows `db.select(columns).from(table)` reads. */
type SelectedRows<Table extends PgTable, Columns extends SelectedFields> = SelectResult<
  Columns,
  'partial',
  Record<Table['_']['name'], 'not-null'>
>[]

/**
 * One page of a back-office list read newest first (then by id), and how many rows match (capped):
 * the order every list of records in time uses, so the page and {@link iterateNewestFirst}'s
 * export agree. The page reads `columns` of `from`.
 *
 * A filtered page is read in one of two ways, chosen by its capped count in the same statement
 * ({@link newestFirstPageIds}): walking `from`'s newest-first index until the page is full, which
 * is quick when matches are many; or sorting every match, which is quick when they are few. A
 * search for a customer's 45 old orders walked 8,181 orders to fill its page (14.7 ms, decision
 * 032); sorting its matches took 3.1 ms.
 * @example
 * const { rows, total } = await selectNewestFirstPage(db, orders, columns, { where: eq(orders.status, 'pending'), limit: 50 })
 */
export async function selectNewestFirstPage<Table extends NewestFirstTable, Columns extends SelectedFields>(
  db: DbOrTx,
  from: Table,
  columns: Columns,
  { where, limit, offset = 0, shared = [] }: PageRequest & { where: SQL | undefined; shared?: SharedIds[] },
): Promise<{ rows: SelectedRows<Table, Columns>; total: number }> {
  const newestFirst = [desc(from.createdAt), desc(from.id)]
  // Drizzle's select cannot follow generic columns; the return type above says what the rows are.
  const select = (count: SelectedFields, ctes: WithSubquery[] = []) =>
    db
      .with(...shared.map((ids) => ids.cte), ...ctes)
      .select({ ...(columns as SelectedFields), ...count })
      .from(from as PgTable)
  if (!where) {
    // Every row matches: the walk is always the quicker way.
    const rows = (count: SelectedFields) =>
      select(count)
        .orderBy(...newestFirst)
        .$dynamic()
    const page = await selectPage(db, { rows, from, where, limit, offset, shared })
    return page as { rows: SelectedRows<Table, Columns>; total: number }
  }
  const counted = db
    .$with('page_total', { total: sql<number>`total` })
    .as(sql`select ${countUpToLimit(from, where)} as total`)
  const total = sql<number>`(select ${sql.identifier('total')} from ${counted})`.mapWith(Number)
  const ids = newestFirstPageIds(from, { where, total, limit, offset })
  const page = (await select({ [TOTAL_COLUMN]: total }, [counted])
    .where(inSubquery(from.id, ids))
    .orderBy(...newestFirst)) as Record<string, unknown>[]
  const read = await withTotal(db, page, { from, where, offset, shared })
  return read as { rows: SelectedRows<Table, Columns>; total: number }
}

/**
 * The ids of one newest-first page of `from`'s rows matching `where`, as a subquery of two forms
 * of which only the one `total` (the capped count) chooses runs: each sits behind a condition on
 * `total` alone, which PostgreSQL checks once before reading any row of its form.
 * - At most `COUNT_LIMIT` matches: every match is read (`offset 0` keeps PostgreSQL from reading
 *   them through the newest-first index, which it would pick for a page of a large table), then
 *   sorted; the cost is that of the matches, at most `COUNT_LIMIT` rows.
 * - More: the newest-first index is walked until the page is full.
 */
function newestFirstPageIds(
  from: NewestFirstTable,
  { where, total, limit, offset }: { where: SQL; total: SQL<number>; limit: number; offset: number },
): SQL {
  // The inner select names its columns as the table does, so the outer one orders by those names.
  const [id, createdAt] = [sql.identifier(from.id.name), sql.identifier(from.createdAt.name)]
  const page = sql`order by ${createdAt} desc, ${id} desc limit ${limit} offset ${offset}`
  const sorted = sql`(select ${id} from (select ${from.id}, ${from.createdAt} from ${from} where (${where}) and ${total} <= ${COUNT_LIMIT} offset 0) as matches ${page})`
  const walked = sql`(select ${from.id} from ${from} where (${where}) and ${total} > ${COUNT_LIMIT} order by ${from.createdAt} desc, ${from.id} desc limit ${limit} offset ${offset})`
  return sql`(${sorted} union all ${walked})`
}

/** Ids read once per statement, for a filter that names them twice; see {@link sharedIds}. */
export type SharedIds = { cte: WithSubquery; ids: SQL }

/**
 * The ids a subquery answers (another module's records a search found, such as the customers
 * named "casey"), read once in a statement that filters on them twice: a list page's rows and its
 * count each had their own copy of the subquery, and PostgreSQL ran both. As a common table
 * expression named `name` it runs once; `ids` reads it where the subquery stood, and the page
 * names it in `shared` (selectNewestFirstPage).
 * @example
 * const customers = sharedIds(db, 'matching_customers', userIdsMatching('casey'))
 * const where = inSubquery(orders.userId, customers.ids)
 * await selectNewestFirstPage(db, orders, columns, { where, limit: 25, shared: [customers] })
 */
export function sharedIds(db: DbOrTx, name: string, subquery: SQL): SharedIds {
  const cte = db.$with(name, { id: sql<string>`id` }).as(subquery)
  return { cte, ids: sql`(select ${sql.identifier('id')} from ${cte})` }
}

/**
 * A filter's ids as a list reads them: a subquery {@link sharedIds} makes one common table
 * expression of (`shared` names it for the page), a list of ids or nothing as they are.
 * @example
 * const customers = idsReadOnce(db, 'matching_customers', filter.customerIds)
 * const where = whereOf({ ...filter, customerIds: customers.ids })
 * await selectNewestFirstPage(db, orders, columns, { where, limit: 25, shared: customers.shared })
 */
export function idsReadOnce<Ids extends readonly string[] | SQL | undefined>(
  db: DbOrTx,
  name: string,
  ids: Ids,
): { ids: Ids | SQL; shared: SharedIds[] } {
  if (!isSubquery(ids)) return { ids, shared: [] }
  const read = sharedIds(db, name, ids)
  return { ids: read.ids, shared: [read] }
}

/** The column an export's rows carry their place in the list in, taken off before they are answered. */
const POSITION_COLUMN = 'listPosition'

/** The position column {@link iterateNewestFirst} hands a list's `select` to add to its columns. */
export type ExportPosition = { [POSITION_COLUMN]: SQL<string> }

type ExportRow<Query extends PgSelect> = Omit<Awaited<Query>[number], typeof POSITION_COLUMN>

/**
 * Every row a list's filter matches, newest first (then by id), in batches: for an export of any
 * size. Each batch continues after the last row read, not at an offset, so a row added or changed
 * while the export runs never makes another appear twice or not at all. `select` gives the list's
 * query without its filter, made dynamic, with the position column it is handed; `from` is its
 * table, which needs an index on (created_at, id).
 *
 * Each batch starts at a row comparison, `(created_at, id) < (…)`, which PostgreSQL answers with a
 * seek in that index (0.1 ms at any depth of a million orders). The `a < x or (a = x and b < y)`
 * it was written as before is the same condition, but PostgreSQL only filters with it: every batch
 * read the index from the newest row again (25 ms halfway through a million orders, 2,000
 * batches). The position is the creation time as text with its microseconds: a JavaScript Date
 * keeps milliseconds only, and a cursor cut to them skipped the rows made later in the same
 * millisecond.
 * @example
 * const batches = iterateNewestFirst((position) => db.select({ ...columns, ...position }).from(orders).$dynamic(), { from: orders, where, batchSize: 500 })
 * for await (const rows of batches) write(rows)
 */
export async function* iterateNewestFirst<Query extends PgSelect>(
  select: (position: ExportPosition) => Query,
  {
    from,
    where,
    batchSize,
  }: { from: { createdAt: PgColumn; id: PgColumn }; where: SQL | undefined; batchSize: number },
): AsyncGenerator<ExportRow<Query>[]> {
  const position = sql<string>`to_char(${from.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
  let last: { at: string; id: string } | null = null
  while (true) {
    const after = last
      ? sql`(${from.createdAt}, ${from.id}) < (cast(${last.at} as timestamptz), cast(${last.id} as uuid))`
      : undefined
    const rows = (await select({ [POSITION_COLUMN]: position })
      .where(and(where, after))
      .orderBy(desc(from.createdAt), desc(from.id))
      .limit(batchSize)) as Record<string, unknown>[]
    if (rows.length === 0) return
    yield rows.map(({ [POSITION_COLUMN]: _position, ...row }) => row) as ExportRow<Query>[]
    if (rows.length < batchSize) return
    const end = rows[rows.length - 1] as { [POSITION_COLUMN]: string; id: string }
    last = { at: end[POSITION_COLUMN], id: end.id }
  }
}

/**
 * True for a subquery given where a list of ids may be (a search that finds another module's
 * records, kept in the list's own statement).
 * @example isSubquery(sql`(select id from users)`) // true; isSubquery(['4f0c…']) // false
 */
export function isSubquery(ids: readonly string[] | SQL | undefined): ids is SQL {
  return ids instanceof SQL
}

/**
 * `column` is one of the ids a subquery answers, written `= any(array(…))`: PostgreSQL reads the
 * subquery once, before the list, and uses its ids as an index condition, even in an `or` with
 * other conditions (a `BitmapOr`). `in (select …)` there became a filter on every row of the table:
 * 2.8 s for an order search at 1,000,000 orders, against 33 ms.
 * @example inSubquery(orders.userId, userIdsMatching('casey'))
 */
export function inSubquery(column: PgColumn, subquery: SQL): SQL {
  return sql`${column} = any(array${subquery})`
}
