import { getTableColumns, type Table } from 'drizzle-orm'

/**
 * The named fields of an object, in the order named: the fields of a record that a write stores
 * or the activity log compares.
 * @example pick(promotion, ['name', 'code']) // { name: 'Summer', code: 'SUMMER15' }
 */
export function pick<Source extends object, Key extends keyof Source>(
  source: Source,
  keys: readonly Key[],
): Pick<Source, Key> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<Source, Key>
}

/**
 * The named columns of a table, in the order named, for a select that reads them under their own
 * names.
 * @example db.select(pickColumns(products, ['id', 'title'])).from(products) // rows { id, title }
 */
export function pickColumns<Columns extends Table['_']['columns'], Key extends keyof Columns>(
  table: Table & { _: { columns: Columns } },
  names: readonly Key[],
): Pick<Columns, Key> {
  return pick(getTableColumns(table) as Columns, names)
}
