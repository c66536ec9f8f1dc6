import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { activityLog } from '#app/modules/activity/schema.server.ts'
import { createContactMessage, retrieveContactMessage } from '#app/modules/contact/index.server.ts'
import { contactMessages } from '#app/modules/contact/schema.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'
import { callRoute, ORIGIN } from '#tests/setup/route-calls.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import * as detail from './message-detail.tsx'
import * as download from './message-file.ts'
import * as list from './messages.tsx'

// The inbox's loaders and actions as an admin calls them: bad input is refused with a 400 or 404
// and a toast, and changes nothing (no status, no reply, no e-mail, no log entry).

let database: TestDatabase
let adminCookie = ''
let storageDir = ''
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }
const unknownId = '00000000-0000-4000-8000-000000000000'
const form = { name: 'Pat Printer', email: 'pat@example.com', message: 'A gear, please.', urgency: 'rush' as const }

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  adminCookie = (await createTestAccount(database, 'alex@example.com', { admin: true })).cookie
  storageDir = await mkdtemp(path.join(tmpdir(), 'admin-messages-'))
  storageHolder.__shopStorage = createLocalDiskStorage(storageDir)
})

beforeEach(async () => {
  await database.db.delete(contactMessages)
  await database.db.delete(activityLog)
  await database.db.delete(mailOutbox)
})

afterAll(async () => {
  storageHolder.__shopStorage = undefined
  resetAuth()
  await database?.close()
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
})

type Answer = { ok: boolean; intent?: string; toast: { title: string; description: string; variant: string } }

const post = async (messageId: string, body: Record<string, string>) => {
  const answer = await callRoute(detail.action, {
    url: `/admin/messages/${messageId}`,
    form: body,
    params: { messageId },
    cookie: adminCookie,
  })
  return { status: answer.status, ...(answer.data as Answer) }
}

/** Everything an action could change. */
async function everything() {
  const [messages, log, mail] = await Promise.all([
    database.db.select().from(contactMessages).orderBy(contactMessages.id),
    database.db.select().from(activityLog),
    database.db.select().from(mailOutbox),
  ])
  return { messages, log, mail, replies: await Promise.all(messages.map((m) => retrieveContactMessage(m.id))) }
}

describe('the list', () => {
  test('opens on New; a query string it cannot read falls back to its defaults', async () => {
    await createContactMessage({ ...form, subject: 'Gear' })
    const { id: archived } = await createContactMessage({ ...form, subject: 'Old one' })
    await database.db.update(contactMessages).set({ status: 'archived' }).where(eq(contactMessages.id, archived))
    const page = await callRoute(list.loader, { url: '/admin/messages', cookie: adminCookie })
    expect(page.data).toMatchObject({ status: 'new', total: 1, counts: { new: 1, archived: 1, all: 2 } })
    const junk = await callRoute(list.loader, {
      url: '/admin/messages?status=deleted&page=-4&from=yesterday&q=%00gear',
      cookie: adminCookie,
    })
    expect(junk.status).toBe(200)
    expect(junk.data).toMatchObject({ status: 'new', page: 1, from: null, q: 'gear', total: 1 })
    const archivedTab = await callRoute(list.loader, { url: '/admin/messages?status=archived', cookie: adminCookie })
    expect((archivedTab.data as { messages: { subject: string }[] }).messages.map((m) => m.subject)).toEqual([
      'Old one',
    ])
  })
})

