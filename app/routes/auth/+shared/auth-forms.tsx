import { useEffect } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { weakPasswordMessage } from '#app/rules/password.ts'

/** What the /auth action answers; `toast` is shown by the page's clientAction, `redirectTo` is followed. */
export type AuthActionResult = {
  ok: boolean
  toast?: { title: string; description?: string; variant?: 'default' | 'destructive' | 'success' }
  redirectTo?: string
}

function useAuthResult(fetcher: ReturnType<typeof useFetcher<AuthActionResult>>, onOk?: () => void) {
  const navigate = useNavigate()
  const result = fetcher.data
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result) return
    if (result.ok) onOk?.()
    if (result.redirectTo) navigate(result.redirectTo)
  }, [fetcher.state, result, navigate, onOk])
}

function Field({ label, ...props }: { label: string } & React.ComponentProps<typeof Input>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{label}</Label>
      <Input required {...props} />
    </div>
  )
}

function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy ? <Spinner /> : null}
      {children}
    </Button>
  )
}

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const fetcher = useFetcher<AuthActionResult>()
  useAuthResult(fetcher)
  return (
    <fetcher.Form method="post" action="/auth" className="grid gap-4">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field id="login-email" name="email" type="email" label="Email" autoComplete="email" />
      <Field id="login-password" name="password" type="password" label="Password" autoComplete="current-password" />
      <SubmitButton busy={fetcher.state !== 'idle'}>Sign In</SubmitButton>
    </fetcher.Form>
  )
}

/** `email`: prefilled, for a guest who just ordered with it (from /success). */
export function RegisterForm({ email = '' }: { email?: string }) {
  const fetcher = useFetcher<AuthActionResult>()
  useAuthResult(fetcher)
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
      <Field id="register-name" name="fullName" label="Full Name" autoComplete="name" maxLength={120} />
      <Field id="register-email" name="email" type="email" label="Email" autoComplete="email" defaultValue={email} />
      <Field id="register-password" name="password" type="password" label="Password" autoComplete="new-password" />
      <Field
        id="register-confirm"
        name="confirmPassword"
        type="password"
        label="Confirm Password"
        autoComplete="new-password"
      />
      <SubmitButton busy={fetcher.state !== 'idle'}>Sign Up</SubmitButton>
    </fetcher.Form>
  )
}

export function ResetPasswordForm() {
  const fetcher = useFetcher<AuthActionResult>()
  useAuthResult(fetcher)
  return (
    <fetcher.Form method="post" action="/auth" className="grid gap-4">
      <input type="hidden" name="intent" value="reset-password" />
      <Field id="reset-email" name="email" type="email" label="Email" autoComplete="email" />
      <SubmitButton busy={fetcher.state !== 'idle'}>Send Reset Link</SubmitButton>
    </fetcher.Form>
  )
}
