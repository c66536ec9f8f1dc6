import type * as React from 'react'
import { showToast } from '#app/components/ui/toaster.tsx'
import { newPasswordProblem } from '#app/rules/password.ts'
import { UnmarkedInputField } from './field.tsx'

/**
 * The browser's own check of a new password form (reset link and Settings): a password the server
 * would refuse is not sent, and its problem is toasted as the server would (decision 013).
 * @example <fetcher.Form method="post" onSubmit={checkNewPassword}>
 */
export function checkNewPassword(event: React.FormEvent<HTMLFormElement>) {
  const form = new FormData(event.currentTarget)
  const problem = newPasswordProblem(String(form.get('password') ?? ''), String(form.get('confirmPassword') ?? ''))
  if (problem) {
    event.preventDefault()
    showToast({ title: problem.title, description: problem.description, variant: 'destructive' })
  }
}

const NEW_PASSWORD_FIELDS = [
  { name: 'password', label: 'New Password' },
  { name: 'confirmPassword', label: 'Confirm New Password' },
] as const

/**
 * The new password and its confirmation (`password`, `confirmPassword`), each with its problem
 * beside it.
 * @example <NewPasswordFields ids={['new-password', 'confirm-password']} errors={errors} />
 */
export function NewPasswordFields({
  ids,
  errors,
}: {
  ids: [password: string, confirmation: string]
  errors: Record<string, string>
}) {
  return NEW_PASSWORD_FIELDS.map(({ name, label }, index) => (
    <UnmarkedInputField
      key={name}
      id={ids[index]}
      name={name}
      type="password"
      label={label}
      autoComplete="new-password"
      required
      error={errors[name]}
    />
  ))
}
