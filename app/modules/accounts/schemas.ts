import { z } from 'zod'
import { isCalendarDay } from '#app/rules/calendar.ts'
import { isShippableCountry } from '#app/rules/countries.ts'
import { MAX_PASSWORD_LENGTH, newPasswordProblem, weakPasswordMessage } from '#app/rules/password.ts'
import { searchText, singleLine } from '#app/rules/text.ts'

const email = singleLine({
  error: 'Please enter a valid email address.',
  message: 'Please enter a valid email address.',
})
  .toLowerCase()
  .max(254, 'Please enter a valid email address.')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address.')

const requiredText = (label: string, max: number) =>
  singleLine({ label, error: `${label} is required.` })
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)

export const LoginFormSchema = z.object({
  email,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(MAX_PASSWORD_LENGTH),
  // A return address that is too long is ignored, not a reason to refuse the sign-in.
  redirectTo: z.string().max(500).optional().catch(undefined),
})

/**
 * A password someone chooses, at registration, from a reset link or in the account's settings:
 * the registration rules (storefront §5), refused with 'Weak Password' and the unmet rules.
 */
export const NewPasswordSchema = z
  .string({ error: 'Password is required.' })
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`)
  .superRefine((password, context) => {
    const weak = weakPasswordMessage(password)
    if (weak) context.addIssue({ code: 'custom', message: weak, params: { title: 'Weak Password' } })
  })

/** Registration (storefront §5): the 'Weak Password' rules, then the confirmation. */
export const RegisterFormSchema = z
  .object({
    fullName: requiredText('Full name', 120),
    email,
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm your password.' }),
  })
  .superRefine((value, context) => {
    if (value.password !== value.confirmPassword) {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'Passwords do not match',
        params: { title: 'Passwords do not match' },
      })
    }
  })

export const ResetRequestFormSchema = z.object({ email })

/**
 * A new password and its confirmation, from a reset link or the account's settings tab: both
 * required, then 'Passwords do not match.', then 'Password too short' (storefront §5 texts), then
 * the registration rules of {@link NewPasswordSchema}.
 */
export const NewPasswordFormSchema = z
  .object({
    password: z.string({ error: 'Password is required.' }).max(MAX_PASSWORD_LENGTH),
    confirmPassword: z.string({ error: 'Please confirm your password.' }),
  })
  .superRefine((value, context) => {
    if (!value.password || !value.confirmPassword) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'Please fill out both password fields.' })
      return
    }
    // The same check the two forms run in the browser, so both always give the same message.
    const problem = newPasswordProblem(value.password, value.confirmPassword)
    if (problem) {
      context.addIssue({
        code: 'custom',
        path: [problem.field],
        message: problem.description ?? problem.title,
        params: { title: problem.title },
      })
    }
  })

/** The account's Settings tab (decision 013): the current password, then a new one as above. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Please enter your current password.' })
      .min(1, 'Please enter your current password.')
      .max(MAX_PASSWORD_LENGTH, 'Your current password is incorrect.'),
  })
  .and(NewPasswordFormSchema)

export const ResetPasswordFormSchema = z
  .object({
    token: singleLine({ message: 'The link you used is invalid or has expired.' })
      .min(1, 'The link you used is invalid or has expired.')
      .max(500),
  })
  .and(NewPasswordFormSchema)

export const ProfileFormSchema = z.object({
  fullName: singleLine({ label: 'Full name' }).max(120, 'Full name must be at most 120 characters.').default(''),
  street: singleLine({ label: 'Street' }).max(200, 'Street must be at most 200 characters.').default(''),
  city: singleLine({ label: 'City' }).max(100, 'City must be at most 100 characters.').default(''),
  state: singleLine({ label: 'State' }).max(100, 'State must be at most 100 characters.').default(''),
  zip: singleLine({ label: 'Zip' }).max(20, 'Zip must be at most 20 characters.').default(''),
  // What a carrier needs besides the specification's four fields (issue 12); all optional here,
  // checkout asks for what is missing.
  line2: singleLine({ label: 'Address line 2' }).max(200, 'Address line 2 must be at most 200 characters.').default(''),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => code === '' || isShippableCountry(code), 'Choose a country from the list.')
    .default(''),
  phone: singleLine({ label: 'Phone' })
    .max(40, 'Phone must be at most 40 characters.')
    .regex(/^[0-9 +()./-]*$/, 'Enter the phone number with digits, spaces and + ( ) - only.')
    .default(''),
})

// Back-office users (back-office §4, §5, §8).
export const USER_ROLES = ['customer', 'Admin'] as const
export const USER_SEARCH_MAX_LENGTH = 100
export const USER_EMAIL_TAKEN = 'A user with this e-mail already exists.'
export const OWN_ACCOUNT_DELETE = 'You cannot delete your own account.'
export const LAST_ADMIN = 'At least one admin is required.'
export const USER_NOT_FOUND = 'User not found. It may have been deleted already.'

export const USER_ROLE_FILTERS = ['all', ...USER_ROLES] as const

/** /admin/users: a search, a role, and the day an account was made from (the dashboard's new customers). */
export const UserListQuerySchema = z.object({
  q: searchText(USER_SEARCH_MAX_LENGTH),
  role: z.enum(USER_ROLE_FILTERS).catch('all'),
  joined: z.string().refine(isCalendarDay).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
})

export const UserIdFormSchema = z.object({ userId: z.uuid({ error: USER_NOT_FOUND }) })

const roleField = z.enum(USER_ROLES, { error: 'Please choose the role customer or Admin.' })

const fullNameField = singleLine({ label: 'Full name', error: 'Full name must be text.' }).max(
  120,
  'Full name must be at most 120 characters.',
)

const requiredEmail = z.string({ error: 'Email is required.' }).trim().min(1, 'Email is required.').pipe(email)

/** The edit form: e-mail required (back-office §5), full name optional, one of the two roles. */
export const UserEditFormSchema = UserIdFormSchema.extend({
  fullName: fullNameField.default(''),
  email: requiredEmail,
  role: roleField,
})

/** The invitation form: an e-mail, and optionally a name and a role (customer unless chosen). */
export const UserInviteFormSchema = z.object({
  email: requiredEmail,
  fullName: fullNameField.default(''),
  role: roleField.default('customer'),
})
