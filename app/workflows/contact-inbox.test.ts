import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { activityLog } from '#app/modules/activity/schema.server.ts'
import { createContactMessage, retrieveContactMessage } from '#app/modules/contact/index.server.ts'
import { contactMessageReplies, contactMessages } from '#app/modules/contact/schema.server.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import { insertQuote, insertUser } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { UNKNOWN_ID } from '#tests/setup/test-database.ts'
import { changeContactMessageStatus, loadContactMessagePage, replyToContactMessage } from './contact-inbox.server.ts'

const database = testDatabaseForFile({ emptied: [contactMessages, activityLog] })
let admin = { id: '', label: '' }
const form = {
  subject: 'Replacement gear',
  message: 'Can you print a gear?\nIt has 24 teeth.',
  urgency: 'urgent' as const,
}

beforeAll(async () => {
  const user = await insertUser(database.db, { email: 'alex@example.com', role: 'Admin' })
  admin = { id: user.id, label: user.email }
})

const entries = () => database.db.select().from(activityLog)

describe('the message page', () => {
  test('shows the sender’s account, other messages, own orders and quotes', async () => {
    const pat = await insertUser(database.db, { email: 'pat@example.com', name: 'Pat Printer' })
    const sam = await insertUser(database.db, { email: 'sam@example.com' })
    const { id } = await createContactMessage({ ...form, name: 'Pat', email: 'Pat@Example.com' })
    const { id: earlier } = await createContactMessage({ ...form, name: 'Pat', email: 'pat@example.com' })
    await createContactMessage({ ...form, name: 'Sam', email: 'sam@example.com' })
    const [own, guest] = await database.db
      .insert(orders)
      .values([
        { userId: pat.id, email: 'pat@example.com', totalCents: 1500 },
        { userId: null, email: 'PAT@example.com', totalCents: 900 },
        // Addresses that merely contain Pat's, and other people's orders, are not hers.
        { userId: null, email: 'spat@example.com', totalCents: 100 },
        { userId: sam.id, email: 'sam@example.com', totalCents: 200 },
      ])
      .returning({ id: orders.id })
    const future = new Date(Date.now() + 86_400_000)
    const quote = await insertQuote(database.db, { userId: pat.id, expiresAt: future, totalCents: 4200 })
    await insertQuote(database.db, { userId: sam.id, expiresAt: future })

    const page = await loadContactMessagePage(id)
    expect(page?.message).toMatchObject({ id, email: 'Pat@Example.com', urgency: 'urgent', files: [], replies: [] })
    expect(page?.sender.account).toEqual({ id: pat.id, email: 'pat@example.com', fullName: 'Pat Printer' })
    expect(page?.sender.messages.map((message) => message.id)).toEqual([earlier])
    expect(page?.sender.orders.map((order) => order.id).sort()).toEqual([own?.id, guest?.id].sort())
    expect(page?.sender.quotes).toEqual([
      { id: quote.id, status: 'draft', totalCents: 4200, expired: false, createdAt: expect.any(Date) },
    ])
    await database.db.delete(orders)
  })

  test('a sender without an account has no quotes; an unknown message is null', async () => {
    const { id } = await createContactMessage({ ...form, name: 'Gale', email: 'gale@example.com' })
    const page = await loadContactMessagePage(id)
    expect(page?.sender).toEqual({ account: null, messages: [], orders: [], quotes: [] })
    expect(await loadContactMessagePage(UNKNOWN_ID)).toBeNull()
    expect(await loadContactMessagePage('nope')).toBeNull()
  })
})

