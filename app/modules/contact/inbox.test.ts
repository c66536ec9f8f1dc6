import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { insertUser } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { UNKNOWN_ID } from '#tests/setup/test-database.ts'
import {
  addContactReply,
  countContactMessagesByStatus,
  countNewContactMessages,
  createContactMessage,
  listContactMessages,
  listMessagesFromSender,
  retrieveContactFile,
  retrieveContactMessage,
  setContactMessageStatus,
} from './index.server.ts'
import { contactMessageFiles, contactMessageReplies, contactMessages } from './schema.server.ts'

const database = testDatabaseForFile({ emptied: [contactMessages] })

/** A photo sent with a message, stored under its own id unless told. */
const imageFile = (id: string, fields: { storageKey?: string } = {}) => ({
  id,
  storageKey: `contact/${id}.png`,
  fileName: 'gear.png',
  contentType: 'image/png',
  kind: 'image' as const,
  size: 120,
  ...fields,
})
const base = { subject: 'Replacement gear', message: 'Can you print a gear?', urgency: 'standard' as const }

/** A message received at `at`, in `status`. */
async function received(
  fields: { name: string; email: string; subject?: string; status?: 'new' | 'answered' | 'archived' },
  at: string,
) {
  const { id } = await createContactMessage({ ...base, ...fields })
  await database.db
    .update(contactMessages)
    .set({ createdAt: new Date(at), status: fields.status ?? 'new' })
    .where(eq(contactMessages.id, id))
  return id
}

describe('the inbox list', () => {
  test('lists one status, newest first, with counts per tab', async () => {
    const older = await received({ name: 'Pat Printer', email: 'pat@example.com' }, '2026-11-01T10:00:00Z')
    const newer = await received({ name: 'Sam Scan', email: 'sam@example.com' }, '2026-11-02T10:00:00Z')
    await received({ name: 'Ada', email: 'ada@example.com', status: 'answered' }, '2026-11-03T10:00:00Z')
    await received({ name: 'Lin', email: 'lin@example.com', status: 'archived' }, '2026-11-04T10:00:00Z')

    const fresh = await listContactMessages({ status: 'new', limit: 10 })
    expect(fresh.total).toBe(2)
    expect(fresh.messages.map((message) => message.id)).toEqual([newer, older])
    expect(fresh.messages[0]).toMatchObject({ name: 'Sam Scan', status: 'new', fileCount: 0, urgency: 'standard' })
    expect((await listContactMessages({ status: 'answered', limit: 10 })).messages.map((m) => m.name)).toEqual(['Ada'])
    expect((await listContactMessages({ status: 'archived', limit: 10 })).messages.map((m) => m.name)).toEqual(['Lin'])
    expect((await listContactMessages({ status: 'all', limit: 10 })).total).toBe(4)
    expect(await countContactMessagesByStatus()).toEqual({ new: 2, answered: 1, archived: 1, all: 4 })
    expect(await countNewContactMessages()).toBe(2)
  })

  test('searches the name, the e-mail and the subject, case-insensitively, with % and _ as themselves', async () => {
    await received({ name: 'Pat Printer', email: 'pat@example.com' }, '2026-11-01T10:00:00Z')
    await received({ name: 'Sam', email: 'sam@scans.test', subject: 'Bust 100% scale' }, '2026-11-02T10:00:00Z')
    const names = async (search: string) =>
      (await listContactMessages({ status: 'all', search, limit: 10 })).messages.map((message) => message.name)
    expect(await names('printer')).toEqual(['Pat Printer'])
    expect(await names('SCANS.TEST')).toEqual(['Sam'])
    expect(await names('bust')).toEqual(['Sam'])
    expect(await names('100%')).toEqual(['Sam'])
    expect(await names('_')).toEqual([])
    expect(await names('nobody')).toEqual([])
  })

  test('pages through the matches and filters by days in the shop’s time zone', async () => {
    for (const day of ['01', '02', '03', '04', '05']) {
      await received({ name: `Day ${day}`, email: 'pat@example.com' }, `2026-11-${day}T12:00:00Z`)
    }
    const second = await listContactMessages({ status: 'new', limit: 2, offset: 2 })
    expect(second.total).toBe(5)
    expect(second.messages.map((message) => message.name)).toEqual(['Day 03', 'Day 02'])
    const days = await listContactMessages({
      status: 'all',
      dates: { from: '2026-11-02', to: '2026-11-03', timeZone: 'UTC' },
      limit: 10,
    })
    expect(days.messages.map((message) => message.name)).toEqual(['Day 03', 'Day 02'])
  })
})

