import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { createPolicy, deletePolicy, listAdminPolicies, updatePolicy } from '#app/modules/content/index.server.ts'
import { POLICY_NOT_FOUND, PolicyFormSchema, PolicyIdFormSchema } from '#app/modules/content/policy-schemas.ts'
import { refused, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { recordedDelete, recordedSave } from '#app/workflows/recorded-write.server.ts'
import { formValues } from '../+shared/content-action-result.ts'
import { readEditForm } from '../+shared/edit-form.server.ts'
import { POLICY_FIELDS } from './policy-types.ts'

/** The policy as it is now, for the activity log's before. */
async function policyBefore(policyId: string) {
  return (await listAdminPolicies()).find((policy) => policy.id === policyId) ?? null
}

const policyFields = (policy: { title: string; summary: string; content: string }) => ({
  title: policy.title,
  summary: policy.summary,
  content: policy.content,
})

/** Create (added after the others) or edit; the policy's address stays the same. */
export async function savePolicy(fields: FormData, intent: 'create' | 'update', actor: ActivityActor) {
  const read = readEditForm(fields, intent, {
    idField: 'policyId',
    notFound: POLICY_NOT_FOUND,
    schema: PolicyFormSchema,
    values: POLICY_FIELDS,
  })
  if (!read.ok) return read.reply
  const { id: policyId, data: policy } = read
  if (!policyId) {
    const created = await recordedSave(actor, 'policy', { created: policyFields(policy) }, (tx) =>
      createPolicy(policy, tx),
    )
    return succeeded(intent, 'Policy Created', `“${created.title}” is at /policies/${created.slug}.`)
  }
  const before = await policyBefore(policyId)
  const saved = await recordedSave(
    actor,
    'policy',
    { before: before && policyFields(before), after: policyFields(policy) },
    (tx) => updatePolicy(policyId, policy, tx),
  )
  if (!saved) return refused(intent, POLICY_NOT_FOUND, 404, formValues(fields, POLICY_FIELDS))
  return succeeded(intent, 'Policy Updated')
}

/** Delete, once confirmed. */
export async function removePolicy(fields: FormData, actor: ActivityActor) {
  const parsed = parseForm(PolicyIdFormSchema, { policyId: fields.get('policyId') })
  if (!parsed.ok) return refused('delete', POLICY_NOT_FOUND, 404)
  const { policyId } = parsed.data
  const before = await policyBefore(policyId)
  const deleted = await recordedDelete(actor, 'policy', { id: policyId, title: before?.title }, (tx) =>
    deletePolicy(policyId, tx),
  )
  if (!deleted) return refused('delete', POLICY_NOT_FOUND, 404)
  return succeeded('delete', 'Policy Deleted')
}