describe('replying', () => {
  test('keeps the reply, answers the message, logs it and e-mails the sender with the message quoted', async () => {
    const { id } = await createContactMessage({ ...form, name: 'Pat', email: 'pat@example.com' })
    const outcome = await replyToContactMessage({ messageId: id, actor: admin, body: 'Yes!\n\nWe print it in PETG.' })
    expect(outcome).toMatchObject({ ok: true, to: 'pat@example.com' })

    const mail = await latestMailTo('pat@example.com', 'contact-reply')
    expect(mail?.subject).toBe('Re: Replacement gear')
    expect(mail?.text).toContain('Hi Pat,')
    expect(mail?.text).toContain('Yes!\n\nWe print it in PETG.')
    expect(mail?.text).toContain('> Can you print a gear?\n> It has 24 teeth.')

    const message = await retrieveContactMessage(id)
    expect(message?.status).toBe('answered')
    expect(message?.replies).toEqual([
      {
        id: expect.any(String),
        adminLabel: 'alex@example.com',
        body: 'Yes!\n\nWe print it in PETG.',
        mailId: mail?.id,
        sentAt: expect.any(Date),
      },
    ])
    expect(await entries()).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorLabel: 'alex@example.com',
        action: 'message.replied',
        recordType: 'message',
        recordId: id,
        recordLabel: 'Message from Pat: Replacement gear',
        changes: {
          status: { before: 'new', after: 'answered' },
          reply: { before: null, after: 'Yes!\n\nWe print it in PETG.' },
        },
      }),
    ])
  })

  test('a second reply keeps both; the status no longer changes', async () => {
    const { id } = await createContactMessage({ ...form, name: 'Pat', email: 'pat@example.com' })
    await replyToContactMessage({ messageId: id, actor: admin, body: 'First.' })
    await replyToContactMessage({ messageId: id, actor: admin, body: 'Second.' })
    expect((await retrieveContactMessage(id))?.replies.map((reply) => reply.body)).toEqual(['First.', 'Second.'])
    const logged = await entries()
    expect(logged.map((entry) => entry.changes)).toContainEqual({ reply: { before: null, after: 'Second.' } })
  })

  test('an unknown message gets no reply, no mail and no log entry', async () => {
    expect(await replyToContactMessage({ messageId: UNKNOWN_ID, actor: admin, body: 'Hello' })).toEqual({
      ok: false,
      status: 404,
    })
    expect(await database.db.select().from(contactMessageReplies)).toEqual([])
    expect(await entries()).toEqual([])
  })

  test('the reply, the status and the log entry are one transaction: a log entry that fails undoes them', async () => {
    const { id } = await createContactMessage({ ...form, name: 'Pat', email: 'pat+tx@example.com' })
    // An actor whose account does not exist breaks the log's foreign key, inside the transaction.
    const ghost = { id: randomUUID(), label: 'ghost@example.com' }
    await expect(replyToContactMessage({ messageId: id, actor: ghost, body: 'Hello' })).rejects.toThrow()
    expect(await retrieveContactMessage(id)).toMatchObject({ status: 'new', replies: [] })
    expect(await latestMailTo('pat+tx@example.com', 'contact-reply')).toBeNull()
    await expect(changeContactMessageStatus({ messageId: id, status: 'archived', actor: ghost })).rejects.toThrow()
    expect((await retrieveContactMessage(id))?.status).toBe('new')
    expect(await entries()).toEqual([])
  })
})

describe('moving between New, Answered and Archived', () => {
  test('each move is logged with the status before and after; a move to where it is writes nothing', async () => {
    const { id } = await createContactMessage({ ...form, name: 'Pat', email: 'pat@example.com' })
    expect(await changeContactMessageStatus({ messageId: id, status: 'archived', actor: admin })).toMatchObject({
      before: 'new',
      after: 'archived',
      changed: true,
    })
    await changeContactMessageStatus({ messageId: id, status: 'archived', actor: admin })
    await changeContactMessageStatus({ messageId: id, status: 'new', actor: admin })
    await changeContactMessageStatus({ messageId: id, status: 'answered', actor: admin })
    const logged = await entries()
    expect(
      logged
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((entry) => [entry.action, entry.changes]),
    ).toEqual([
      ['message.archived', { status: { before: 'new', after: 'archived' } }],
      ['message.moved-to-new', { status: { before: 'archived', after: 'new' } }],
      ['message.marked-answered', { status: { before: 'new', after: 'answered' } }],
    ])
    expect(await changeContactMessageStatus({ messageId: UNKNOWN_ID, status: 'archived', actor: admin })).toBeNull()
    expect(await entries()).toHaveLength(3)
  })
})
