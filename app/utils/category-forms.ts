import { z } from 'zod'
import { hasUnsupportedCharacters, unsupportedCharactersMessage } from '#app/rules/text.ts'
import { isUuid } from './ids.ts'

// The add, rename and delete forms of every category list of the shop: guide categories
// (/admin/guides/categories), product and shipping categories (/admin/settings).

export const CATEGORY_NAME_MAX = 100
export const CATEGORY_NOT_FOUND = 'Category not found. It may have been deleted already.'
/** Back-office §5: names are trimmed and an empty one is ignored (nothing is saved). */
export const CATEGORY_NAME_REQUIRED = 'Please enter a category name.'

const CategoryNameSchema = z.unknown().transform((value, context) => {
  const name = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : ''
  if (!name) {
    context.addIssue({ code: 'custom', message: CATEGORY_NAME_REQUIRED })
    return z.NEVER
  }
  if (name.length > CATEGORY_NAME_MAX) {
    context.addIssue({ code: 'custom', message: `A category name must be at most ${CATEGORY_NAME_MAX} characters.` })
    return z.NEVER
  }
  if (hasUnsupportedCharacters(name)) {
    context.addIssue({ code: 'custom', message: unsupportedCharactersMessage('A category name') })
    return z.NEVER
  }
  return name
})

const CategoryIdSchema = z.unknown().refine(isUuid, { message: CATEGORY_NOT_FOUND })

export const NewCategoryFormSchema = z.object({ name: CategoryNameSchema })
export const RenameCategoryFormSchema = z.object({ categoryId: CategoryIdSchema, name: CategoryNameSchema })
export const CategoryIdFormSchema = z.object({ categoryId: CategoryIdSchema })

/** What a category write answers: the saved category, or why nothing changed. */
export type CategoryWriteResult =
  | { ok: true; category: { id: string; name: string } }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'name-taken'; name: string }
  | { ok: false; reason: 'in-use'; name: string; usedBy: number }
