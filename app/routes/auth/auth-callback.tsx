import { CircleCheckIcon, CircleXIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Link, redirect, useNavigate } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/components/ui/button.tsx'
import { AuthPageCard } from './+shared/auth-forms.tsx'
import type { Route } from './+types/auth-callback.ts'

/** Redirect delays of the callback page (storefront §9). */
const VERIFIED_LOGIN_DELAY_MS = 2000
const SIGNUP_OR_INVITE_DELAY_MS = 3000

const QuerySchema = z.object({
  type: z.enum(['signup', 'invite', 'recovery', 'magiclink', 'email_change']).optional().catch(undefined),
  verified: z.enum(['1', 'true']).optional().catch(undefined),
  token: z.string().max(500).optional().catch(undefined),
})

type CallbackState =
  | { kind: 'error'; title: string; message: string }
  | { kind: 'verified'; message: string; to: string; delayMs: number }
  | { kind: 'success'; message: string; to: string; delayMs: number }

const INVALID_LINK = { title: 'Invalid Link', message: 'The link you used is invalid or has expired.' }
const AUTHENTICATION_ERROR = {
  title: 'Authentication Error',
  message: 'Invalid authentication link. Please try again.',
}

/**
 * The error codes the auth library puts on a link's redirect (verify-email: INVALID_TOKEN,
 * TOKEN_EXPIRED, USER_NOT_FOUND, INVALID_USER; reset-password: INVALID_TOKEN), older spellings, and
 * the shop's own for a link naming another site. Each shows fixed text; any other code shows
 * {@link AUTHENTICATION_ERROR}. Text from the link itself is never shown (decision 014): anyone can
 * write a link to this page, and the shop's page would then say whatever they wrote.
 */
const errorStates = new Map<string, { title: string; message: string }>([
  ['INVALID_TOKEN', INVALID_LINK],
  ['TOKEN_EXPIRED', INVALID_LINK],
  ['EXPIRED_TOKEN', INVALID_LINK],
  ['USER_NOT_FOUND', INVALID_LINK],
  ['INVALID_USER', INVALID_LINK],
  ['INVALID_CALLBACK_URL', INVALID_LINK],
  ['invalid_token', INVALID_LINK],
  ['token_expired', INVALID_LINK],
  ['expired_token', INVALID_LINK],
])

/**
 * Landing page for links sent by e-mail (storefront §4 Auth callback). The verification
 * itself happened on the server before the redirect here; this page reports the outcome.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const query = QuerySchema.parse(Object.fromEntries(url.searchParams))
  if (url.searchParams.has('error') || url.searchParams.has('error_description')) {
    const known = errorStates.get(url.searchParams.get('error') ?? '')
    return { state: { kind: 'error', ...(known ?? AUTHENTICATION_ERROR) } as CallbackState }
  }
  if (query.type === 'recovery') {
    throw redirect(`/update-password${query.token ? `?token=${encodeURIComponent(query.token)}` : ''}`)
  }
  if (query.type === 'signup' || query.type === 'invite') {
    const state: CallbackState = query.verified
      ? {
          kind: 'verified',
          message: 'Your email has been verified. Please log in.',
          to: '/auth?tab=login',
          delayMs: VERIFIED_LOGIN_DELAY_MS,
        }
      : {
          kind: 'verified',
          message: 'Your email has been verified. Please log in.',
          to: '/auth?tab=login',
          delayMs: SIGNUP_OR_INVITE_DELAY_MS,
        }
    return { state }
  }
  if (query.type === 'magiclink' || query.type === 'email_change') {
    return {
      state: {
        kind: 'success',
        message: 'You are signed in.',
        to: '/account',
        delayMs: VERIFIED_LOGIN_DELAY_MS,
      } as CallbackState,
    }
  }
  return { state: { kind: 'error', ...AUTHENTICATION_ERROR } as CallbackState }
}

export function meta() {
  return [{ title: 'Authentication Status · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const { state } = loaderData
  const navigate = useNavigate()
  useEffect(() => {
    if (state.kind === 'error') return
    const timer = setTimeout(() => navigate(state.to), state.delayMs)
    return () => clearTimeout(timer)
  }, [state, navigate])

  return (
    <AuthPageCard title="Authentication Status" contentClassName="flex flex-col items-center gap-4 text-center">
      {state.kind === 'error' ? (
        <CircleXIcon className="size-10 text-destructive" aria-hidden />
      ) : (
        <CircleCheckIcon className="size-10 text-success" aria-hidden />
      )}
      <div role={state.kind === 'error' ? 'alert' : 'status'} className="grid gap-1">
        {state.kind === 'error' ? <p className="font-semibold">{state.title}</p> : null}
        <p>{state.message}</p>
      </div>
      <Button asChild variant={state.kind === 'error' ? 'default' : 'outline'}>
        <Link to="/auth?tab=login">Go to Login</Link>
      </Button>
    </AuthPageCard>
  )
}
