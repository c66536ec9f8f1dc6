import type { z } from 'zod'
import { refused, refusedForm } from '#app/utils/action-reply.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { formValues } from './content-action-result.ts'

type EditIntent = 'create' | 'update'

export type EditFormRead<Data, Values> =
  | { ok: true; id: string | undefined; data: Data }
  | { ok: false; reply: ReturnType<typeof refused<EditIntent, Values>> }

/**
 * The start of saving a record's add-or-edit form: the edited record's id (none when adding) and
 * what `schema` reads from the fields named as its keys; else the reply refusing it, 404 with
 * `notFound` for an id no record can have and 400 with each field's problem. `values` names the
 * fields a refusal sends back, so a form posted without JavaScript shows them again.
 * @example
 * const read = readEditForm(fields, intent, { idField: 'policyId', notFound: POLICY_NOT_FOUND, schema: PolicyFormSchema })
 * if (!read.ok) return read.reply
 */
export function readEditForm<Schema extends z.ZodObject, Name extends string = never>(
  fields: FormData,
  intent: EditIntent,
  options: { idField: string; notFound: string; schema: Schema; values?: readonly Name[] },
): EditFormRead<z.output<Schema>, Record<Name, string>> {
  const values = options.values && formValues(fields, options.values)
  const id = intent === 'update' ? fields.get(options.idField) : undefined
  if (intent === 'update' && !isUuid(id)) return { ok: false, reply: refused(intent, options.notFound, 404, values) }
  const input = Object.fromEntries(Object.keys(options.schema.shape).map((name) => [name, fields.get(name)]))
  const parsed = parseForm(options.schema, input)
  if (!parsed.ok) return { ok: false, reply: refusedForm(intent, parsed, { values }) }
  return { ok: true, id: id as string | undefined, data: parsed.data }
}
