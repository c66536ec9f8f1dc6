import type * as React from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { cn } from '#app/utils/misc.ts'
import { fieldErrorsOf } from './field.tsx'
import { SubmitButton } from './submit-button.tsx'

/**
 * A form posted by a fetcher to this page's action, as the form shows it: whether it is being
 * posted, and a refusal's problems by field. `onOk` runs once the answer is a success and the page
 * is reloaded (the toast is the page's clientAction's, decision 012).
 * @example const form = useActionForm({ onOk: onClose })
 */
export function useActionForm<Result extends ActionResult = ActionResult>({ onOk }: { onOk?: () => void } = {}) {
  const fetcher = useFetcher<Result>()
  useActionAnswer(fetcher, { onOk })
  return { fetcher, busy: fetcher.state !== 'idle', errors: fieldErrorsOf(fetcher.data) }
}

export type ActionForm = ReturnType<typeof useActionForm>

/** Hidden inputs of a form: its intent and the record it changes; an empty value is left out. */
export function HiddenFields({ fields }: { fields: Record<string, string | null | undefined> }) {
  return Object.entries(fields).map(([name, value]) =>
    value ? <input key={name} type="hidden" name={name} value={value} /> : null,
  )
}

/**
 * A dialog holding one form of this page (back-office §1): the fields are checked by the server,
 * which names each field's problem beside it; Cancel closes it, except while it is posted.
 * @example
 * <FormDialog form={form} title="Edit User" description="…" fields={{ intent: 'update', userId }} submitLabel="Save Changes" onClose={onClose}>…</FormDialog>
 */
export function FormDialog({
  form,
  title,
  description,
  fields,
  submitLabel,
  onClose,
  onSubmit,
  aside,
  className,
  children,
}: {
  form: ActionForm
  title: React.ReactNode
  description: React.ReactNode
  /** Hidden fields: the intent and the record's id. */
  fields: Record<string, string | null | undefined>
  submitLabel: string
  onClose: () => void
  /** The browser's own check before sending (it may cancel the submission). */
  onSubmit?: React.FormEventHandler<HTMLFormElement>
  /** Shown at the start of the buttons' row (a total). */
  aside?: React.ReactNode
  /** Classes of the dialog's box, such as a wider `sm:max-w-2xl`. */
  className?: string
  children: React.ReactNode
}) {
  const { fetcher, busy } = form
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" noValidate className="grid min-w-0 gap-4" onSubmit={onSubmit}>
          <HiddenFields fields={fields} />
          {children}
          <div
            className={cn('flex flex-wrap items-center gap-2 border-t pt-4', aside ? 'justify-between' : 'justify-end')}
          >
            {aside}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
            </div>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
