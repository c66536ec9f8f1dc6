import type { z } from 'zod'

/**
 * A form the schema refused: the first message for the toast (and its title, where the schema names
 * one in the issue's `params.title`), and the first message of each field.
 */
export type FormProblem = { message: string; title?: string; fieldErrors: Record<string, string> }

export type ParsedForm<Output> = { ok: true; data: Output } | ({ ok: false } & FormProblem)

/**
 * The one way a form is read on the server: its zod schema parses what was posted; a refusal
 * carries a form-level message (the first problem) and each field's first problem by its path
 * (`value`, `items.0.quantity`), for the page to show beside the field. A problem of the whole form
 * (a refine without a path) has no field.
 * @example
 * const parsed = parseForm(PromotionFormSchema, promotionFormValues(form))
 * if (!parsed.ok) return refusedForm('create', parsed)
 */
export function parseForm<Schema extends z.ZodType>(schema: Schema, input: unknown): ParsedForm<z.output<Schema>> {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const fieldErrors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.')
    if (path && !(path in fieldErrors)) fieldErrors[path] = issue.message
  }
  const first = result.error.issues[0] as { message: string; params?: { title?: unknown } } | undefined
  const title = typeof first?.params?.title === 'string' ? first.params.title : undefined
  return { ok: false, message: first?.message ?? 'Please check the form.', title, fieldErrors }
}
