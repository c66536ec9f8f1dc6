import { z } from 'zod'
import { multiLine, searchText, singleLine } from '#app/rules/text.ts'
import { DateRangeQuerySchema } from '#app/utils/date-range-query.ts'

// What the contact page shows and checks in the browser lives in form-limits.ts, without zod,
// since the page loads it; this file adds the server's schemas.
export * from './form-limits.ts'

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

export const CONTACT_MESSAGE_STATUSES = ['new', 'answered', 'archived'] as const
export const CONTACT_INBOX_FILTERS = [...CONTACT_MESSAGE_STATUSES, 'all'] as const
export type ContactInboxFilter = (typeof CONTACT_INBOX_FILTERS)[number]
export const CONTACT_SEARCH_MAX_LENGTH = 100

/** The inbox list's query string: a status tab (New by default), a search, a range of days, a page. */
export const ContactInboxQuerySchema = z
  .object({
    status: z.enum(CONTACT_INBOX_FILTERS).catch('new'),
    q: searchText(CONTACT_SEARCH_MAX_LENGTH),
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  })
  .and(DateRangeQuerySchema)

export const CONTACT_REPLY_MAX_LENGTH = 5000

/** An admin's reply to a message, e-mailed to its sender. */
export const ContactReplyFormSchema = z.object({
  body: multiLine({ label: 'The reply', error: 'Write a reply first.' })
    .min(1, 'Write a reply first.')
    .max(
      CONTACT_REPLY_MAX_LENGTH,
      `A reply can be at most ${CONTACT_REPLY_MAX_LENGTH.toLocaleString('en-US')} characters.`,
    ),
})

export const ContactMessageIdSchema = z.uuid('Message not found.')

/** The back-office's move of a message to New, Answered or Archived. */
export const ContactMessageStatusFormSchema = z.object({
  status: z.enum(CONTACT_MESSAGE_STATUSES, 'Choose New, Answered or Archived.'),
})
