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
import { useUserActionToast } from './use-user-action-toast.ts'
import type { UserActionResult, UserRow } from './user-types.ts'
import { userLabel } from './users-table.tsx'

/** Back-office §1: a destructive action asks for confirmation first. */
export function UserDeleteDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const fetcher = useFetcher<UserActionResult>()
  useUserActionToast(fetcher, onClose)
  const busy = fetcher.state !== 'idle'
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {userLabel(user)}?</DialogTitle>
          <DialogDescription>
            The account of {user.email} is deleted for good and they are signed out. Their orders and invoices are kept.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <fetcher.Form method="post">
            <input type="hidden" name="userId" value={user.id} />
            <Button type="submit" name="intent" value="delete" variant="destructive" disabled={busy}>
              {busy ? <Spinner /> : null} Delete User
            </Button>
          </fetcher.Form>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
