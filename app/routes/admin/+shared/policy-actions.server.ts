import { data } from 'react-router'
import { firstIssue } from '#app/modules/content/form-fields.ts'
import { createPolicy, deletePolicy, updatePolicy } from '#app/modules/content/index.server.ts'
import { POLICY_NOT_FOUND, PolicyFormSchema, PolicyIdFormSchema } from '#app/modules/content/policy-schemas.ts'
import { formValues } from './content-action-result.ts'
import { POLICY_FIELDS, type PolicyActionResult, type PolicyFormValues } from './policy-types.ts'

function succeeded(intent: string, title: string, description?: string) {
  return data<PolicyActionResult>({ ok: true, intent, toast: { title, description, variant: 'success' } })
}

export function refused(intent: string | null, description: string, status: 400 | 404, values?: PolicyFormValues) {
  return data<PolicyActionResult>(
    { ok: false, intent, toast: { title: 'Error', description, variant: 'destructive' }, values },
    { status },
  )
}

/** Create (added after the others) or edit; the policy's address stays the same. */
export async function savePolicy(fields: FormData, intent: 'create' | 'update') {
  const values = formValues(fields, POLICY_FIELDS)
  let policyId: string | undefined
  if (intent === 'update') {
    const id = PolicyIdFormSchema.safeParse({ policyId: fields.get('policyId') })
    if (!id.success) return refused(intent, POLICY_NOT_FOUND, 404, values)
    policyId = id.data.policyId
  }
  const parsed = PolicyFormSchema.safeParse({
    title: fields.get('title'),
    summary: fields.get('summary'),
    content: fields.get('content'),
  })
  if (!parsed.success) return refused(intent, firstIssue(parsed.error), 400, values)
  if (!policyId) {
    const created = await createPolicy(parsed.data)
    return succeeded(intent, 'Policy Created', `“${created.title}” is at /policies/${created.slug}.`)
  }
  const saved = await updatePolicy(policyId, parsed.data)
  if (!saved) return refused(intent, POLICY_NOT_FOUND, 404, values)
  return succeeded(intent, 'Policy Updated')
}

/** Delete, once confirmed. */
export async function removePolicy(fields: FormData) {
  const parsed = PolicyIdFormSchema.safeParse({ policyId: fields.get('policyId') })
  if (!parsed.success || !(await deletePolicy(parsed.data.policyId))) return refused('delete', POLICY_NOT_FOUND, 404)
  return succeeded('delete', 'Policy Deleted')
}