describe('one message', () => {
  test('is read with its files in order; a file is found only through its own message', async () => {
    const { id } = await createContactMessage({
      ...base,
      name: 'Pat',
      email: 'pat@example.com',
      files: [imageFile('11111111-1111-4111-8111-111111111111')],
    })
    const other = await received({ name: 'Sam', email: 'sam@example.com' }, '2026-11-01T10:00:00Z')
    const message = await retrieveContactMessage(id)
    expect(message).toMatchObject({ id, status: 'new', fileCount: 1, userId: null, handledAt: null, replies: [] })
    expect(message?.files).toEqual([
      {
        id: '11111111-1111-4111-8111-111111111111',
        fileName: 'gear.png',
        contentType: 'image/png',
        kind: 'image',
        size: 120,
      },
    ])
    expect(await retrieveContactFile(id, '11111111-1111-4111-8111-111111111111')).toMatchObject({
      storageKey: 'contact/11111111-1111-4111-8111-111111111111.png',
    })
    expect(await retrieveContactFile(other, '11111111-1111-4111-8111-111111111111')).toBeNull()
    expect(await retrieveContactFile(id, 'not-an-id')).toBeNull()
    expect(await retrieveContactMessage(UNKNOWN_ID)).toBeNull()
    expect(await retrieveContactMessage('1; drop table contact_messages')).toBeNull()
  })

  test('a message whose file cannot be recorded is not stored either', async () => {
    const file = imageFile('22222222-2222-4222-8222-222222222222', { storageKey: 'contact/same.png' })
    // The same storage key twice breaks the unique key: the whole message is rolled back.
    await expect(
      createContactMessage({
        ...base,
        name: 'Pat',
        email: 'pat@example.com',
        files: [file, { ...file, id: '33333333-3333-4333-8333-333333333333' }],
      }),
    ).rejects.toThrow()
    expect(await database.db.select().from(contactMessages)).toEqual([])
    expect(await database.db.select().from(contactMessageFiles)).toEqual([])
  })

  test('the sender’s other messages: same address in any case, or the same account', async () => {
    const user = await insertUser(database.db, { email: 'pat@example.com' })
    const current = await received({ name: 'Pat', email: 'Pat@Example.com' }, '2026-11-05T10:00:00Z')
    const earlier = await received({ name: 'Pat', email: 'pat@example.com' }, '2026-11-01T10:00:00Z')
    const { id: signedIn } = await createContactMessage({
      ...base,
      name: 'Pat',
      email: 'pat.work@example.com',
      userId: user.id,
    })
    await received({ name: 'Sam', email: 'sam@example.com' }, '2026-11-02T10:00:00Z')
    const others = await listMessagesFromSender({ email: 'pat@example.com', userId: user.id, excludeId: current })
    expect(others.map((message) => message.id)).toEqual([signedIn, earlier])
    const byAddress = await listMessagesFromSender({ email: 'PAT@example.com', userId: null, excludeId: current })
    expect(byAddress.map((message) => message.id)).toEqual([earlier])
  })
})

describe('answering and filing away', () => {
  test('a status change leaves New with a time, and going back clears it; the same status writes nothing', async () => {
    const id = await received({ name: 'Pat', email: 'pat@example.com' }, '2026-11-01T10:00:00Z')
    const archived = await database.db.transaction((tx) => setContactMessageStatus(id, 'archived', tx))
    expect(archived).toEqual({
      messageId: id,
      label: 'Message from Pat: Replacement gear',
      before: 'new',
      after: 'archived',
      changed: true,
    })
    expect((await retrieveContactMessage(id))?.handledAt).toBeInstanceOf(Date)
    const again = await database.db.transaction((tx) => setContactMessageStatus(id, 'archived', tx))
    expect(again?.changed).toBe(false)
    await database.db.transaction((tx) => setContactMessageStatus(id, 'new', tx))
    expect(await retrieveContactMessage(id)).toMatchObject({ status: 'new', handledAt: null })
    expect(await database.db.transaction((tx) => setContactMessageStatus(UNKNOWN_ID, 'archived', tx))).toBeNull()
    expect(await database.db.transaction((tx) => setContactMessageStatus(id, 'deleted' as never, tx))).toBeNull()
  })

  test('a reply is kept with the message, which is then answered', async () => {
    const admin = await insertUser(database.db, { email: 'alex@example.com', role: 'Admin' })
    const id = await received({ name: 'Pat', email: 'pat@example.com' }, '2026-11-01T10:00:00Z')
    const saved = await database.db.transaction((tx) =>
      addContactReply({ messageId: id, actor: { id: admin.id, label: admin.email }, body: 'Yes!\nIn PETG.' }, tx),
    )
    expect(saved?.change).toMatchObject({ before: 'new', after: 'answered', changed: true })
    const message = await retrieveContactMessage(id)
    expect(message?.status).toBe('answered')
    expect(message?.replies).toEqual([
      {
        id: saved?.reply.id,
        adminLabel: 'alex@example.com',
        body: 'Yes!\nIn PETG.',
        mailId: null,
        sentAt: expect.any(Date),
      },
    ])
    const [stored] = await database.db.select().from(contactMessageReplies)
    expect(stored?.adminId).toBe(admin.id)
    expect(
      await database.db.transaction((tx) =>
        addContactReply({ messageId: UNKNOWN_ID, actor: { id: admin.id, label: admin.email }, body: 'x' }, tx),
      ),
    ).toBeNull()
  })
})
