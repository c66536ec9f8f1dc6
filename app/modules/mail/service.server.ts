import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { selectNewestFirstPage } from '#app/utils/list-queries.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { mailOutbox } from './schema.server.ts'
import { renderMail } from './templates.server.ts'
import { createSmtpTransport, type MailAttachment, type MailTransport } from './transport.server.ts'
import type {
  MailTemplateData,
  MailTemplateName,
  OutboxMessageDto,
  OutboxMessageSummaryDto,
  OutboxStatus,
} from './types.ts'
import { extractFirstLink } from './utils/links.ts'

const MAX_ERROR_LENGTH = 2000
const MAX_PAGE_SIZE = 200

const store = globalThis as typeof globalThis & {
  __shopMailTransportOverride?: MailTransport | null
  __shopSmtpTransport?: { url: string; transport: MailTransport }
}

/**
 * Replaces how every e-mail of this process is delivered (tests, scripts); `null` goes back to
 * the configuration: SMTP when `SMTP_URL` is set, otherwise the outbox only.
 * @example setMailTransport(createSmtpTransport(`smtp://127.0.0.1:${port}`))
 */
export function setMailTransport(transport: MailTransport | null): void {
  store.__shopMailTransportOverride = transport
}

/** The transport in use, or null when mail only goes to the outbox. */
function currentTransport(): MailTransport | null {
  if (store.__shopMailTransportOverride) return store.__shopMailTransportOverride
  const url = getEnv().SMTP_URL
  if (!url) return null
  if (store.__shopSmtpTransport?.url !== url) {
    store.__shopSmtpTransport = { url, transport: createSmtpTransport(url) }
  }
  return store.__shopSmtpTransport.transport
}

export type SendMailInput<T extends MailTemplateName> = {
  /** One e-mail address. */
  to: string
  template: T
  data: MailTemplateData[T]
  /** Where replies go; a contact message defaults to the sender's address. */
  replyTo?: string
  /** Files sent with it (an invoice's PDF); kept with the message in the outbox. */
  attachments?: MailAttachment[]
}

/**
 * Writes an e-mail from a template, stores it in the outbox (so admins can read every e-mail the
 * shop sent), then sends it over SMTP when `SMTP_URL` is set (or a transport was injected) and
 * records when it was sent or why the mail server refused it. Without SMTP the message stays in
 * the outbox and is logged with its first link.
 *
 * A delivery failure never throws: a mail problem must not break a sign-up or an order; it is
 * logged and kept on the outbox row. Only a failure to store the message (the database) throws.
 *
 * Never call it inside a database transaction: it talks to a mail server, which would hold the
 * transaction open, and a mail sent for a transaction that then rolls back cannot be unsent.
 * Call it after the commit.
 * @example
 * const { id } = await sendMail({
 *   to: 'ada@example.com',
 *   template: 'verify-email',
 *   data: { name: 'Ada', url: 'https://shop.example/auth?token=abc' },
 * })
 */
export async function sendMail<T extends MailTemplateName>(input: SendMailInput<T>): Promise<{ id: string }> {
  const rendered = await renderMail(input.template, input.data)
  const to = normalizeAddress(input.to)
  const db = await getDb()
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      template: input.template,
      attachments: input.attachments?.length
        ? input.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            contentBase64: file.content.toString('base64'),
          }))
        : null,
    })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('The outbox did not store the message')
  const about = { mailId: row.id, to, template: input.template }

  const transport = currentTransport()
  if (!transport) {
    // The link saves a developer a trip to /admin/outbox; a production log never gets the sign-in,
    // reset or verification tokens it may carry (docs/security.md, V16.2.5).
    const link = getEnv().NODE_ENV === 'production' ? undefined : extractFirstLink(rendered.text)
    logger.info({ ...about, subject: rendered.subject, link }, 'Mail kept in the outbox (no SMTP_URL configured)')
    return { id: row.id }
  }

  const replyTo = input.replyTo ?? defaultReplyTo(input.template, input.data)
  try {
    const { messageId } = await transport.send({
      from: getEnv().MAIL_FROM,
      to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      ...(replyTo ? { replyTo } : {}),
      ...(input.attachments?.length ? { attachments: input.attachments } : {}),
    })
    await recordDelivery(row.id, { sentAt: new Date(), error: null })
    logger.info({ ...about, messageId }, 'Mail sent')
  } catch (error) {
    const message = errorMessage(error)
    logger.error({ ...about, err: error }, 'Mail could not be sent')
    await recordDelivery(row.id, { sentAt: null, error: message })
  }
  return { id: row.id }
}

/**
 * Sends a stored e-mail again whose delivery failed: the same message, attachments included, to
 * the same address. The row is claimed first (its error cleared where it still has one), so two
 * admins pressing Retry at once send it once. 'no-transport' when no mail server is configured.
 * @example const outcome = await retryMail(id) // { status: 'sent' } or { status: 'failed', error }
 */
