import { ContactMessageStatusFormSchema, ContactReplyFormSchema } from '#app/modules/contact/schemas.ts'
import type { ContactMessageStatus } from '#app/modules/contact/types.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import type { Viewer } from '#app/wiring/viewer.server.ts'
import { changeContactMessageStatus, replyToContactMessage } from '#app/workflows/contact-inbox.server.ts'

// The message page's actions. Each answers with one toast (decision 012); a refused form changes
// nothing and says why.

export type MessageIntent = 'reply' | 'set-status'

const failure = (status: number, description: string, title = 'Error') =>
  refused<MessageIntent>(null, description, status, undefined, title)

const success = (intent: MessageIntent, title: string, description: string) => succeeded(intent, title, description)

export const messageNotFound = () => failure(404, 'Message not found.')

const actorOf = (viewer: Viewer) => ({ id: viewer.id, label: viewer.email })

/** Anything thrown is logged and answered as a 500 with a toast; the change was rolled back. */
async function run<T>(what: string, messageId: string, work: () => Promise<T>, answer: (result: T) => unknown) {
  try {
    return answer(await work())
  } catch (err) {
    logger.error({ err, messageId }, `Message action failed: ${what}`)
    return failure(500, 'The message could not be changed. Please try again.')
  }
}

/** E-mails a reply to the sender, keeps it with the message and moves the message to Answered. */
export async function replyAction(form: FormData, viewer: Viewer, messageId: string) {
  const parsed = parseForm(ContactReplyFormSchema, { body: form.get('body') ?? undefined })
  if (!parsed.ok) return refusedForm<MessageIntent>('reply', parsed, { title: 'Reply Not Sent' })
  return run(
    'reply',
    messageId,
    () => replyToContactMessage({ messageId, actor: actorOf(viewer), body: parsed.data.body }),
    (outcome) =>
      outcome.ok ? success('reply', 'Reply Sent', `Your reply was e-mailed to ${outcome.to}.`) : messageNotFound(),
  )
}

const statusToasts: Record<ContactMessageStatus, { title: string; description: string }> = {
  new: { title: 'Message moved to New', description: 'It waits under New for an answer.' },
  answered: { title: 'Message marked as answered', description: 'It is listed under Answered.' },
  archived: { title: 'Message Archived', description: 'It is kept under Archived.' },
}

/** Moves the message to New, Answered or Archived. */
export async function statusAction(form: FormData, viewer: Viewer, messageId: string) {
  const parsed = parseForm(ContactMessageStatusFormSchema, { status: form.get('status') ?? undefined })
  if (!parsed.ok) return refusedForm<MessageIntent>('set-status', parsed)
  const { status } = parsed.data
  return run(
    'status',
    messageId,
    () => changeContactMessageStatus({ messageId, status, actor: actorOf(viewer) }),
    (change) =>
      change ? success('set-status', statusToasts[status].title, statusToasts[status].description) : messageNotFound(),
  )
}

export function unknownIntent() {
  return failure(400, 'Unknown request.')
}
