import type * as React from 'react'
import { useActionForm } from '#app/components/forms/action-form.tsx'
import { UnmarkedInputField } from '#app/components/forms/field.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import type { Input } from '#app/components/ui/input.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { weakPasswordMessage } from '#app/rules/password.ts'

// Every form here posts to /auth: its clientAction raises the answer's toast, a success redirects
// (the fetcher follows it), and a refusal names each field's problem, shown beside the field.

type AuthFieldSpec = { name: string; slug: string; label: string } & React.ComponentProps<typeof Input>

const emailField = { name: 'email', slug: 'email', type: 'email', label: 'Email', autoComplete: 'email' }
const passwordField = { name: 'password', slug: 'password', type: 'password', label: 'Password' }

/** The required fields of one auth form, each with its problem beside it; an id is `${form}-${slug}`. */
function AuthFields({
  form,
  fields,
  errors,
}: {
  form: string
  fields: AuthFieldSpec[]
  errors: Record<string, string>
}) {
  return fields.map(({ slug, ...field }) => (
    <UnmarkedInputField key={slug} id={`${form}-${slug}`} required error={errors[field.name]} {...field} />
  ))
}

export function AuthSubmit({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <SubmitButton busy={busy} className="w-full">
      {children}
    </SubmitButton>
  )
}

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const { fetcher, errors, busy } = useActionForm()
  return (
    <fetcher.Form method="post" action="/auth" className="grid gap-4">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <AuthFields
        form="login"
        fields={[emailField, { ...passwordField, autoComplete: 'current-password' }]}
        errors={errors}
      />
      <AuthSubmit busy={busy}>Sign In</AuthSubmit>
    </fetcher.Form>
  )
}

/** `email`: prefilled, for a guest who just ordered with it (from /success). */
export function RegisterForm({ email = '' }: { email?: string }) {
  const { fetcher, errors, busy } = useActionForm()
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
      <AuthFields
        form="register"
        fields={[
          { name: 'fullName', slug: 'name', label: 'Full Name', autoComplete: 'name', maxLength: 120 },
          { ...emailField, defaultValue: email },
          { ...passwordField, autoComplete: 'new-password' },
          {
            ...passwordField,
            name: 'confirmPassword',
            slug: 'confirm',
            label: 'Confirm Password',
            autoComplete: 'new-password',
          },
        ]}
        errors={errors}
      />
      <AuthSubmit busy={busy}>Sign Up</AuthSubmit>
    </fetcher.Form>
  )
}

export function ResetPasswordForm() {
  const { fetcher, errors, busy } = useActionForm()
  return (
    <fetcher.Form method="post" action="/auth" className="grid gap-4">
      <input type="hidden" name="intent" value="reset-password" />
      <AuthFields form="reset" fields={[emailField]} errors={errors} />
      <AuthSubmit busy={busy}>Send Reset Link</AuthSubmit>
    </fetcher.Form>
  )
}

/** The one card of a page of its own about an account (a reset link, a callback), under its title. */
export function AuthPageCard({
  title,
  description,
  contentClassName,
  children,
}: {
  title: string
  description?: string
  contentClassName?: string
  children: React.ReactNode
}) {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </section>
  )
}
