import { Link } from 'react-router'
import { z } from 'zod'
import { useActionForm } from '#app/components/forms/action-form.tsx'
import { checkNewPassword, NewPasswordFields } from '#app/components/forms/new-password-fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { AuthPageCard, AuthSubmit } from './+shared/auth-forms.tsx'
import type { Route } from './+types/update-password.ts'

const QuerySchema = z.object({
  token: z.string().max(500).optional().catch(undefined),
  // An admin's invitation: the same form, which signs the new user in once the password is set.
  invited: z.literal('1').optional().catch(undefined),
  // better-auth sends an expired or used reset link here with `?error=INVALID_TOKEN`; the code is
  // only tested for presence, never shown (decision 014).
  error: z.string().max(100).optional().catch(undefined),
})

export function loader({ request }: Route.LoaderArgs) {
  const { token, invited, error } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  return { token: token ?? '', invited: invited === '1', linkInvalid: Boolean(error) || !token }
}

export function meta() {
  return [{ title: 'Set a new password · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function UpdatePassword({ loaderData }: Route.ComponentProps) {
  // The answer's toast comes from the /auth page's clientAction; a success redirects.
  const { fetcher, errors, busy } = useActionForm()

  if (loaderData.linkInvalid) return <InvalidLink />
  return (
    <AuthPageCard
      title={loaderData.invited ? 'Welcome to LayerWorks 3D' : 'Set a new password'}
      description={
        loaderData.invited
          ? 'Choose a password to finish setting up your account.'
          : 'Choose a new password for your account.'
      }
    >
      <fetcher.Form method="post" action="/auth" className="grid gap-4" onSubmit={checkNewPassword}>
        <input type="hidden" name="intent" value="update-password" />
        <input type="hidden" name="token" value={loaderData.token} />
        {loaderData.invited ? <input type="hidden" name="invited" value="1" /> : null}
        <NewPasswordFields ids={['new-password', 'confirm-password']} errors={errors} />
        <AuthSubmit busy={busy}>Update Password</AuthSubmit>
      </fetcher.Form>
    </AuthPageCard>
  )
}

/** A reset link that expired, was used already or lost its token: say so and offer a new one. */
function InvalidLink() {
  return (
    <AuthPageCard
      title="Invalid Link"
      description="The link you used is invalid or has expired."
      contentClassName="grid gap-3"
    >
      <p className="text-muted-foreground text-sm">Reset links work once, for a limited time. Ask for a new one.</p>
      <Button asChild>
        <Link to="/auth?tab=reset-password">Send a New Reset Link</Link>
      </Button>
    </AuthPageCard>
  )
}
