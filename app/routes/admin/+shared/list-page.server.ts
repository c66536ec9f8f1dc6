import type { z } from 'zod'
import { pageCountOf } from '#app/rules/list-counts.ts'
import type { DateRange } from '#app/utils/date-range-query.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'

/** Which rows of a list one page shows. */
export type ListPaging = { limit: number; offset: number }

/** A list query as the page receives it: an open setting is null, never missing (JSON drops undefined). */
type Shown<Query> = {
  [Key in keyof Query]-?: Exclude<Query[Key], undefined> | (undefined extends Query[Key] ? null : never)
}

/**
 * A back-office list's settings from the page's address, read by `schema`: whatever it cannot read
 * falls back to its defaults, so a bad query string shows the list rather than an error.
 * @example const { status, q, page } = readListQuery(request, InvoiceListQuerySchema)
 */
export function readListQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.output<Schema> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams))
}

/**
 * A list's date filter as the shop's days, for a module's `dates` option; none when it is open at
 * both ends.
 * @example listContactMessages({ dates: shopDays({ from, to }) })
 */
export function shopDays<Range extends DateRange>(range: Range) {
  return range.from || range.to ? { ...range, timeZone: getEnv().SHOP_TIME_ZONE } : undefined
}

/**
 * The settings a query schema reads: an object's keys, both sides of an intersection, a pipe's
 * input. (zod leaves a setting that was not given out of what it parsed, and JSON would drop it.)
 */
function settingsOf(schema: z.ZodType): string[] {
  const def = schema.def as { type: string; shape?: object; left?: z.ZodType; right?: z.ZodType; in?: z.ZodType }
  if (def.type === 'object' && def.shape) return Object.keys(def.shape)
  if (def.type === 'intersection' && def.left && def.right) return [...settingsOf(def.left), ...settingsOf(def.right)]
  if (def.type === 'pipe' && def.in) return settingsOf(def.in)
  return []
}

/**
 * One page of a paged, filtered back-office list: its settings read from the address, its rows
 * read for that page by `read`, and what the page shows of the whole: every setting (an open one
 * as null), what `read` answered and the page count.
 * @example
 * export async function loader({ request }: Route.LoaderArgs) {
 *   await requireAdmin(request)
 *   return loadListPage(request, ContactInboxQuerySchema, 50, async ({ status }, paging) =>
 *     listContactMessages({ status, ...paging }),
 *   )
 * }
 */
export async function loadListPage<Schema extends z.ZodType<{ page: number }>, Rows extends { total: number }>(
  request: Request,
  schema: Schema,
  pageSize: number,
  read: (query: z.output<Schema>, paging: ListPaging) => Promise<Rows>,
) {
  const query = readListQuery(request, schema)
  const rows = await read(query, { limit: pageSize, offset: (query.page - 1) * pageSize })
  const given = query as Record<string, unknown>
  const shown = Object.fromEntries(settingsOf(schema).map((key) => [key, given[key] ?? null]))
  return { ...(shown as Shown<z.output<Schema>>), ...rows, pageCount: pageCountOf(rows.total, pageSize) }
}

/**
 * A read the page can do without: its value, or `fallback` and the failure's message (logged) for
 * the page's error toast (back-office §8 shows the service's own message).
 * @example const customers = await readOr('invoice customers', listCustomersForPicker(), [])
 */
export async function readOr<T>(what: string, read: Promise<T>, fallback: T) {
  try {
    return { value: await read, error: null }
  } catch (err) {
    logger.error({ err }, `Admin ${what} could not be read`)
    return { value: fallback, error: err instanceof Error ? err.message : 'Please try again.' }
  }
}

/** The first failure of several reads (`readOr`), for one error toast; null when all worked. */
export function firstError(...reads: { error: string | null }[]) {
  return reads.find((read) => read.error)?.error ?? null
}

export { pageCountOf }
