import { asc, count, desc, eq, type SQL } from 'drizzle-orm'
import type { CategoryWriteResult } from '#app/utils/category-forms.ts'
import { categoryList, holdCategory } from '#app/utils/category-lists.server.ts'
import { type DbOrTx, getDb, inTransaction } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { announceUnlessInTransaction } from '#app/utils/public-change.server.ts'
import { deleteContent } from './delete-content.server.ts'
import type { GUIDE_FILTERS, GUIDE_STATUSES, GuideForm } from './guide-schemas.ts'
import { guideCategories, guideSteps, guides } from './schema.server.ts'
import { guideSummaryColumns, selectGuideSteps, selectGuides } from './service.server.ts'

// The back-office's writes to guides and guide categories. The storefront's reads are in service.server.ts.

export type GuideStatus = (typeof GUIDE_STATUSES)[number]
export type GuideFilter = (typeof GUIDE_FILTERS)[number]

/** A guide as the back-office lists it. */
export type AdminGuideSummaryDto = {
  id: string
  title: string
  description: string
  categoryId: string | null
  categoryName: string | null
  status: GuideStatus
  stepCount: number
  /** ISO 8601 timestamp of the last change. */
  updatedAt: string
}

/** A step as the admin wrote it: image and video as plain text, '' for none. */
export type AdminGuideStepDto = { id: string; title: string; content: string; image: string; video: string }

export type AdminGuideDto = AdminGuideSummaryDto & { steps: AdminGuideStepDto[] }

export type GuideWriteResult =
  | { ok: true; guide: { id: string; title: string; status: GuideStatus } }
  | { ok: false; reason: 'not-found' | 'category-unknown' }

const summaryColumns = { ...guideSummaryColumns, status: guides.status, updatedAt: guides.updatedAt }

type SummaryRow = Omit<AdminGuideSummaryDto, 'updatedAt' | 'stepCount'> & { stepCount: unknown; updatedAt: Date }

function toSummary(row: SummaryRow): AdminGuideSummaryDto {
  return { ...row, stepCount: Number(row.stepCount), updatedAt: row.updatedAt.toISOString() }
}

/**
 * Guides of one status (or all), newest first, with their category and step count (the back-office list).
 * @example const hidden = await listAdminGuides({ filter: 'hidden' })
 */
export async function listAdminGuides({ filter }: { filter: GuideFilter }): Promise<AdminGuideSummaryDto[]> {
  const db = await getDb()
  const where: SQL | undefined = filter === 'all' ? undefined : eq(guides.status, filter)
  const rows = await selectGuides(db, summaryColumns)
    .where(where)
    .orderBy(desc(guides.createdAt), asc(guides.title), asc(guides.id))
  return rows.map(toSummary)
}

/**
 * How many guides each filter of the back-office list shows.
 * @example const counts = await countGuidesByStatus() // { visible: 4, hidden: 1, archived: 0, all: 5 }
 */
export async function countGuidesByStatus(): Promise<Record<GuideFilter, number>> {
  const db = await getDb()
  const rows = await db.select({ status: guides.status, count: count() }).from(guides).groupBy(guides.status)
  const counts = { visible: 0, hidden: 0, archived: 0, all: 0 }
  for (const row of rows) {
    counts[row.status] = Number(row.count)
    counts.all += Number(row.count)
  }
  return counts
}

/**
 * One guide in any status with its steps in order, for the edit form; null when the id is unknown.
 * @example const guide = await retrieveAdminGuide(guideId)
 */
export async function retrieveAdminGuide(id: string): Promise<AdminGuideDto | null> {
  if (!isUuid(id)) return null
  const db = await getDb()
  const [row] = await selectGuides(db, summaryColumns).where(eq(guides.id, id)).limit(1)
  if (!row) return null
  const steps = await selectGuideSteps(db, id)
  return {
    ...toSummary(row),
    steps: steps.map((step) => ({ ...step, image: step.image ?? '', video: step.video ?? '' })),
  }
}

async function writeSteps(db: DbOrTx, guideId: string, steps: GuideForm['steps']) {
  await db.delete(guideSteps).where(eq(guideSteps.guideId, guideId))
  if (steps.length === 0) return
  await db.insert(guideSteps).values(
    steps.map((step, position) => ({
      guideId,
      position,
      title: step.title,
      content: step.content,
      image: step.image || null,
      video: step.video || null,
    })),
  )
}

/**
 * Adds a guide with its steps in order; a new guide starts visible (back-office §4). Refused when
 * the category does not exist (any more).
 * @example const result = await createGuide({ title, description, categoryId, steps: [{ title: 'Unbox', content: '', image: '', video: '' }] })
 */
