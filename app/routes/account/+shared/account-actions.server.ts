import { data } from 'react-router'
import { changePassword, updateProfile } from '#app/modules/accounts/index.server.ts'
import { firstIssue, NewPasswordFormSchema, ProfileFormSchema } from '#app/modules/accounts/schemas.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import type { Viewer } from '#app/utils/viewer.server.ts'

type Fields = Record<string, FormDataEntryValue>

export async function saveProfile(viewer: Viewer, fields: Fields) {
  const parsed = ProfileFormSchema.safeParse(fields)
  if (!parsed.success) {
    return data<ActionResult>(
      {
        ok: false,
        toast: { title: 'Error updating profile', ...pick(firstIssue(parsed.error)), variant: 'destructive' },
      },
      { status: 400 },
    )
  }
  const { fullName, street, city, state, zip } = parsed.data
  await updateProfile(viewer.id, { fullName, shippingAddress: { street, city, state, zip } })
  return data<ActionResult>({
    ok: true,
    toast: { title: 'Profile Updated', description: 'Your profile has been successfully saved.', variant: 'success' },
  })
}

export async function savePassword(viewer: Viewer, fields: Fields) {
  const parsed = NewPasswordFormSchema.safeParse(fields)
  if (!parsed.success) {
    const issue = firstIssue(parsed.error, 'Error changing password')
    return data<ActionResult>({ ok: false, toast: { ...issue, variant: 'destructive' } }, { status: 400 })
  }
  await changePassword(viewer, parsed.data.password)
  return data<ActionResult>({ ok: true, toast: { title: 'Password changed successfully!', variant: 'success' } })
}

function pick(issue: { description: string }) {
  return { description: issue.description }
}
