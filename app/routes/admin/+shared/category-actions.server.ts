import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import {
  CATEGORY_NOT_FOUND,
  CategoryIdFormSchema,
  type CategoryWriteResult,
  NewCategoryFormSchema,
  RenameCategoryFormSchema,
} from '#app/utils/category-forms.ts'
import type { Tx } from '#app/utils/db.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { recordedWrite } from '#app/workflows/recorded-write.server.ts'

/** The writes of one category list (guide, product or shipping categories), each in the given transaction. */
export type CategoryWrites = {
  create: (name: string, tx: Tx) => Promise<CategoryWriteResult>
  rename: (id: string, name: string, tx: Tx) => Promise<CategoryWriteResult>
  remove: (id: string, tx: Tx) => Promise<CategoryWriteResult>
  /** A category's name now, for the activity log's before. */
  nameOf: (id: string) => Promise<string | null>
  /** What uses a category, for the refusal of a delete: 'guide' or 'product'. */
  usedBy: string
  /** The activity log's kind of record: 'guide-category', 'product-category', 'shipping-category'. */
  recordType: string
}

/** A category write with its activity-log entry, in one transaction; nothing is recorded when refused. */
function recordedCategoryWrite(
  actor: ActivityActor,
  writes: CategoryWrites,
  verb: 'created' | 'renamed' | 'deleted',
  write: (tx: Tx) => Promise<CategoryWriteResult>,
  before: string | null,
) {
  return recordedWrite(
    actor,
    write,
    (result) =>
      result.ok
        ? {
            action: `${writes.recordType}.${verb}`,
            recordType: writes.recordType,
            recordId: result.category.id,
            recordLabel: result.category.name,
            changes: { name: { before, after: verb === 'deleted' ? null : result.category.name } },
          }
        : null,
    { announce: `category ${verb}` },
  )
}

export const CATEGORY_INTENTS = ['add-category', 'rename-category', 'delete-category'] as const
export type CategoryIntent = (typeof CATEGORY_INTENTS)[number]

export function isCategoryIntent(intent: unknown): intent is CategoryIntent {
  return CATEGORY_INTENTS.includes(intent as CategoryIntent)
}

function refusal(intent: CategoryIntent, result: Exclude<CategoryWriteResult, { ok: true }>, usedBy: string) {
  if (result.reason === 'name-taken') return refused(intent, `A category named “${result.name}” already exists.`, 409)
  if (result.reason === 'in-use') {
    const things = `${result.usedBy} ${usedBy}${result.usedBy === 1 ? '' : 's'}`
    return refused(
      intent,
      `“${result.name}” is used by ${things}. Move ${result.usedBy === 1 ? 'it' : 'them'} to another category first.`,
      409,
    )
  }
  return refused(intent, CATEGORY_NOT_FOUND, 404)
}

/**
 * Add, rename or delete a category (back-office §5: names are trimmed, an empty one changes
 * nothing). The toasts say 'Category added', 'Category updated' or 'Category deleted'.
 */
export async function runCategoryAction(
  intent: CategoryIntent,
  fields: FormData,
  writes: CategoryWrites,
  actor: ActivityActor,
) {
  if (intent === 'add-category') {
    const parsed = parseForm(NewCategoryFormSchema, { name: fields.get('name') })
    if (!parsed.ok) return refusedForm(intent, parsed)
    const { name } = parsed.data
    const result = await recordedCategoryWrite(actor, writes, 'created', (tx) => writes.create(name, tx), null)
    if (!result.ok) return refusal(intent, result, writes.usedBy)
    return succeeded(intent, 'Category added', `“${result.category.name}” was added.`)
  }
  if (intent === 'rename-category') {
    const parsed = parseForm(RenameCategoryFormSchema, {
      categoryId: fields.get('categoryId'),
      name: fields.get('name'),
    })
    if (!parsed.ok) return refusedForm(intent, parsed)
    const id = parsed.data.categoryId as string
    const { name } = parsed.data
    const before = await writes.nameOf(id)
    const result = await recordedCategoryWrite(actor, writes, 'renamed', (tx) => writes.rename(id, name, tx), before)
    if (!result.ok) return refusal(intent, result, writes.usedBy)
    return succeeded(intent, 'Category updated', `Renamed to “${result.category.name}”.`)
  }
  const parsed = parseForm(CategoryIdFormSchema, { categoryId: fields.get('categoryId') })
  if (!parsed.ok) return refused(intent, CATEGORY_NOT_FOUND, 404)
  const id = parsed.data.categoryId as string
  const before = await writes.nameOf(id)
  const result = await recordedCategoryWrite(actor, writes, 'deleted', (tx) => writes.remove(id, tx), before)
  if (!result.ok) return refusal(intent, result, writes.usedBy)
  return succeeded(intent, 'Category deleted', `“${result.category.name}” was deleted.`)
}