export async function createGuide(input: GuideForm, tx?: DbOrTx): Promise<GuideWriteResult> {
  const result = await inTransaction(tx, async (db): Promise<GuideWriteResult> => {
    if (!(await holdCategory(db, guideCategories, input.categoryId))) {
      return { ok: false, reason: 'category-unknown' }
    }
    const [guide] = await db
      .insert(guides)
      .values({ title: input.title, description: input.description, categoryId: input.categoryId, status: 'visible' })
      .returning({ id: guides.id, title: guides.title, status: guides.status })
    await writeSteps(db, guide.id, input.steps)
    return { ok: true, guide }
  })
  if (result.ok) announceUnlessInTransaction(tx, 'guide added')
  return result
}

/**
 * Rewrites a guide's title, description, category and steps (the steps are replaced as a whole, in
 * the order given); its status stays.
 * @example const result = await updateGuide(guideId, form) // { ok: false, reason: 'not-found' } for an unknown id
 */
export async function updateGuide(id: string, input: GuideForm, tx?: DbOrTx): Promise<GuideWriteResult> {
  if (!isUuid(id)) return { ok: false, reason: 'not-found' }
  const result = await inTransaction(tx, async (db): Promise<GuideWriteResult> => {
    if (!(await holdCategory(db, guideCategories, input.categoryId))) {
      return { ok: false, reason: 'category-unknown' }
    }
    const [guide] = await db
      .update(guides)
      .set({
        title: input.title,
        description: input.description,
        categoryId: input.categoryId,
        updatedAt: new Date(),
      })
      .where(eq(guides.id, id))
      .returning({ id: guides.id, title: guides.title, status: guides.status })
    if (!guide) return { ok: false, reason: 'not-found' }
    await writeSteps(db, guide.id, input.steps)
    return { ok: true, guide }
  })
  if (result.ok) announceUnlessInTransaction(tx, 'guide updated')
  return result
}

/**
 * Sets a guide visible (listed on /guides), hidden or archived. Null when the id is unknown.
 * @example await setGuideStatus(guideId, 'archived')
 */
export async function setGuideStatus(
  id: string,
  status: GuideStatus,
  tx?: DbOrTx,
): Promise<{ id: string; title: string; status: GuideStatus } | null> {
  if (!isUuid(id)) return null
  const db = tx ?? (await getDb())
  const [row] = await db
    .update(guides)
    .set({ status, updatedAt: new Date() })
    .where(eq(guides.id, id))
    .returning({ id: guides.id, title: guides.title, status: guides.status })
  if (!row) return null
  announceUnlessInTransaction(tx, 'guide status changed')
  return row
}

/**
 * Deletes a guide and its steps for good; false when the id is unknown.
 * @example const deleted = await deleteGuide(guideId)
 */
export function deleteGuide(id: string, tx?: DbOrTx): Promise<boolean> {
  return deleteContent(guides, id, tx, 'guide deleted')
}

/** A guide category with how many guides (of any status) use it. */
export type AdminGuideCategoryDto = { id: string; name: string; guideCount: number }

const guideCategoryList = categoryList({
  table: guideCategories,
  usedBy: { table: guides, column: guides.categoryId },
  noun: 'guide category',
})

/**
 * Guide categories in their configured order, each with its number of guides.
 * @example const categories = await listGuideCategoriesWithUsage() // [{ id, name: 'Installation', guideCount: 2 }]
 */
export async function listGuideCategoriesWithUsage(): Promise<AdminGuideCategoryDto[]> {
  const rows = await guideCategoryList.listWithUsage()
  return rows.map(({ usedBy, ...row }) => ({ ...row, guideCount: usedBy }))
}

/**
 * Adds a guide category at the end of the list; refused when another category has the name.
 * The name must already be trimmed and non-empty (CategoryNameSchema).
 * @example const result = await createGuideCategory('Materials')
 */
export function createGuideCategory(name: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
  return guideCategoryList.add(name, tx)
}

/**
 * Renames a guide category; its guides keep it. Refused for an unknown id or a name another
 * category has.
 * @example const result = await renameGuideCategory(categoryId, 'Setup')
 */
export function renameGuideCategory(id: string, name: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
  return guideCategoryList.rename(id, name, tx)
}

/**
 * Deletes a guide category that no guide uses. A category in use is refused with the number of
 * its guides: a guide must have a category (back-office §5), so unsetting it would leave guides
 * that no category filter on /guides shows and that cannot be saved again until edited. The admin
 * moves them first. The check and the delete are one statement.
 * @example const result = await deleteGuideCategory(categoryId) // { ok: false, reason: 'in-use', usedBy: 3, name }
 */
export function deleteGuideCategory(id: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
  return guideCategoryList.deleteUnused(id, tx)
}
