import { useFetcher } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
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
  // The server's refusal names each field's problem; it is shown beside the field.
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
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
          <Field id="user-email" label="Email" error={errors.email}>
            <Input
              {...describedBy('user-email', { error: errors.email })}
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={user?.email ?? ''}
            />
          </Field>
          <Field id="user-full-name" label={user ? 'Full name' : 'Full name (optional)'} error={errors.fullName}>
            <Input
              {...describedBy('user-full-name', { error: errors.fullName })}
              name="fullName"
              autoComplete="off"
              maxLength={120}
              defaultValue={user?.fullName ?? ''}
            />
          </Field>
          <Field id="user-role" label="Role" error={errors.role}>
            <NativeSelect
              {...describedBy('user-role', { error: errors.role })}
              name="role"
              defaultValue={user?.role ?? 'customer'}
            >
              {USER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </NativeSelect>
          </Field>
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
