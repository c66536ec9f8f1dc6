import { data } from 'react-router'
import type { ActionResult, ActionToast } from './action-result.ts'
import type { FormProblem } from './parse-form.ts'

/**
 * The one shape every action answers with (`ActionResult`): whether it worked, the toast that says
 * so, the intent it answered where a page has several, and a refused form's values so a page posted
 * without JavaScript shows it again. The page's clientAction raises the toast (decision 012).
 */

/**
 * It worked: a success toast.
 * @example return succeeded('delete', 'Guide Deleted')
 */
export function succeeded<Intent extends string>(intent: Intent | null, title: string, description?: string) {
  return data<ActionResult<Intent, never>>({ ok: true, intent, toast: { title, description, variant: 'success' } })
}

/**
 * Nothing was changed: a destructive toast with the reason, the status (400 for bad input, 404 for
 * a record that is gone, 409 for a conflict, 413 for too large) and the form's values when given.
 * @example return refused('update', 'Please fill all required fields.', 400, values)
 */
export function refused<Intent extends string, Values = never>(
  intent: Intent | null,
  description: string,
  status = 400,
  values?: Values,
  title = 'Error',
) {
  return data<ActionResult<Intent, Values>>(
    { ok: false, intent, toast: { title, description, variant: 'destructive' }, values },
    { status },
  )
}

/**
 * An answer whose toast the caller composed (a title of its own on a refusal): ok follows the status.
 * @example return answered('invite', 409, { title: 'Invitation failed', description, variant: 'destructive' })
 */
export function answered<Intent extends string>(intent: Intent | null, status: number, toast: ActionToast) {
  return data<ActionResult<Intent, never>>({ ok: status < 400, intent, toast }, { status })
}

/**
 * A form its schema refused (parseForm): the first problem as the toast, every field's problem for
 * the page to show beside it, and what was sent. Nothing was changed. The toast's title is the one
 * given, else the one the schema names for the problem, else 'Error'.
 * @example if (!parsed.ok) return refusedForm('create', parsed, { values })
 */
export function refusedForm<Intent extends string, Values = never>(
  intent: Intent | null,
  problem: FormProblem,
  { status = 400, values, title = problem.title ?? 'Error' }: { status?: number; values?: Values; title?: string } = {},
) {
  return data<ActionResult<Intent, Values>>(
    {
      ok: false,
      intent,
      toast: { title, description: problem.message, variant: 'destructive' },
      values,
      fieldErrors: problem.fieldErrors,
    },
    { status },
  )
}
