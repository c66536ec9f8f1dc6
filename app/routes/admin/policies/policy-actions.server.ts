import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { createPolicy, deletePolicy, listAdminPolicies, updatePolicy } from '#app/modules/content/index.server.ts'
import { POLICY_NOT_FOUND, PolicyFormSchema, PolicyIdFormSchema } from '#app/modules/content/policy-schemas.ts'
import { changedFields } from '#app/rules/changes.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { createdFields, recordedWrite } from '#app/workflows/recorded-write.server.ts'
import { formValues } from '../+shared/content-action-result.ts'
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
  const values = formValues(fields, POLICY_FIELDS)
  let policyId: string | undefined
  if (intent === 'update') {
    const id = parseForm(PolicyIdFormSchema, { policyId: fields.get('policyId') })
    if (!id.ok) return refused(intent, POLICY_NOT_FOUND, 404, values)
    policyId = id.data.policyId
  }
  const parsed = parseForm(PolicyFormSchema, {
    title: fields.get('title'),
    summary: fields.get('summary'),
    content: fields.get('content'),
  })
  if (!parsed.ok) return refusedForm(intent, parsed, { values })
  if (!policyId) {
    const created = await recordedWrite(
      actor,
      (tx) => createPolicy(parsed.data, tx),
      (policy) => ({
        action: 'policy.created',
        recordType: 'policy',
        recordId: policy.id,
        recordLabel: policy.title,
        changes: createdFields(policyFields(parsed.data)),
      }),
      { announce: 'policy added' },
    )
    return succeeded(intent, 'Policy Created', `“${created.title}” is at /policies/${created.slug}.`)
  }
  const before = await policyBefore(policyId)
  const saved = await recordedWrite(
    actor,
    (tx) => updatePolicy(policyId, parsed.data, tx),
    (policy) =>
      policy
        ? {
            action: 'policy.updated',
            recordType: 'policy',
            recordId: policy.id,
            recordLabel: policy.title,
            changes: before ? changedFields(policyFields(before), policyFields(parsed.data)) : {},
          }
        : null,
    { announce: 'policy updated' },
  )
  if (!saved) return refused(intent, POLICY_NOT_FOUND, 404, values)
  return succeeded(intent, 'Policy Updated')
}

/** Delete, once confirmed. */
export async function removePolicy(fields: FormData, actor: ActivityActor) {
  const parsed = parseForm(PolicyIdFormSchema, { policyId: fields.get('policyId') })
  if (!parsed.ok) return refused('delete', POLICY_NOT_FOUND, 404)
  const { policyId } = parsed.data
  const before = await policyBefore(policyId)
  const deleted = await recordedWrite(
    actor,
    (tx) => deletePolicy(policyId, tx),
    (ok) =>
      ok
        ? { action: 'policy.deleted', recordType: 'policy', recordId: policyId, recordLabel: before?.title ?? '' }
        : null,
    { announce: 'policy deleted' },
  )
  if (!deleted) return refused('delete', POLICY_NOT_FOUND, 404)
  return succeeded('delete', 'Policy Deleted')
}
