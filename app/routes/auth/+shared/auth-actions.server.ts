import {
  requestPasswordReset,
  resetPassword,
  retrievePasswordTokenEmail,
  signIn,
  signUp,
} from '#app/modules/accounts/index.server.ts'
import {
  LoginFormSchema,
  RegisterFormSchema,
  ResetPasswordFormSchema,
  ResetRequestFormSchema,
} from '#app/modules/accounts/schemas.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { safeRedirectPath } from '#app/utils/redirect-to.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { recordAdminSignIn } from '#app/workflows/record-admin-sign-in.server.ts'

type Client = { ip?: string; userAgent?: string | null }
type Fields = Record<string, FormDataEntryValue>
export type AuthIntent = 'login' | 'register' | 'reset-password' | 'update-password'

/** Too many attempts from this address (the auth library's limit): nothing was tried. */
const tooMany = (intent: AuthIntent, description: string) =>
  refused(intent, description, 429, undefined, 'Too many requests')

function withCookies(setCookies: string[]) {
  const headers = new Headers()
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
  return headers
}

/** The wait after too many failed sign-ins for one address (decision 022), in whole minutes. */
function accountLockedMessage(retryAfterSeconds = 15 * 60) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `Too many failed sign-ins for this email address. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or reset your password.`
}

export async function login(fields: Fields, client: Client) {
  const parsed = parseForm(LoginFormSchema, fields)
  if (!parsed.ok) return refusedForm('login', parsed, { title: 'Sign in Failed' })
  const result = await signIn({ email: parsed.data.email, password: parsed.data.password }, client)
  if (!result.ok) {
    if (result.reason === 'account-locked') return tooMany('login', accountLockedMessage(result.retryAfterSeconds))
    if (result.reason === 'rate-limited') {
      return tooMany('login', 'You have tried to sign in too many times. Please wait a while before trying again.')
    }
    return refused('login', result.message, 401, undefined, 'Sign in Failed')
  }
  await recordAdminSignIn(parsed.data.email)
  return redirectWithToast(
    safeRedirectPath(parsed.data.redirectTo),
    { title: 'Login Successful!', variant: 'success' },
    { headers: withCookies(result.setCookies) },
  )
}

export async function register(fields: Fields, client: Client) {
  const parsed = parseForm(RegisterFormSchema, fields)
  if (!parsed.ok) return refusedForm('register', parsed)
  const result = await signUp(parsed.data, client)
  if (!result.ok) {
    if (result.reason === 'rate-limited') {
      return tooMany('register', 'You have tried to sign up too many times. Please wait a while before trying again.')
    }
    return refused('register', result.message, 400, undefined, 'Sign up Failed')
  }
  return redirectWithToast('/auth?tab=login', {
    title: 'Registration Successful!',
    description: 'Please check your email to verify your account, then log in.',
    variant: 'success',
  })
}

export async function requestReset(fields: Fields, client: Client) {
  const parsed = parseForm(ResetRequestFormSchema, fields)
  if (!parsed.ok) return refusedForm('reset-password', parsed, { title: 'Error' })
  const result = await requestPasswordReset(parsed.data, client)
  if (!result.ok) {
    if (result.reason === 'rate-limited') {
      return tooMany(
        'reset-password',
        'You have requested a password reset too many times. Please wait a while before trying again.',
      )
    }
    return refused('reset-password', result.message)
  }
  // The same answer whether or not the address has an account.
  return succeeded(
    'reset-password',
    'Password Reset Email Sent',
    'If an account exists for that address, a link to reset the password is on its way.',
  )
}

export async function updatePassword(fields: Fields, client: Client) {
  const parsed = parseForm(ResetPasswordFormSchema, fields)
  if (!parsed.ok) return refusedForm('update-password', parsed, { title: parsed.title ?? 'Error updating password' })
  // An invitee is signed in once their password is set: read whose the token is before it is used up.
  const invitee = fields.invited === '1' ? await retrievePasswordTokenEmail(parsed.data.token) : null
  const result = await resetPassword({ token: parsed.data.token, newPassword: parsed.data.password }, client)
  if (!result.ok) {
    const description =
      result.message === 'Invalid token' || result.message === 'invalid token'
        ? 'The link you used is invalid or has expired.'
        : result.message
    return refused('update-password', description, 400, undefined, 'Error updating password')
  }
  const signedIn = invitee ? await signIn({ email: invitee, password: parsed.data.password }, client) : null
  if (signedIn?.ok) {
    return redirectWithToast(
      '/account',
      { title: 'Welcome to LayerWorks 3D!', description: 'Your password is set.', variant: 'success' },
      { headers: withCookies(signedIn.setCookies) },
    )
  }
  return redirectWithToast('/auth?tab=login', {
    title: 'Password updated successfully!',
    description: 'You can now log in with your new password.',
    variant: 'success',
  })
}
