import { z } from 'zod'
import { multiLine, singleLine } from '#app/rules/text.ts'

export const urgencyOptions = [
  { value: 'standard', label: 'Standard (5-7 days)' },
  { value: 'rush', label: 'Rush (2-3 days)' },
  { value: 'urgent', label: 'Urgent (24-48 hours)' },
] as const

const required = (field: string, max: number, { multiline = false } = {}) =>
  (multiline ? multiLine : singleLine)({ label: field, error: `${field} is required.` })
    .min(1, `${field} is required.`)
    .max(max, `${field} must be at most ${max} characters.`)

/** The contact / quote-request form (storefront §2 Contact, §5, §9). */
export const ContactFormSchema = z.object({
  name: required('Name', 120),
  email: singleLine({ error: 'Email is required.', message: 'Please enter a valid email address.' })
    .min(1, 'Email is required.')
    .max(254, 'Please enter a valid email address.')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address.'),
  subject: required('Subject', 200),
  message: required('Project description', 5000, { multiline: true }),
  urgency: z.enum(['standard', 'rush', 'urgent']).catch('standard'),
})
export type ContactForm = z.infer<typeof ContactFormSchema>
