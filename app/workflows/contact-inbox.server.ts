import { findUserByEmail, retrieveUser } from '#app/modules/accounts/index.server.ts'
import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import {
  addContactReply,
  attachReplyMail,
  type ContactMessageDto,
  type ContactMessageStatus,
  type ContactMessageSummaryDto,
  type ContactReplyDto,
  type ContactStatusChange,
  listMessagesFromSender,
  retrieveContactMessage,
  setContactMessageStatus,
} from '#app/modules/contact/index.server.ts'
import { sendMail } from '#app/modules/mail/index.server.ts'
import { type AdminOrderDto, listAllOrders } from '#app/modules/orders/index.server.ts'
import { listQuotesOfUser, type QuoteDto } from '#app/modules/quotes/index.server.ts'
import type { FieldChange } from '#app/rules/changes.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

/** How many of the sender's other records the message page shows of each kind. */
export const SENDER_RECORDS_SHOWN = 10

export type MessageSender = {
  /** The sender's account: the one they were signed in with, or the one of their e-mail address. */
  account: { id: string; email: string; fullName: string } | null
  messages: ContactMessageSummaryDto[]
  orders: Pick<AdminOrderDto, 'id' | 'number' | 'status' | 'paymentStatus' | 'totalCents' | 'createdAt'>[]
  quotes: Pick<QuoteDto, 'id' | 'status' | 'totalCents' | 'expired' | 'createdAt'>[]
}

/**
 * A message for the back-office with what the shop knows of its sender: their account, their
 * other messages, orders and quotes (by the message's e-mail address and by their account).
 * Null for an unknown or malformed id.
 * @example const page = await loadContactMessagePage(params.messageId)
 */
export async function loadContactMessagePage(
  messageId: string,
): Promise<{ message: ContactMessageDto; sender: MessageSender } | null> {
  // Step 1: the message itself.
  const message = await retrieveContactMessage(messageId)
  if (!message) return null
  // Step 2: the sender's account, if they have one.
  const email = message.email.trim().toLowerCase()
  const account = (message.userId ? await retrieveUser(message.userId) : null) ?? (await findUserByEmail(email))
  // Step 3: their other records, side by side.
  const [messages, orders, quotes] = await Promise.all([
    listMessagesFromSender({ email, userId: account?.id ?? null, excludeId: message.id }),
    // The order search matches part of an address: only this sender's own orders are kept.
    listAllOrders({ search: email, customerIds: account ? [account.id] : [], limit: SENDER_RECORDS_SHOWN * 2 }),
    account ? listQuotesOfUser(account.id) : [],
  ])
  return {
    message,
    sender: {
      account,
      messages,
      orders: orders.orders
        .filter((order) => (account && order.userId === account.id) || order.email?.toLowerCase() === email)
        .slice(0, SENDER_RECORDS_SHOWN)
        .map(({ id, number, status, paymentStatus, totalCents, createdAt }) => ({
          id,
          number,
          status,
          paymentStatus,
          totalCents,
          createdAt,
        })),
      quotes: quotes
        .slice(0, SENDER_RECORDS_SHOWN)
        .map(({ id, status, totalCents, expired, createdAt }) => ({ id, status, totalCents, expired, createdAt })),
    },
  }
}

/** The activity log's record of a change to a message, in the change's own transaction. */
function recordMessageActivity(
  tx: DbOrTx,
  actor: ActivityActor,
  action: string,
  change: ContactStatusChange,
  more: Record<string, FieldChange> = {},
) {
  const changes = change.changed ? { status: { before: change.before, after: change.after }, ...more } : more
  return recordActivity(
    {
      actor,
      action: `message.${action}`,
      recordType: 'message',
      recordId: change.messageId,
      recordLabel: change.label,
      changes,
    },
    tx,
  )
}

export type ReplyOutcome = { ok: true; reply: ContactReplyDto; to: string } | { ok: false; status: 404 }

/**
 * An admin's reply to a message: kept with the message, which moves to Answered, and recorded in
 * the activity log, all in one transaction; then e-mailed to the sender (after the commit, with
 * the shop's address as Reply-To) and linked to its e-mail in the outbox.
 * @example const outcome = await replyToContactMessage({ messageId, actor: { id: admin.id, label: admin.email }, body })
 */
export async function replyToContactMessage({
  messageId,
  actor,
  body,
}: {
  messageId: string
  actor: ActivityActor
  body: string
}): Promise<ReplyOutcome> {
  // Step 1: the reply, the status and the log entry, together or not at all.
  const db = await getDb()
  const saved = await db.transaction(async (tx) => {
    const added = await addContactReply({ messageId, actor, body }, tx)
    if (!added) return null
    await recordMessageActivity(tx, actor, 'replied', added.change, { reply: { before: null, after: body } })
    return added
  })
  if (!saved) return { ok: false, status: 404 }
  // Step 2: the e-mail to the sender, once the reply is committed (a delivery failure is kept in
  // the outbox for a retry, never lost).
  const message = await retrieveContactMessage(messageId)
  if (!message) return { ok: false, status: 404 }
  const env = getEnv()
  const mail = await sendMail({
    to: message.email,
    template: 'contact-reply',
    data: {
      name: message.name,
      subject: message.subject,
      reply: body,
      message: message.message,
      sentAt: message.createdAt,
    },
    replyTo: env.SHOP_EMAIL,
  })
  // Step 3: the reply names the e-mail that carried it.
  await attachReplyMail(saved.reply.id, mail.id)
  return { ok: true, reply: { ...saved.reply, mailId: mail.id }, to: message.email }
}

const statusActions: Record<ContactMessageStatus, string> = {
  new: 'moved-to-new',
  answered: 'marked-answered',
  archived: 'archived',
}

/**
 * Moves a message to New, Answered or Archived, and records the move in the activity log in the
 * same transaction (nothing is written when it was there already). Null for no such message.
 * @example const change = await changeContactMessageStatus({ messageId, status: 'archived', actor })
 */
export async function changeContactMessageStatus({
  messageId,
  status,
  actor,
}: {
  messageId: string
  status: ContactMessageStatus
  actor: ActivityActor
}): Promise<ContactStatusChange | null> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const change = await setContactMessageStatus(messageId, status, tx)
    if (change?.changed) await recordMessageActivity(tx, actor, statusActions[status], change)
    return change
  })
}
