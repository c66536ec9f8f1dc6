import { getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { TestDatabase } from './test-database.ts'

type Db = TestDatabase['db']

const triggerOf = (table: PgTable) => sql.identifier(`fail_${getTableName(table)}`)

/**
 * Makes every insert into `table` fail from now on, as a broken disk would half-way through a
 * transaction, until `restoreInserts`: for tests that what failed leaves nothing behind.
 * @example
 * await failInsertsInto(db, invoices)
 * try { await expect(placeOrder(input)).rejects.toThrow() } finally { await restoreInserts(db, invoices) }
 */
export async function failInsertsInto(db: Db, table: PgTable) {
  await db.execute(sql`
    create or replace function fail_insert() returns trigger language plpgsql as $$
    begin raise exception 'injected failure'; end $$`)
  await db.execute(
    sql`create trigger ${triggerOf(table)} before insert on ${table} for each row execute function fail_insert()`,
  )
}

/** Lets inserts into `table` through again (nothing happens if they were never stopped). */
export async function restoreInserts(db: Db, table: PgTable) {
  await db.execute(sql`drop trigger if exists ${triggerOf(table)} on ${table}`)
}
