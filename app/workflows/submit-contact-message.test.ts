import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { contactMessageFiles, contactMessages } from '#app/modules/contact/schema.server.ts'
import { CONTACT_FILE_MAX_BYTES } from '#app/modules/contact/schemas.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'
import { asciiStl, binaryStl, objFile, pngBytes, stepFile, threeMf } from '#tests/factories/model-files.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { openContactFile } from './contact-files.server.ts'
import { submitContactMessage } from './submit-contact-message.server.ts'

let database: TestDatabase
let storageDir = ''
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }

beforeAll(async () => {
  database = await createTestDatabase()
  storageDir = await mkdtemp(path.join(tmpdir(), 'contact-files-'))
  storageHolder.__shopStorage = createLocalDiskStorage(storageDir)
})

beforeEach(async () => {
  await database.db.delete(contactMessages)
  await database.db.delete(mailOutbox)
  await rm(path.join(storageDir, 'contact'), { recursive: true, force: true })
})

afterAll(async () => {
  storageHolder.__shopStorage = undefined
  await database.close()
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
})

const form = {
  name: 'Pat Printer',
  email: 'pat@example.com',
  subject: 'Replacement gear',
  message: 'Can you scan and print a broken mixer gear?',
  urgency: 'rush' as const,
}

const picture = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#2563eb' } })
    .toFormat(format)
    .toBuffer()
const file = (bytes: Buffer | string, name: string, type = '') =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })

async function storedFiles() {
  const names = await readdir(storageDir, { recursive: true })
  return names.filter((name) => name.includes('.'))
}

async function nothingStored() {
  expect(await database.db.select().from(contactMessages)).toEqual([])
  expect(await database.db.select().from(contactMessageFiles)).toEqual([])
  expect(await storedFiles()).toEqual([])
  expect(await latestMailTo('shop@localhost', 'contact-message')).toBeNull()
}

test('a contact message is stored and e-mailed to the shop', async () => {
  const result = await submitContactMessage(form)
  expect(result).toEqual({ ok: true, id: expect.any(String) })
  const stored = await database.db.select().from(contactMessages)
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({ name: 'Pat Printer', urgency: 'rush', status: 'new', userId: null })
  const mail = await latestMailTo('shop@localhost', 'contact-message')
  expect(mail?.subject).toBe('New message: Replacement gear')
  expect(mail?.text).toContain('Can you scan and print a broken mixer gear?')
  expect(mail?.text).toContain('Rush (2-3 days)')
  expect(mail?.text).toContain(`/admin/messages/${stored[0]?.id}`)
  expect(mail?.text).not.toContain('Files sent with it')
})

describe('files on the contact form', () => {
  test('photos, PDFs and 3D models are taken by their content, whatever they are named', async () => {
    const cases = [
      { file: file(await picture('png'), 'gear.png'), kind: 'image', type: 'image/png', name: 'gear.png' },
      { file: file(await picture('jpeg'), 'IMG_0001'), kind: 'image', type: 'image/jpeg', name: 'IMG_0001.jpg' },
      { file: file(await picture('webp'), 'side.webp'), kind: 'image', type: 'image/webp', name: 'side.webp' },
      { file: file('%PDF-1.4\n%%EOF\n', 'drawing.pdf'), kind: 'pdf', type: 'application/pdf', name: 'drawing.pdf' },
      { file: file(binaryStl(), 'part.stl'), kind: 'model', type: 'model/stl', name: 'part.stl' },
      { file: file(asciiStl(), 'ascii.STL'), kind: 'model', type: 'model/stl', name: 'ascii.STL' },
      { file: file(objFile(), 'knob.obj'), kind: 'model', type: 'model/obj', name: 'knob.obj' },
      // A model sent under a picture's name is kept as the model it is.
      { file: file(threeMf(), 'plate.jpg', 'image/jpeg'), kind: 'model', type: 'model/3mf', name: 'plate.jpg.3mf' },
    ] as const
    for (const { file: sent, kind, type, name } of cases) {
      const result = await submitContactMessage(form, { files: [sent] })
      expect(result.ok, name).toBe(true)
      const [row] = await database.db.select().from(contactMessageFiles)
      expect(row, name).toMatchObject({ kind, contentType: type, fileName: name, size: sent.size })
      expect(row?.storageKey, name).toMatch(/^contact\/[0-9a-f-]{36}\.(png|jpg|webp|pdf|stl|obj|3mf)$/)
      // The admin's download is the same bytes.
      const opened = await openContactFile(row?.messageId ?? '', row?.id ?? '')
      expect(opened?.body.equals(Buffer.from(await sent.arrayBuffer())), name).toBe(true)
      await database.db.delete(contactMessages)
    }
  })

  test('up to three files are kept with one message, and the shop’s e-mail names them without attaching them', async () => {
    const files = [
      file(await picture('png'), 'front.png'),
      file('%PDF-1.4\n%%EOF\n', 'sketch.pdf'),
      file(binaryStl(), 'gear.stl'),
    ]
    const result = await submitContactMessage(form, { files })
    expect(result.ok).toBe(true)
    const rows = await database.db.select().from(contactMessageFiles)
    expect(rows.map((row) => row.fileName).sort()).toEqual(['front.png', 'gear.stl', 'sketch.pdf'])
    expect(await storedFiles()).toHaveLength(3)
    const mail = await latestMailTo('shop@localhost', 'contact-message')
    expect(mail?.text).toContain(
      'Files sent with it (open the message to download them): front.png, sketch.pdf, gear.stl',
    )
    const [outboxRow] = await database.db.select().from(mailOutbox)
    expect(outboxRow?.attachments).toBeNull()
  })

  test('a program renamed .png refuses the whole message, and nothing is stored', async () => {
    const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 1)])
    const result = await submitContactMessage(form, {
      files: [file(await picture('png'), 'fine.png'), file(program, 'photo.png', 'image/png')],
    })
    expect(result).toEqual({
      ok: false,
      field: 'files',
      message: '“photo.png” is not a photo (JPEG, PNG or WebP), a PDF or a 3D model (STL, OBJ or 3MF).',
    })
    await nothingStored()
  })

  test('other content is refused too: a picture cut short, a STEP model, a HEIC claim, text', async () => {
    for (const bad of [
      file(pngBytes().subarray(0, 20), 'half.png'),
      file(stepFile(), 'part.step'),
      file('just some words', 'notes.pdf'),
      file(Buffer.from('0000001c6674797068656963', 'hex'), 'photo.heic'),
    ]) {
      const result = await submitContactMessage(form, { files: [bad] })
      expect(result.ok, bad.name).toBe(false)
    }
    await nothingStored()
  })

  test('a file over 25 MB or a fourth file refuses the message', async () => {
    const big = file(Buffer.alloc(CONTACT_FILE_MAX_BYTES + 1), 'huge.stl')
    expect(await submitContactMessage(form, { files: [big] })).toEqual({
      ok: false,
      field: 'files',
      message: 'Each file must be 25 MB or smaller.',
    })
    const four = await Promise.all(['a', 'b', 'c', 'd'].map(async (name) => file(await picture('png'), `${name}.png`)))
    expect(await submitContactMessage(form, { files: four })).toEqual({
      ok: false,
      field: 'files',
      message: 'Attach at most 3 files.',
    })
    await nothingStored()
  })

  test('empty file fields (no file chosen) are no files', async () => {
    const result = await submitContactMessage(form, { files: [file('', '')] })
    expect(result.ok).toBe(true)
    expect(await database.db.select().from(contactMessageFiles)).toEqual([])
  })
})
