import { stopWhenBlank } from '#app/components/admin/form-checks.ts'
import { FormDialog, useActionForm } from '#app/components/forms/action-form.tsx'
import { InputField, TextareaField } from '#app/components/forms/field.tsx'
import type { PolicyActionResult, PolicyRow } from './policy-types.ts'

// The limits and message of PolicyFormSchema, repeated here so that zod stays out of the page's JavaScript.
const TITLE_MAX = 200
const SUMMARY_MAX = 400
const CONTENT_MAX = 50_000
const FIELDS_REQUIRED = 'Title and content are required.'

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
      <InputField
        id="policy-title"
        label="Title"
        required
        error={errors.title}
        name="title"
        maxLength={TITLE_MAX}
        autoComplete="off"
        defaultValue={policy?.title}
      />
      <InputField
        id="policy-summary"
        label="Summary (optional)"
        hint="The text of the policy’s card on the policies page; without one, the card shows the start of the policy."
        error={errors.summary}
        name="summary"
        maxLength={SUMMARY_MAX}
        autoComplete="off"
        defaultValue={policy?.summary}
      />
      <TextareaField
        id="policy-content"
        label="Content"
        required
        hint="Leave an empty line between paragraphs."
        error={errors.content}
        name="content"
        rows={12}
        maxLength={CONTENT_MAX}
        defaultValue={policy?.content}
      />
    </FormDialog>
  )
}
