import { useState } from 'react'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'

/**
 * A Delete button that asks first (back-office §1), then posts `intent` with `fields` to this page's
 * action. `what` names the thing for screen readers ("guide “Mounting”").
 */
export function ConfirmDeleteButton({
  what,
  ...confirm
}: {
  what: string
  title: string
  description: string
  confirmLabel: string
  intent: string
  fields: Record<string, string>
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Delete<span className="sr-only"> {what}</span>
      </Button>
      <ConfirmDialog {...confirm} open={open} onClose={() => setOpen(false)} />
    </>
  )
}
