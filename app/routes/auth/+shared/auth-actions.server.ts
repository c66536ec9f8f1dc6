import { data } from 'react-router'
import {
  requestPasswordReset,
  resetPassword,
  retrievePasswordTokenEmail,
  signIn,
  signUp,
} from '#app/modules/accounts/index.server.ts'
import {
  firstIssue,
  LoginFormSchema,
  RegisterFormSchema,
  ResetPasswordFormSchema,
  ResetRequestFormSchema,
} from '#app/modules/accounts/schemas.ts'
import { safeRedirectPath } from '#app/utils/redirect-to.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { recordAdminSignIn } from '#app/workflows/record-admin-sign-in.server.ts'
import type { AuthActionResult } from './auth-forms.tsx'

type Client = { ip?: string; userAgent?: string | null }
type Fields = Record<string, FormDataEntryValue>

function fail(toast: AuthActionResult['toast'], status = 400) {
  return data<AuthActionResult>({ ok: false, toast: toast && { variant: 'destructive', ...toast } }, { status })
}

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
  const parsed = LoginFormSchema.safeParse(fields)
  if (!parsed.success) return fail({ title: 'Sign in Failed', description: firstIssue(parsed.error).description })
  const result = await signIn({ email: parsed.data.email, password: parsed.data.password }, client)
  if (!result.ok) {
    if (result.reason === 'account-locked') {
      return fail({ title: 'Too many requests', description: accountLockedMessage(result.retryAfterSeconds) }, 429)
    }
    if (result.reason === 'rate-limited') {
      return fail(
        {
          title: 'Too many requests',
          description: 'You have tried to sign in too many times. Please wait a while before trying again.',
        },
        429,
      )
    }
    return fail({ title: 'Sign in Failed', description: result.message }, 401)
  }
  await recordAdminSignIn(parsed.data.email)
  return redirectWithToast(
    safeRedirectPath(parsed.data.redirectTo),
    { title: 'Login Successful!', variant: 'success' },
    { headers: withCookies(result.setCookies) },
  )
}

export async function register(fields: Fields, client: Client) {
  const parsed = RegisterFormSchema.safeParse(fields)
  if (!parsed.success) return fail(firstIssue(parsed.error))
  const result = await signUp(parsed.data, client)
  if (!result.ok) {
    if (result.reason === 'rate-limited') {
      return fail(
        {
          title: 'Too many requests',
          description: 'You have tried to sign up too many times. Please wait a while before trying again.',
        },
        429,
      )
    }
    return fail({ title: 'Sign up Failed', description: result.message })
  }
  return redirectWithToast('/auth?tab=login', {
    title: 'Registration Successful!',
    description: 'Please check your email to verify your account, then log in.',
    variant: 'success',
  })
}

export async function requestReset(fields: Fields, client: Client) {
  const parsed = ResetRequestFormSchema.safeParse(fields)
  if (!parsed.success) return fail({ title: 'Error', description: firstIssue(parsed.error).description })
  const result = await requestPasswordReset(parsed.data, client)
  if (!result.ok) {
    if (result.reason === 'rate-limited') {
      return fail(
        {
          title: 'Too many requests',
          description: 'You have requested a password reset too many times. Please wait a while before trying again.',
        },
        429,
      )
    }
    return fail({ title: 'Error', description: result.message })
  }
  // The same answer whether or not the address has an account.
  return data<AuthActionResult>({
    ok: true,
    toast: {
      title: 'Password Reset Email Sent',
      description: 'If an account exists for that address, a link to reset the password is on its way.',
    },
  })
}

export async function updatePassword(fields: Fields, client: Client) {
  const parsed = ResetPasswordFormSchema.safeParse(fields)
  if (!parsed.success) return fail(firstIssue(parsed.error, 'Error updating password'))
  // An invitee is signed in once their password is set: read whose the token is before it is used up.
  const invitee = fields.invited === '1' ? await retrievePasswordTokenEmail(parsed.data.token) : null
  const result = await resetPassword({ token: parsed.data.token, newPassword: parsed.data.password }, client)
  if (!result.ok) {
    const description =
      result.message === 'Invalid token' || result.message === 'invalid token'
        ? 'The link you used is invalid or has expired.'
        : result.message
    return fail({ title: 'Error updating password', description })
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
