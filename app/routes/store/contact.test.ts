import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { contactMessageFiles, contactMessages } from '#app/modules/contact/schema.server.ts'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { ORIGIN } from '#tests/setup/route-calls.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { action } from './contact.tsx'

// The contact form's action as a browser posts it: a plain form, or multipart with files.

const database = testDatabaseForFile()
let storageDir = ''
let png: Uint8Array<ArrayBuffer>
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }
const fields = {
  name: 'Pat Printer',
  email: 'pat@example.com',
  subject: 'Replacement gear',
  message: 'Please print this gear.',
  urgency: 'urgent',
}

beforeAll(async () => {
  resetAuth()
  storageDir = await mkdtemp(path.join(tmpdir(), 'contact-route-'))
  storageHolder.__shopStorage = createLocalDiskStorage(storageDir)
  png = new Uint8Array(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer(),
  )
})

beforeEach(async () => {
  await database.db.delete(contactMessages)
})

afterAll(async () => {
  storageHolder.__shopStorage = undefined
  resetAuth()
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
})

function multipart(files: File[], more: Record<string, string> = {}) {
  const body = new FormData()
  for (const [name, value] of Object.entries({ ...fields, ...more })) body.append(name, value)
  for (const file of files) body.append('files', file)
  return body
}

type Answer = { ok: boolean; fieldErrors?: Record<string, string>; toast?: { title: string; description?: string } }

async function send(body: BodyInit, cookie?: string) {
  const headers = new Headers({ origin: ORIGIN })
  if (cookie) headers.set('cookie', cookie)
  const request = new Request(`${ORIGIN}/contact`, { method: 'POST', headers, body })
  const answer = (await action({ request, params: {}, context: {} } as never)) as
    | Answer
    | { data: Answer; init: ResponseInit | null }
  return 'data' in answer ? { status: answer.init?.status ?? 200, ...answer.data } : { status: 200, ...answer }
}

const storedCount = async () =>
  (await readdir(storageDir, { recursive: true })).filter((name) => name.includes('.')).length

describe('the contact form', () => {
  test('still works as a plain form without files', async () => {
    const answer = await send(new URLSearchParams(fields))
    expect(answer).toMatchObject({ status: 200, ok: true, toast: { title: 'Message Sent!' } })
    expect(await database.db.select().from(contactMessages)).toHaveLength(1)
  })

  test('takes a photo with the message, and links a signed-in sender’s account', async () => {
    const casey = await createTestAccount(database, 'casey@example.com')
    const answer = await send(multipart([new File([png], 'gear.png', { type: 'image/png' })]), casey.cookie)
    expect(answer).toMatchObject({ status: 200, ok: true })
    const [message] = await database.db.select().from(contactMessages)
    expect(message).toMatchObject({ urgency: 'urgent', userId: casey.id })
    expect(await database.db.select().from(contactMessageFiles)).toEqual([
      expect.objectContaining({ messageId: message?.id, fileName: 'gear.png', kind: 'image', size: png.length }),
    ])
  })

  test('a bad file, a fourth file or a missing field refuses the message with a message by its field', async () => {
    const before = await storedCount()
    const program = new File([new Uint8Array(Buffer.from('MZ\x90\x00program', 'latin1'))], 'photo.png', {
      type: 'image/png',
    })
    expect(await send(multipart([program]))).toMatchObject({
      status: 400,
      ok: false,
      fieldErrors: { files: '“photo.png” is not a photo (JPEG, PNG or WebP), a PDF or a 3D model (STL, OBJ or 3MF).' },
    })
    const four = ['a', 'b', 'c', 'd'].map((name) => new File([png], `${name}.png`, { type: 'image/png' }))
    expect(await send(multipart(four))).toMatchObject({
      status: 413,
      ok: false,
      fieldErrors: { files: 'Attach at most 3 files.' },
    })
    expect(await send(multipart([new File([png], 'a.png')], { subject: '' }))).toMatchObject({
      status: 400,
      fieldErrors: { subject: 'Subject is required.' },
    })
    expect(await database.db.select().from(contactMessages)).toEqual([])
    expect(await storedCount()).toBe(before)
  })

  test('each refused field carries its own message, and the first problem is the toast', async () => {
    const answer = await send(new URLSearchParams({ ...fields, name: '  ', email: 'pat@', message: '' }))
    expect(answer).toMatchObject({
      status: 400,
      ok: false,
      toast: { title: 'Error', description: 'Name is required.', variant: 'destructive' },
      fieldErrors: {
        name: 'Name is required.',
        email: 'Please enter a valid email address.',
        message: 'Project description is required.',
      },
    })
    expect(Object.keys(answer.fieldErrors ?? {}).sort()).toEqual(['email', 'message', 'name'])
    expect(await database.db.select().from(contactMessages)).toEqual([])
  })

  test('a body that is not a form is refused, never an error', async () => {
    const request = new Request(`${ORIGIN}/contact`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nbroken',
    })
    const answer = (await action({ request, params: {}, context: {} } as never)) as {
      data: Answer
      init: ResponseInit | null
    }
    expect(answer.init?.status).toBe(400)
    expect(answer.data.fieldErrors?.files).toBe('The form could not be read. Please try again.')
  })

  test('a filled honeypot is answered as sent and stores nothing, files included', async () => {
    const before = await storedCount()
    const answer = await send(multipart([new File([png], 'gear.png')], { website: 'spam.example' }))
    expect(answer).toMatchObject({ ok: true })
    expect(await database.db.select().from(contactMessages)).toEqual([])
    expect(await storedCount()).toBe(before)
  })
})
