import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

/**
 * Back-office §1: a destructive action asks for confirmation first. Posts `intent` with `fields` to
 * this page's action, toasts the answer and closes once it worked; cannot be dismissed while posting.
 */
export function ConfirmDialog({
  open = true,
  onClose,
  title,
  description,
  confirmLabel,
  intent,
  fields,
  confirmVariant = 'destructive',
}: {
  open?: boolean
  onClose: () => void
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  intent: string
  fields: Record<string, string>
  /** A confirmation that destroys nothing (a declaration, say) is not red. */
  confirmVariant?: 'destructive' | 'default'
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionAnswer(fetcher, { onOk: onClose })
  const busy = fetcher.state !== 'idle'
  return (
    <Dialog open={open} onOpenChange={(next) => (next || busy ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value={intent} />
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" variant={confirmVariant} disabled={busy} className="w-full">
              {busy ? <Spinner /> : null}
              {confirmLabel}
            </Button>
          </fetcher.Form>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
