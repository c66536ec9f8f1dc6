import { data } from 'react-router'
import { changePassword, retrieveProfile, updateProfile } from '#app/modules/accounts/index.server.ts'
import { ChangePasswordFormSchema, firstIssue, ProfileFormSchema } from '#app/modules/accounts/schemas.ts'
import { withAddressDefaults } from '#app/rules/address.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import type { Viewer } from '#app/wiring/viewer.server.ts'

type Fields = Record<string, FormDataEntryValue>
type Client = { ip?: string; userAgent?: string | null }

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
  const { fullName, ...address } = parsed.data
  // The recipient's name is kept from the last checkout; the form does not show it.
  const saved = (await retrieveProfile(viewer.id))?.shippingAddress
  await updateProfile(viewer.id, { fullName, shippingAddress: withAddressDefaults({ ...address, name: saved?.name }) })
  return data<ActionResult>({
    ok: true,
    toast: { title: 'Profile Updated', description: 'Your profile has been successfully saved.', variant: 'success' },
  })
}

/** Texts of a refused password change (storefront §5 'Error changing password', decision 013). */
const passwordRefusals = {
  'wrong-password': { title: 'Password Update Failed', description: 'Your current password is incorrect.' },
  'signed-out': { title: 'Auth session missing!', description: 'Please log in again to change your password.' },
  'rate-limited': { title: 'Too many requests', description: 'Too many requests. Please try again later.' },
} as const

/**
 * The Settings tab's password change: the current password is checked by the auth library, which
 * then ends every session of the account and opens a new one here (its cookie is set).
 */
export async function savePassword(request: Request, fields: Fields, client: Client) {
  const parsed = ChangePasswordFormSchema.safeParse(fields)
  if (!parsed.success) {
    const issue = firstIssue(parsed.error, 'Error changing password')
    return data<ActionResult>({ ok: false, toast: { ...issue, variant: 'destructive' } }, { status: 400 })
  }
  const result = await changePassword(
    request.headers.get('cookie'),
    { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password },
    client,
  )
  if (!result.ok) {
    const toast =
      result.reason === 'rejected'
        ? { title: 'Error changing password', description: result.message }
        : passwordRefusals[result.reason]
    const status = { 'wrong-password': 400, 'signed-out': 401, 'rate-limited': 429, rejected: 400 }[result.reason]
    return data<ActionResult>({ ok: false, toast: { ...toast, variant: 'destructive' } }, { status })
  }
  const headers = new Headers()
  for (const cookie of result.setCookies) headers.append('Set-Cookie', cookie)
  return data<ActionResult>(
    { ok: true, toast: { title: 'Password changed successfully!', variant: 'success' } },
    { headers },
  )
}

function pick(issue: { description: string }) {
  return { description: issue.description }
}
