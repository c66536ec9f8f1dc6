/** Registration password rules (storefront §5), in the order their messages are listed. */
export const passwordRules = [
  { test: (password: string) => password.length >= 8, message: 'be at least 8 characters long' },
  { test: (password: string) => /[a-z]/.test(password), message: 'contain a lowercase letter' },
  { test: (password: string) => /[A-Z]/.test(password), message: 'contain an uppercase letter' },
  { test: (password: string) => /[0-9]/.test(password), message: 'contain a number' },
  { test: (password: string) => /[^A-Za-z0-9]/.test(password), message: 'contain a special character' },
] as const

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128

/**
 * The 'Weak Password' text for a registration password, or null when every rule is met:
 * 'Password must ' followed by the unmet rules joined by commas.
 */
export function weakPasswordMessage(password: string): string | null {
  const unmet = passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.message)
  return unmet.length === 0 ? null : `Password must ${unmet.join(', ')}`
}

export type PasswordProblem = { field: 'password' | 'confirmPassword'; title: string; description?: string }

/**
 * What is wrong with a new password and its confirmation, in the order the two password forms
 * (reset and Settings) report it: the specification's own messages first, then the registration
 * rules (decision 013). Null when the password may be used.
 */
export function newPasswordProblem(password: string, confirmation: string): PasswordProblem | null {
  if (password !== confirmation) return { field: 'confirmPassword', title: 'Passwords do not match.' }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { field: 'password', title: 'Password too short', description: 'Password must be at least 8 characters.' }
  }
  const weak = weakPasswordMessage(password)
  return weak ? { field: 'password', title: 'Weak Password', description: weak } : null
}
