import { data } from 'react-router'
import { changePassword, retrieveProfile, updateProfile } from '#app/modules/accounts/index.server.ts'
import { ChangePasswordFormSchema, ProfileFormSchema } from '#app/modules/accounts/schemas.ts'
import { withAddressDefaults } from '#app/rules/address.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import type { Viewer } from '#app/wiring/viewer.server.ts'

type Fields = Record<string, FormDataEntryValue>
type Client = { ip?: string; userAgent?: string | null }

/** The Profile tab: the name and the shipping address, each field checked and refused beside itself. */
export async function saveProfile(viewer: Viewer, fields: Fields) {
  const parsed = parseForm(ProfileFormSchema, fields)
  if (!parsed.ok) return refusedForm('update-profile', parsed, { title: 'Error updating profile' })
  const { fullName, ...address } = parsed.data
  // The recipient's name is kept from the last checkout; the form does not show it.
  const saved = (await retrieveProfile(viewer.id))?.shippingAddress
  await updateProfile(viewer.id, { fullName, shippingAddress: withAddressDefaults({ ...address, name: saved?.name }) })
  return succeeded('update-profile', 'Profile Updated', 'Your profile has been successfully saved.')
}

/** A password change refused before the auth library is asked: the current session is gone. */
export const signedOutOfPasswordChange = () => passwordRefused('signed-out', 401)

/** Texts of a refused password change (storefront §5 'Error changing password', decision 013). */
const passwordRefusals = {
  'wrong-password': { title: 'Password Update Failed', description: 'Your current password is incorrect.' },
  'signed-out': { title: 'Auth session missing!', description: 'Please log in again to change your password.' },
  'rate-limited': { title: 'Too many requests', description: 'Too many requests. Please try again later.' },
} as const

function passwordRefused(reason: keyof typeof passwordRefusals, status: number) {
  const { title, description } = passwordRefusals[reason]
  if (reason !== 'wrong-password') return refused('change-password', description, status, undefined, title)
  // The current password is the field at fault: its problem is shown beside it.
  return refusedForm(
    'change-password',
    { message: description, fieldErrors: { currentPassword: description } },
    { title },
  )
}

/**
 * The Settings tab's password change: the current password is checked by the auth library, which
 * then ends every session of the account and opens a new one here (its cookie is set).
 */
export async function savePassword(request: Request, fields: Fields, client: Client) {
  const parsed = parseForm(ChangePasswordFormSchema, fields)
  if (!parsed.ok) return refusedForm('change-password', parsed, { title: parsed.title ?? 'Error changing password' })
  const result = await changePassword(
    request.headers.get('cookie'),
    { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password },
    client,
  )
  if (!result.ok) {
    if (result.reason === 'rejected') {
      return refused('change-password', result.message, 400, undefined, 'Error changing password')
    }
    return passwordRefused(
      result.reason,
      { 'wrong-password': 400, 'signed-out': 401, 'rate-limited': 429 }[result.reason],
    )
  }
  const headers = new Headers()
  for (const cookie of result.setCookies) headers.append('Set-Cookie', cookie)
  // The answer carries this browser's new session cookie.
  return data(succeeded('change-password', 'Password changed successfully!').data, { headers })
}
