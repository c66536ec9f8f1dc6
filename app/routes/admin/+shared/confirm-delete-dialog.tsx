import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { type ContentAdminResult, useContentAdminToast } from './content-admin-result.ts'

/**
 * A Delete button that asks first (back-office §1), then posts `intent` with `fields` to this page's
 * action. `what` names the thing for screen readers ("guide “Mounting”").
 */
export function ConfirmDeleteButton({
  what,
  title,
  description,
  confirmLabel,
  intent,
  fields,
}: {
  what: string
  title: string
  description: string
  confirmLabel: string
  intent: string
  fields: Record<string, string>
}) {
  const fetcher = useFetcher<ContentAdminResult>()
  const [open, setOpen] = useState(false)
  useContentAdminToast(fetcher, () => setOpen(false))
  const busy = fetcher.state !== 'idle'
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Delete<span className="sr-only"> {what}</span>
      </Button>
      <Dialog open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value={intent} />
              {Object.entries(fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Button type="submit" variant="destructive" disabled={busy} className="w-full">
                {busy ? <Spinner /> : null}
                {confirmLabel}
              </Button>
            </fetcher.Form>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
