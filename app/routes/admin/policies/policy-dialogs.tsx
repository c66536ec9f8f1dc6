import { stopWhenBlank } from '#app/components/admin/form-checks.ts'
import { FormDialog, useActionForm } from '#app/components/forms/action-form.tsx'
import { type TextFieldSpec, TextFields } from '#app/components/forms/text-fields.tsx'
import type { PolicyActionResult, PolicyRow } from './policy-types.ts'

// The limits and message of PolicyFormSchema, repeated here so that zod stays out of the page's JavaScript.
const FIELDS_REQUIRED = 'Title and content are required.'
const fields: TextFieldSpec<'title' | 'summary' | 'content'>[] = [
  { name: 'title', label: 'Title', required: true, maxLength: 200 },
  {
    name: 'summary',
    label: 'Summary (optional)',
    hint: 'The text of the policy’s card on the policies page; without one, the card shows the start of the policy.',
    maxLength: 400,
  },
  {
    name: 'content',
    label: 'Content',
    required: true,
    hint: 'Leave an empty line between paragraphs.',
    maxLength: 50_000,
    rows: 12,
  },
]

/** Create (policy null) or edit a policy. */
export function PolicyFormDialog({ policy, onClose }: { policy: PolicyRow | null; onClose: () => void }) {
  const form = useActionForm<PolicyActionResult>({ onOk: onClose })
  const { errors } = form
  return (
    <FormDialog
      form={form}
      title={policy ? 'Edit Policy' : 'New Policy'}
      description={
        policy
          ? `Shown at /policies/${policy.slug}; the address stays when the title changes.`
          : 'Added after the other policies on the policies page.'
      }
      fields={{ intent: policy ? 'update' : 'create', policyId: policy?.id }}
      submitLabel={policy ? 'Save Policy' : 'Create Policy'}
      onClose={onClose}
      className="sm:max-w-2xl"
      onSubmit={stopWhenBlank(['title', 'content'], FIELDS_REQUIRED)}
    >
      <TextFields idPrefix="policy" fields={fields} values={policy} errors={errors} />
    </FormDialog>
  )
}
