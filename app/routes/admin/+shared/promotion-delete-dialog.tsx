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
import type { PromotionRow } from './promotion-types.ts'
import { type AdminActionResult, useActionToast } from './use-action-toast.ts'

/** Back-office §1: a destructive action asks for confirmation first. */
export function PromotionDeleteDialog({ promotion, onClose }: { promotion: PromotionRow; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>()
  useActionToast(fetcher, onClose)
  const busy = fetcher.state !== 'idle'
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete promotion {promotion.code}?</DialogTitle>
          <DialogDescription>
            “{promotion.name}” is deleted for good and its code stops working at once.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <fetcher.Form method="post">
            <input type="hidden" name="promotionId" value={promotion.id} />
            <Button type="submit" name="intent" value="delete" variant="destructive" disabled={busy}>
              {busy ? <Spinner /> : null} Delete Promotion
            </Button>
          </fetcher.Form>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
