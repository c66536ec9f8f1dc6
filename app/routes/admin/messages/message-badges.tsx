import { Badge } from '#app/components/ui/badge.tsx'
import type { ContactMessageStatus, ContactUrgency } from '#app/modules/contact/types.ts'

export const statusLabels: Record<ContactMessageStatus, string> = {
  new: 'New',
  answered: 'Answered',
  archived: 'Archived',
}

const urgencyLabels: Record<ContactUrgency, string> = {
  standard: 'Standard',
  rush: 'Rush',
  urgent: 'Urgent',
}

export function MessageStatusBadge({ status }: { status: ContactMessageStatus }) {
  const variant = status === 'new' ? 'default' : status === 'answered' ? 'success' : 'secondary'
  return <Badge variant={variant}>{statusLabels[status]}</Badge>
}

export function UrgencyBadge({ urgency }: { urgency: ContactUrgency }) {
  const variant = urgency === 'urgent' ? 'destructive' : urgency === 'rush' ? 'warning' : 'outline'
  return <Badge variant={variant}>{urgencyLabels[urgency]}</Badge>
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** Dates in UTC, so the server and the browser render the same text. */
export function MessageDate({ value }: { value: Date | string }) {
  const date = new Date(value)
  return <time dateTime={date.toISOString()}>{when.format(date)} UTC</time>
}
