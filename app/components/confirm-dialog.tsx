import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

/**
 * Back-office §1: a destructive action asks for confirmation first. Posts `intent` with `fields`
 * (a list repeats its name: the ids of a bulk selection) and whatever inputs `children` holds to
 * this page's action, toasts the answer and closes once it worked; cannot be dismissed while
 * posting. With `download`, the form is posted to that address as a plain form instead: the
 * browser saves the file and the page stays.
 * @example <ConfirmDialog title="Delete promotion SUMMER15?" description="…" confirmLabel="Delete Promotion" intent="delete" fields={{ promotionId }} onClose={close} />
 */
export function ConfirmDialog({
  open = true,
  onClose,
  onDone,
  title,
  description,
  confirmLabel,
  intent,
  fields,
  children,
  download,
  confirmVariant = 'destructive',
  fetcherKey,
}: {
  open?: boolean
  onClose: () => void
  /** Called once the action answered ok (before the dialog closes): a bulk bar clears its ticks. */
  onDone?: () => void
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  intent: string
  fields: Record<string, string | readonly string[]>
  /** More inputs of the form, shown between the description and the buttons. */
  children?: ReactNode
  /** Post to this address as a plain form (a file download) rather than to the page's action. */
  download?: string
  /** A confirmation that destroys nothing (a declaration, say) is not red. */
  confirmVariant?: 'destructive' | 'default'
  /** Shares the answer with a form outside the dialog (`useFetcher({ key })`) that shows its field problems. */
  fetcherKey?: string
}) {
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey })
  useActionAnswer(fetcher, {
    onOk: () => {
      onDone?.()
      onClose()
    },
  })
  const busy = fetcher.state !== 'idle'
  const FormTag = download ? 'form' : fetcher.Form
  return (
    <Dialog open={open} onOpenChange={(next) => (next || busy ? undefined : onClose())}>
      <DialogContent>
        <FormTag
          method="post"
          action={download}
          className="grid gap-4"
          onSubmit={download ? () => setTimeout(onClose) : undefined}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).flatMap(([name, value]) =>
            (typeof value === 'string' ? [value] : value).map((one) => (
              <input key={`${name}:${one}`} type="hidden" name={name} value={one} />
            )),
          )}
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <SubmitButton busy={busy} variant={confirmVariant}>
              {confirmLabel}
            </SubmitButton>
          </DialogFooter>
        </FormTag>
      </DialogContent>
    </Dialog>
  )
}
