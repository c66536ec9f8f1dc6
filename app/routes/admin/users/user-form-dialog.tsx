import { FormDialog, useActionForm } from '#app/components/forms/action-form.tsx'
import { fieldsOf, InputField, SelectField } from '#app/components/forms/field.tsx'
import { USER_ROLES } from '#app/modules/accounts/schemas.ts'
import type { UserActionResult, UserRow } from './user-types.ts'

/** Edit an account (`user`), or invite someone new by e-mail (no `user`). */
export function UserFormDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const form = useActionForm<UserActionResult>({ onOk: onClose })
  const field = fieldsOf('user', user, form.errors)
  return (
    <FormDialog
      form={form}
      title={user ? 'Edit User' : 'Invite User'}
      description={
        user
          ? 'A new role applies from their next page. A changed e-mail must be confirmed at their next sign-in.'
          : 'We e-mail them a link to choose a password; the link is valid for 7 days.'
      }
      fields={{ intent: user ? 'update' : 'invite', userId: user?.id }}
      submitLabel={user ? 'Save Changes' : 'Send Invitation'}
      onClose={onClose}
    >
      <InputField {...field('email')} label="Email" required type="email" autoComplete="off" maxLength={254} />
      <InputField
        {...field('fullName')}
        label={user ? 'Full name' : 'Full name (optional)'}
        autoComplete="off"
        maxLength={120}
      />
      <SelectField {...field('role', 'customer')} label="Role">
        {USER_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  )
}
