import { and, asc, type BuildColumns, count, eq, getTableName, max, ne, notExists, sql } from 'drizzle-orm'
import type { PgColumn, PgTable, PgTableWithColumns } from 'drizzle-orm/pg-core'
import { COUNT_LIMIT } from '#app/rules/list-counts.ts'
import type { CategoryWriteResult } from './category-forms.ts'
import { type DbOrTx, getDb } from './db.server.ts'
import { isUuid } from './ids.ts'
import { postgresErrorOf } from './postgres-error.server.ts'
import { announceUnlessInTransaction } from './public-change.server.ts'
import type { categoryListColumns } from './table-columns.ts'

// The shop's category lists (product and shipping categories, guide categories) are tables of the
// same columns, each used by the rows of another table; their add, rename and delete work alike.

/** A table of those columns, whatever its name: the functions below read and write any of them. */
export type CategoryListTable = PgTableWithColumns<{
  name: string
  schema: undefined
  columns: BuildColumns<string, ReturnType<typeof categoryListColumns>, 'pg'>
  dialect: 'pg'
}>

/**
 * The categories of a list in their configured order (a filter's or a form's choices).
 * @example const categories = await listCategories(productCategories) // [{ id, name: 'Phone Mounts' }]
 */
export async function listCategories(table: CategoryListTable): Promise<{ id: string; name: string }[]> {
  const db = await getDb()
  return db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.position), asc(table.name))
}

/**
 * Whether the category exists, share-locked until the transaction ends so that it cannot be
 * deleted before what refers to it is written; a malformed id names none.
 * @example if (!(await holdCategory(tx, guideCategories, input.categoryId))) return { ok: false, reason: 'category-unknown' }
 */
export async function holdCategory(db: DbOrTx, table: CategoryListTable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false
  const found = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('share')
  return found.length > 0
}

/**
 * A category list: its table, the column of another table that points to its categories, and the
 * noun its changes are announced with (`'guide category'` announces 'guide category added').
 */
export type CategoryListConfig = {
  table: CategoryListTable
  usedBy: { table: PgTable; column: PgColumn }
  noun: string
}

/**
 * The reads and writes of one category list. Each write runs in the caller's transaction when it
 * passes one (the caller then announces the change after its commit), otherwise on its own and
 * announces the change to the public page cache at once.
 * @example
 * const guideCategoryList = categoryList({ table: guideCategories, usedBy: { table: guides, column: guides.categoryId }, noun: 'guide category' })
 * const result = await guideCategoryList.add('Materials')
 */
export function categoryList({ table, usedBy, noun }: CategoryListConfig) {
  const announced = (result: CategoryWriteResult, tx: DbOrTx | undefined, change: string) => {
    if (result.ok) announceUnlessInTransaction(tx, `${noun} ${change}`)
    return result
  }
  return {
    /**
     * The categories in their configured order, each with how many rows use it, counted up to
     * COUNT_LIMIT + 1 ("1,000+", rules/list-counts.ts): a category of a large catalogue would
     * otherwise read all its products on every visit of the settings page.
     */
    async listWithUsage() {
      const db = await getDb()
      const rows = await db
        .select({
          id: table.id,
          name: table.name,
          // Qualified by hand: a one-table select leaves its own columns unqualified inside the subquery.
          usedBy: sql<number>`(select count(*)::int from (select 1 from ${usedBy.table} where ${usedBy.column} = ${sql.identifier(getTableName(table))}."id" limit ${COUNT_LIMIT + 1}) as used)`,
        })
        .from(table)
        .orderBy(asc(table.position), asc(table.name))
      return rows.map((row) => ({ id: row.id, name: row.name, usedBy: Number(row.usedBy) }))
    },

    /** Adds a category at the end of the list; refused when another one has the name (trimmed, non-empty). */
    async add(name: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
      const db = tx ?? (await getDb())
      if (await nameTaken(db, table, name)) return { ok: false, reason: 'name-taken', name }
      try {
        const [{ last }] = await db.select({ last: max(table.position) }).from(table)
        const [category] = await db
          .insert(table)
          .values({ name, position: (last ?? -1) + 1 })
          .returning({ id: table.id, name: table.name })
        return announced({ ok: true, category }, tx, 'added')
      } catch (error) {
        if (nameTakenMeanwhile(error)) return { ok: false, reason: 'name-taken', name }
        throw error
      }
    },

    /** Renames a category; what uses it keeps it. Refused for an unknown id or a name another one has. */
    async rename(id: string, name: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
      if (!isUuid(id)) return { ok: false, reason: 'not-found' }
      const db = tx ?? (await getDb())
      if (await nameTaken(db, table, name, id)) return { ok: false, reason: 'name-taken', name }
      try {
        const [category] = await db
          .update(table)
          .set({ name })
          .where(eq(table.id, id))
          .returning({ id: table.id, name: table.name })
        if (!category) return { ok: false, reason: 'not-found' }
        return announced({ ok: true, category }, tx, 'renamed')
      } catch (error) {
        if (nameTakenMeanwhile(error)) return { ok: false, reason: 'name-taken', name }
        throw error
      }
    },

    /**
     * Deletes a category that nothing uses, the check and the delete in one statement; one in use
     * is refused with how many rows use it.
     */
    async deleteUnused(id: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
      if (!isUuid(id)) return { ok: false, reason: 'not-found' }
      const db = tx ?? (await getDb())
      const [deleted] = await db
        .delete(table)
        .where(
          and(eq(table.id, id), notExists(db.select({ id: sql`1` }).from(usedBy.table).where(eq(usedBy.column, id)))),
        )
        .returning({ id: table.id, name: table.name })
      if (deleted) return announced({ ok: true, category: deleted }, tx, 'deleted')
      const [existing] = await db.select({ name: table.name }).from(table).where(eq(table.id, id))
      if (!existing) return { ok: false, reason: 'not-found' }
      const [{ users }] = await db.select({ users: count() }).from(usedBy.table).where(eq(usedBy.column, id))
      return { ok: false, reason: 'in-use', name: existing.name, usedBy: Number(users) }
    },
  }
}

async function nameTaken(db: DbOrTx, table: CategoryListTable, name: string, exceptId?: string) {
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(exceptId ? and(eq(table.name, name), ne(table.id, exceptId)) : eq(table.name, name))
    .limit(1)
  return found.length > 0
}

/** Another admin saved the same name between the check and the write. */
function nameTakenMeanwhile(error: unknown) {
  return postgresErrorOf(error).code === '23505'
}
