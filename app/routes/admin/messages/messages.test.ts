import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { activityLog } from '#app/modules/activity/schema.server.ts'
import { createContactMessage, retrieveContactMessage } from '#app/modules/contact/index.server.ts'
import { contactMessages } from '#app/modules/contact/schema.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import type { FileStorage } from '#app/modules/storage/index.server.ts'
import { adminRouteTest, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import { ORIGIN } from '#tests/setup/route-calls.ts'
import * as detail from './message-detail.tsx'
import * as download from './message-file.ts'
import * as list from './messages.tsx'

// The inbox's loaders and actions as an admin calls them: bad input is refused with a 400 or 404
// and a toast, and changes nothing (no status, no reply, no e-mail, no log entry).

const shop = adminRouteTest({ storage: true })
const inbox = shop.page('/admin/messages', list)
const messagePage = (messageId: string) => shop.page(`/admin/messages/${messageId}`, detail, { messageId })
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }
const form = { name: 'Pat Printer', email: 'pat@example.com', message: 'A gear, please.', urgency: 'rush' as const }

beforeEach(async () => {
  await shop.db.delete(contactMessages)
  await shop.db.delete(activityLog)
  await shop.db.delete(mailOutbox)
})

type Answer = { ok: boolean; intent?: string; toast: { title: string; description: string; variant: string } }

const post = (messageId: string, body: Record<string, string>) => messagePage(messageId).post<Answer>(body)

/** Everything an action could change. */
async function everything() {
  const [messages, log, mail] = await Promise.all([
    shop.db.select().from(contactMessages).orderBy(contactMessages.id),
    shop.db.select().from(activityLog),
    shop.db.select().from(mailOutbox),
  ])
  return { messages, log, mail, replies: await Promise.all(messages.map((m) => retrieveContactMessage(m.id))) }
}

describe('the list', () => {
  test('opens on New; a query string it cannot read falls back to its defaults', async () => {
    await createContactMessage({ ...form, subject: 'Gear' })
    const { id: archived } = await createContactMessage({ ...form, subject: 'Old one' })
    await shop.db.update(contactMessages).set({ status: 'archived' }).where(eq(contactMessages.id, archived))
    expect(await inbox.load()).toMatchObject({ status: 'new', total: 1, counts: { new: 1, archived: 1, all: 2 } })
    const junk = await inbox.load('/admin/messages?status=deleted&page=-4&from=yesterday&q=%00gear')
    expect(junk).toMatchObject({ status: 'new', page: 1, from: null, q: 'gear', total: 1 })
    const archivedTab = await inbox.load('/admin/messages?status=archived')
    expect(archivedTab.messages.map((m) => m.subject)).toEqual(['Old one'])
  })
})

describe('the message page', () => {
  test('an unknown or malformed message goes back to the list with a toast', async () => {
    for (const messageId of [UNKNOWN_ID, 'not-an-id']) {
      const answer = await shop.call(detail.loader, { url: `/admin/messages/${messageId}`, params: { messageId } })
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
      [UNKNOWN_ID, { intent: 'reply', body: 'Hello' }, 404, 'Message not found.'],
      [UNKNOWN_ID, { intent: 'set-status', status: 'archived' }, 404, 'Message not found.'],
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
    expect(await messagePage(id).load()).toMatchObject({
      message: { status: 'new', replies: [{ body: 'Yes, in PETG.' }] },
    })
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
          headers: { cookie: shop.admin.cookie },
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
      [id, UNKNOWN_ID],
      [id, 'x'],
      ['x', fileId],
    ]) {
      const refused = await shop.call(download.loader, {
        url: `/admin/messages/${messageId}/files/${file}`,
        params: { messageId, fileId: file },
      })
      expect(refused.status).toBe(404)
    }
  })
})
