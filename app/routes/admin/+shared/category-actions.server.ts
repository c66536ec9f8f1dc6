import {
  CATEGORY_NOT_FOUND,
  CategoryIdFormSchema,
  type CategoryWriteResult,
  NewCategoryFormSchema,
  RenameCategoryFormSchema,
} from '#app/utils/category-forms.ts'
import { refused, succeeded } from './content-admin-result.server.ts'

/** The writes of one category list (guide, product or shipping categories). */
export type CategoryWrites = {
  create: (name: string) => Promise<CategoryWriteResult>
  rename: (id: string, name: string) => Promise<CategoryWriteResult>
  remove: (id: string) => Promise<CategoryWriteResult>
  /** What uses a category, for the refusal of a delete: 'guide' or 'product'. */
  usedBy: string
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
export async function runCategoryAction(intent: CategoryIntent, fields: FormData, writes: CategoryWrites) {
  if (intent === 'add-category') {
    const parsed = NewCategoryFormSchema.safeParse({ name: fields.get('name') })
    if (!parsed.success) return refused(intent, parsed.error.issues[0].message)
    const result = await writes.create(parsed.data.name)
    if (!result.ok) return refusal(intent, result, writes.usedBy)
    return succeeded(intent, 'Category added', `“${result.category.name}” was added.`)
  }
  if (intent === 'rename-category') {
    const parsed = RenameCategoryFormSchema.safeParse({
      categoryId: fields.get('categoryId'),
      name: fields.get('name'),
    })
    if (!parsed.success) return refused(intent, parsed.error.issues[0].message)
    const result = await writes.rename(parsed.data.categoryId as string, parsed.data.name)
    if (!result.ok) return refusal(intent, result, writes.usedBy)
    return succeeded(intent, 'Category updated', `Renamed to “${result.category.name}”.`)
  }
  const parsed = CategoryIdFormSchema.safeParse({ categoryId: fields.get('categoryId') })
  if (!parsed.success) return refused(intent, CATEGORY_NOT_FOUND, 404)
  const result = await writes.remove(parsed.data.categoryId as string)
  if (!result.ok) return refusal(intent, result, writes.usedBy)
  return succeeded(intent, 'Category deleted', `“${result.category.name}” was deleted.`)
}