export async function retryMail(
  id: string,
): Promise<{ status: 'sent' } | { status: 'failed'; error: string } | { status: 'not-failed' | 'no-transport' }> {
  const transport = currentTransport()
  if (!transport) return { status: 'no-transport' }
  if (!isUuid(id)) return { status: 'not-failed' }
  const db = await getDb()
  const [row] = await db
    .update(mailOutbox)
    .set({ error: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), isNotNull(mailOutbox.error)))
    .returning()
  if (!row) return { status: 'not-failed' }
  try {
    await transport.send({
      from: getEnv().MAIL_FROM,
      to: row.to,
      subject: row.subject,
      html: row.html,
      text: row.text,
      ...(row.attachments?.length
        ? {
            attachments: row.attachments.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              content: Buffer.from(file.contentBase64, 'base64'),
            })),
          }
        : {}),
    })
    await recordDelivery(row.id, { sentAt: new Date(), error: null })
    logger.info({ mailId: row.id, template: row.template }, 'Mail sent on retry')
    return { status: 'sent' }
  } catch (error) {
    const message = errorMessage(error)
    logger.error({ mailId: row.id, err: error }, 'Mail could not be sent on retry')
    await recordDelivery(row.id, { sentAt: null, error: message })
    return { status: 'failed', error: message }
  }
}

/** Records the outcome of a delivery; losing that record is logged, never thrown. */
async function recordDelivery(id: string, outcome: { sentAt: Date | null; error: string | null }) {
  try {
    const db = await getDb()
    await db.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, id))
  } catch (error) {
    logger.error({ err: error, mailId: id }, 'Could not record the delivery of a mail')
  }
}

function defaultReplyTo<T extends MailTemplateName>(template: T, data: MailTemplateData[T]): string | undefined {
  if (template !== 'contact-message') return undefined
  return (data as MailTemplateData['contact-message']).email.trim() || undefined
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return (message.trim() || 'Unknown error').slice(0, MAX_ERROR_LENGTH)
}

/** Addresses are stored trimmed and in lower case, so looking one up does not depend on case. */
function normalizeAddress(address: string): string {
  return address.trim().toLowerCase()
}

const summaryColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  sentAt: mailOutbox.sentAt,
  error: mailOutbox.error,
  createdAt: mailOutbox.createdAt,
}

const fullColumns = { ...summaryColumns, html: mailOutbox.html, text: mailOutbox.text }

function statusOf(row: { sentAt: Date | null; error: string | null }): OutboxStatus {
  if (row.sentAt) return 'sent'
  return row.error ? 'failed' : 'outbox'
}

function toSummary<R extends Omit<OutboxMessageSummaryDto, 'status'>>(row: R): R & { status: OutboxStatus } {
  return { ...row, status: statusOf(row) }
}

/** A whole number within bounds; anything else (NaN, a fraction) falls back. */
function bounded(value: number, min: number, max: number, fallback: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(Math.trunc(value), min), max) : fallback
}

/**
 * The stored e-mails, newest first, one page at a time (without their bodies), and how many
 * there are; `to` keeps only those sent to one address. `limit` is kept between 1 and 200.
 * @example const { messages, total } = await listOutbox({ limit: 50, offset: 50 })
 */
export async function listOutbox({
  limit = 50,
  offset = 0,
  to,
  failed = false,
}: {
  limit?: number
  offset?: number
  to?: string
  /** Only the messages whose delivery failed (and were not sent since). */
  failed?: boolean
} = {}): Promise<{ messages: OutboxMessageSummaryDto[]; total: number }> {
  const pageSize = bounded(limit, 1, MAX_PAGE_SIZE, 50)
  const skip = bounded(offset, 0, Number.MAX_SAFE_INTEGER, 0)
  const where = and(
    to?.trim() ? eq(mailOutbox.to, normalizeAddress(to)) : undefined,
    failed ? and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.error)) : undefined,
  )
  const db = await getDb()
  const { rows, total } = await selectNewestFirstPage(db, mailOutbox, summaryColumns, {
    where,
    limit: pageSize,
    offset: skip,
  })
  return { messages: rows.map(toSummary), total }
}

/**
 * One stored e-mail with its HTML and text, or null when there is none (or the id is malformed).
 * @example const message = await retrieveOutboxMessage(id)
 */
export async function retrieveOutboxMessage(id: string): Promise<OutboxMessageDto | null> {
  if (!isUuid(id)) return null
  const db = await getDb()
  const [row] = await db.select(fullColumns).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1)
  return row ? toSummary(row) : null
}

/**
 * The newest stored e-mail to an address, optionally of one template, or null. Scripts and
 * tests use it to follow the link a message carries.
 * @example
 * const mail = await latestMailTo('ada@example.com', 'verify-email')
 * const url = mail && extractFirstLink(mail.text)
 */
export async function latestMailTo(email: string, template?: MailTemplateName): Promise<OutboxMessageDto | null> {
  const filters: SQL[] = [eq(mailOutbox.to, normalizeAddress(email))]
  if (template) filters.push(eq(mailOutbox.template, template))
  const db = await getDb()
  const [row] = await db
    .select(fullColumns)
    .from(mailOutbox)
    .where(and(...filters))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1)
  return row ? toSummary(row) : null
}
