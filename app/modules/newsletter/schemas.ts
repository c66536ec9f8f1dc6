import { z } from 'zod'

/** The newsletter form: one e-mail address (spec §5: required, simple e-mail pattern). */
export const NewsletterFormSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address.'),
})
