import { useFetcher } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { PolicyActionResult, PolicyRow } from './policy-types.ts'

// The limits and message of PolicyFormSchema, repeated here so that zod stays out of the page's JavaScript.
const TITLE_MAX = 200
const SUMMARY_MAX = 400
const CONTENT_MAX = 50_000
const FIELDS_REQUIRED = 'Title and content are required.'

/** Create (policy null) or edit a policy. */
export function PolicyFormDialog({ policy, onClose }: { policy: PolicyRow | null; onClose: () => void }) {
  const fetcher = useFetcher<PolicyActionResult>()
  useActionAnswer(fetcher, { onAnswer: (result) => (result.ok ? onClose() : undefined) })
  const busy = fetcher.state !== 'idle'
  // The server's refusal names each field's problem; it is shown beside the field.
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{policy ? 'Edit Policy' : 'New Policy'}</DialogTitle>
          <DialogDescription>
            {policy
              ? `Shown at /policies/${policy.slug}; the address stays when the title changes.`
              : 'Added after the other policies on the policies page.'}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget)
            if (!String(form.get('title')).trim() || !String(form.get('content')).trim()) {
              event.preventDefault()
              showToast({ title: 'Error', description: FIELDS_REQUIRED, variant: 'destructive' })
            }
          }}
        >
          <input type="hidden" name="intent" value={policy ? 'update' : 'create'} />
          {policy ? <input type="hidden" name="policyId" value={policy.id} /> : null}
          <Field id="policy-title" label="Title" required error={errors.title}>
            <Input
              {...describedBy('policy-title', { error: errors.title })}
              name="title"
              required
              maxLength={TITLE_MAX}
              autoComplete="off"
              defaultValue={policy?.title}
            />
          </Field>
          <Field
            id="policy-summary"
            label="Summary (optional)"
            hint="The text of the policy’s card on the policies page; without one, the card shows the start of the policy."
            error={errors.summary}
          >
            <Input
              {...describedBy('policy-summary', { error: errors.summary, hint: true })}
              name="summary"
              maxLength={SUMMARY_MAX}
              autoComplete="off"
              defaultValue={policy?.summary}
            />
          </Field>
          <Field
            id="policy-content"
            label="Content"
            required
            hint="Leave an empty line between paragraphs."
            error={errors.content}
          >
            <Textarea
              {...describedBy('policy-content', { error: errors.content, hint: true })}
              name="content"
              rows={12}
              required
              maxLength={CONTENT_MAX}
              defaultValue={policy?.content}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {policy ? 'Save Policy' : 'Create Policy'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
