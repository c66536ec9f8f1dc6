import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import { USER_ROLES } from '#app/modules/accounts/schemas.ts'
import type { UserActionResult, UserRow } from './user-types.ts'

/** Edit an account (`user`), or invite someone new by e-mail (no `user`). */
export function UserFormDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const fetcher = useFetcher<UserActionResult>()
  useActionAnswer(fetcher, { onOk: onClose })
  const busy = fetcher.state !== 'idle'
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{user ? 'Edit User' : 'Invite User'}</DialogTitle>
          <DialogDescription>
            {user
              ? 'A new role applies from their next page. A changed e-mail must be confirmed at their next sign-in.'
              : 'We e-mail them a link to choose a password; the link is valid for 7 days.'}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value={user ? 'update' : 'invite'} />
          {user ? <input type="hidden" name="userId" value={user.id} /> : null}
          <div className="grid gap-1.5">
            <Label htmlFor="user-email">Email</Label>
            <Input
              id="user-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={user?.email ?? ''}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="user-full-name">Full name{user ? '' : ' (optional)'}</Label>
            <Input
              id="user-full-name"
              name="fullName"
              autoComplete="off"
              maxLength={120}
              defaultValue={user?.fullName ?? ''}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="user-role">Role</Label>
            <NativeSelect id="user-role" name="role" defaultValue={user?.role ?? 'customer'}>
              {USER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex justify-end gap-2 border-t pt-4">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : null} {user ? 'Save Changes' : 'Send Invitation'}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
