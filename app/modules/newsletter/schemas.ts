import { z } from 'zod'
import { singleLine } from '#app/rules/text.ts'

/** The newsletter form: one e-mail address (spec §5: required, simple e-mail pattern). */
export const NewsletterFormSchema = z.object({
  email: singleLine({ error: 'Please enter a valid email address.', message: 'Please enter a valid email address.' })
    .max(254, 'Please enter a valid email address.')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address.'),
})
