import { useFetcher } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { weakPasswordMessage } from '#app/rules/password.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

// Every form here posts to /auth: its clientAction raises the answer's toast, a success redirects
// (the fetcher follows it), and a refusal names each field's problem, shown beside the field.

/** The fetcher of one auth form and its refused fields. */
export function useAuthForm() {
  const fetcher = useFetcher<ActionResult>()
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
  return { fetcher, errors, busy: fetcher.state !== 'idle' }
}

/** A required labelled input with its problem beside it. */
export function AuthField({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  return (
    <Field id={id} label={label} error={error}>
      <Input required {...describedBy(id, { error })} {...props} />
    </Field>
  )
}

export function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy ? <Spinner /> : null}
      {children}
    </Button>
  )
}

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const { fetcher, errors, busy } = useAuthForm()
  return (
    <fetcher.Form method="post" action="/auth" className="grid gap-4">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <AuthField id="login-email" name="email" type="email" label="Email" autoComplete="email" error={errors.email} />
      <AuthField
        id="login-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        error={errors.password}
      />
      <SubmitButton busy={busy}>Sign In</SubmitButton>
    </fetcher.Form>
  )
}

/** `email`: prefilled, for a guest who just ordered with it (from /success). */
export function RegisterForm({ email = '' }: { email?: string }) {
  const { fetcher, errors, busy } = useAuthForm()
  return (
    <fetcher.Form
      method="post"
      action="/auth"
      className="grid gap-4"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget)
        const password = String(form.get('password') ?? '')
        const weak = weakPasswordMessage(password)
        if (weak) {
          event.preventDefault()
          showToast({ title: 'Weak Password', description: weak, variant: 'destructive' })
        } else if (password !== form.get('confirmPassword')) {
          event.preventDefault()
          showToast({ title: 'Passwords do not match', variant: 'destructive' })
        }
      }}
    >
      <input type="hidden" name="intent" value="register" />
      <AuthField
        id="register-name"
        name="fullName"
        label="Full Name"
        autoComplete="name"
        maxLength={120}
        error={errors.fullName}
      />
      <AuthField
        id="register-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        defaultValue={email}
        error={errors.email}
      />
      <AuthField
        id="register-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        error={errors.password}
      />
      <AuthField
        id="register-confirm"
        name="confirmPassword"
        type="password"
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <SubmitButton busy={busy}>Sign Up</SubmitButton>
    </fetcher.Form>
  )
}

export function ResetPasswordForm() {
  const { fetcher, errors, busy } = useAuthForm()
  return (
    <fetcher.Form method="post" action="/auth" className="grid gap-4">
      <input type="hidden" name="intent" value="reset-password" />
      <AuthField id="reset-email" name="email" type="email" label="Email" autoComplete="email" error={errors.email} />
      <SubmitButton busy={busy}>Send Reset Link</SubmitButton>
    </fetcher.Form>
  )
}