describe('the message page', () => {
  test('an unknown or malformed message goes back to the list with a toast', async () => {
    for (const messageId of [unknownId, 'not-an-id']) {
      const answer = await callRoute(detail.loader, {
        url: `/admin/messages/${messageId}`,
        params: { messageId },
        cookie: adminCookie,
      })
      expect(answer).toMatchObject({ status: 302, location: '/admin/messages' })
    }
  })

  test('bad input is refused with a clear toast and changes nothing', async () => {
    const { id } = await createContactMessage({ ...form, subject: 'Gear' })
    const before = await everything()
    const cases: [string, Record<string, string>, number, string][] = [
      [id, { intent: 'reply' }, 400, 'Write a reply first.'],
      [id, { intent: 'reply', body: '   ' }, 400, 'Write a reply first.'],
      [id, { intent: 'reply', body: 'x'.repeat(5001) }, 400, 'A reply can be at most 5,000 characters.'],
      [id, { intent: 'reply', body: 'Hello\u0000' }, 400, 'The reply contains a character that is not allowed.'],
      [id, { intent: 'set-status', status: 'deleted' }, 400, 'Choose New, Answered or Archived.'],
      [id, { intent: 'set-status' }, 400, 'Choose New, Answered or Archived.'],
      [id, { intent: 'destroy' }, 400, 'Unknown request.'],
      [id, {}, 400, 'Unknown request.'],
      [unknownId, { intent: 'reply', body: 'Hello' }, 404, 'Message not found.'],
      [unknownId, { intent: 'set-status', status: 'archived' }, 404, 'Message not found.'],
      ['not-an-id', { intent: 'set-status', status: 'archived' }, 404, 'Message not found.'],
    ]
    for (const [messageId, body, status, description] of cases) {
      const answer = await post(messageId, body)
      expect({ status: answer.status, ok: answer.ok, description: answer.toast.description }).toEqual({
        status,
        ok: false,
        description,
      })
      expect(answer.toast.variant).toBe('destructive')
    }
    expect(await everything()).toEqual(before)
  })

  test('a reply is sent, the message answered, archived and moved back to New, each with its toast', async () => {
    const { id } = await createContactMessage({ ...form, subject: 'Gear' })
    expect(await post(id, { intent: 'reply', body: 'Yes, in PETG.' })).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Reply Sent', description: 'Your reply was e-mailed to pat@example.com.' },
    })
    expect(await post(id, { intent: 'set-status', status: 'archived' })).toMatchObject({
      ok: true,
      toast: { title: 'Message Archived' },
    })
    expect(await post(id, { intent: 'set-status', status: 'new' })).toMatchObject({
      ok: true,
      toast: { title: 'Message moved to New' },
    })
    const page = await callRoute(detail.loader, {
      url: `/admin/messages/${id}`,
      params: { messageId: id },
      cookie: adminCookie,
    })
    expect(page.data).toMatchObject({ message: { status: 'new', replies: [{ body: 'Yes, in PETG.' }] } })
    expect((await everything()).log.map((entry) => entry.action).sort()).toEqual([
      'message.archived',
      'message.moved-to-new',
      'message.replied',
    ])
  })
})

describe('a file’s download', () => {
  test('is an attachment that no cache keeps; another message’s file or an unknown one is a 404', async () => {
    await storageHolder.__shopStorage?.put('contact/test-file.png', Buffer.from('png bytes'), 'image/png')
    const fileId = '44444444-4444-4444-8444-444444444444'
    const { id } = await createContactMessage({
      ...form,
      subject: 'Gear',
      files: [
        {
          id: fileId,
          storageKey: 'contact/test-file.png',
          fileName: 'gear photo.png',
          contentType: 'image/png',
          kind: 'image',
          size: 9,
        },
      ],
    })
    const { id: other } = await createContactMessage({ ...form, subject: 'Other' })
    const request = (messageId: string, file: string) =>
      download.loader({
        request: new Request(`${ORIGIN}/admin/messages/${messageId}/files/${file}`, {
          headers: { cookie: adminCookie },
        }),
        params: { messageId, fileId: file },
        context: {},
      } as never)
    const response = await request(id, fileId)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="gear photo.png"; filename*=UTF-8''gear%20photo.png`,
    )
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('png bytes')
    for (const [messageId, file] of [
      [other, fileId],
      [id, unknownId],
      [id, 'x'],
      ['x', fileId],
    ]) {
      const refused = await callRoute(download.loader, {
        url: `/admin/messages/${messageId}/files/${file}`,
        params: { messageId, fileId: file },
        cookie: adminCookie,
      })
      expect(refused.status).toBe(404)
    }
  })
})
