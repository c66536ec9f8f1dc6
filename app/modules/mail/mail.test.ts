import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#tests/setup/smtp-server.ts'
import {
  createSmtpTransport,
  extractFirstLink,
  latestMailTo,
  listOutbox,
  retrieveOutboxMessage,
  retryMail,
  sendMail,
  setMailTransport,
} from './index.server.ts'
import { mailOutbox } from './schema.server.ts'
import type { SendMailInput } from './service.server.ts'

// These tests need the defaults: no SMTP server configured, the default sender. getEnv() reads
// the environment once per process (one process per test file), on first use.
delete process.env.SMTP_URL
delete process.env.MAIL_FROM

const verifyUrl = 'https://shop.test/auth?token=tok-123&type=signup'

/** The sign-up e-mail to `to`, greeting `name`, with the attachments given. */
const sendVerifyMail = (to: string, name: string, attachments?: SendMailInput<'verify-email'>['attachments']) =>
  sendMail({ to, template: 'verify-email', data: { name, url: verifyUrl }, attachments })

// The outbox lives in the file's own database.
testDatabaseForFile()
afterEach(() => {
  setMailTransport(null)
})

describe('outbox mode (no SMTP_URL)', () => {
  test('stores the message, leaves it unsent and logs its link', async () => {
    const info = vi.spyOn(logger, 'info')
    const { id } = await sendVerifyMail(' Ada@Example.com ', 'Ada')

    const message = await retrieveOutboxMessage(id)
    expect(message).toMatchObject({
      id,
      to: 'ada@example.com',
      subject: 'Confirm your email address',
      template: 'verify-email',
      status: 'outbox',
      sentAt: null,
      error: null,
    })
    expect(message?.html).toContain('Confirm email address')
    expect(extractFirstLink(message?.text ?? '')).toBe(verifyUrl)
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'ada@example.com', subject: 'Confirm your email address', link: verifyUrl }),
      expect.stringContaining('outbox'),
    )
  })

  test('finds messages by address, newest first, a page at a time', async () => {
    const to = 'pages@example.com'
    const first = await sendMail({ to, template: 'reset-password', data: { name: 'P', url: 'https://shop.test/r/1' } })
    const second = await sendMail({ to, template: 'verify-email', data: { name: 'P', url: 'https://shop.test/v/2' } })
    const third = await sendMail({ to, template: 'reset-password', data: { name: 'P', url: 'https://shop.test/r/3' } })

    expect((await latestMailTo('PAGES@example.com'))?.id).toBe(third.id)
    expect((await latestMailTo(to, 'verify-email'))?.id).toBe(second.id)
    expect(extractFirstLink((await latestMailTo(to, 'reset-password'))?.text ?? '')).toBe('https://shop.test/r/3')
    expect(await latestMailTo('nobody@example.com')).toBeNull()

    const mine = await listOutbox({ to })
    expect(mine.total).toBe(3)
    expect(mine.messages.map((message) => message.id)).toEqual([third.id, second.id, first.id])
    expect(mine.messages[0]).not.toHaveProperty('html')

    const page = await listOutbox({ to, limit: 2, offset: 2 })
    expect(page).toMatchObject({ total: 3, messages: [{ id: first.id }] })

    const all = await listOutbox()
    expect(all.total).toBeGreaterThanOrEqual(4)
    expect(all.messages[0]?.id).toBe(third.id)
  })

  test('an unknown or malformed id finds nothing', async () => {
    expect(await retrieveOutboxMessage('not-a-uuid')).toBeNull()
    expect(await retrieveOutboxMessage('00000000-0000-4000-8000-000000000000')).toBeNull()
  })
})

/** Sends through a port where no SMTP server listens (any more): every delivery fails. */
async function useAbsentSmtpServer() {
  const closed = await startSmtpServer()
  await closed.close()
  setMailTransport(createSmtpTransport(`smtp://127.0.0.1:${closed.port}`))
}

/** The value of one header of a raw message (unfolded). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? ''
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line?.slice(name.length + 1).trim()
}

/** The decoded body of the first MIME part of a type, enough to read what nodemailer writes. */
function mimePart(raw: string, type: string): string {
  // Split on the message's own boundaries: an HTML line may start with '--' too ('-->').
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1])
  const parts = boundaries.reduce<string[]>(
    (pieces, boundary) => pieces.flatMap((piece) => piece.split(`--${boundary}`)),
    [raw],
  )
  const part = parts.find((candidate) => new RegExp(`^content-type: ${type}`, 'im').test(candidate))
  if (!part) throw new Error(`No ${type} part in the message`)
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n').replace(/\r?\n(--)?\s*$/, '')
  const encoding = /content-transfer-encoding: *([^\s;]+)/i.exec(head)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

describe('SMTP delivery', () => {
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    await smtp.close()
  })
  // Every test here sends through it (the file's afterEach takes the transport away again).
  beforeEach(() => {
    setMailTransport(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`))
  })

  test('a verification e-mail arrives at the SMTP server and is marked sent', async () => {
    const { id } = await sendVerifyMail('grace@example.com', 'Grace')

    expect(smtp.received).toHaveLength(1)
    const [mail] = smtp.received as [ReceivedMail]
    expect(mail.rcptTo).toEqual(['grace@example.com'])
    expect(mail.mailFrom).toBe('shop@localhost')
    expect(header(mail.raw, 'From')).toBe('LayerWorks 3D <shop@localhost>')
    expect(header(mail.raw, 'To')).toBe('grace@example.com')
    expect(header(mail.raw, 'Subject')).toBe('Confirm your email address')
    expect(mimePart(mail.raw, 'text/plain')).toContain(verifyUrl)
    expect(mimePart(mail.raw, 'text/html')).toContain(`href="${verifyUrl.replace('&', '&amp;')}"`)

    const stored = await retrieveOutboxMessage(id)
    expect(stored?.status).toBe('sent')
    expect(stored?.sentAt).toBeInstanceOf(Date)
    expect(stored?.error).toBeNull()
  })

  test('a contact message is answered by replying to its sender', async () => {
    await sendMail({
      to: 'shop@localhost',
      template: 'contact-message',
      data: { name: 'Lin', email: 'lin@example.com', subject: 'A quote', message: 'Hi', urgencyLabel: 'Low' },
    })
    const mail = smtp.received.at(-1) as ReceivedMail
    expect(mail.rcptTo).toEqual(['shop@localhost'])
    expect(header(mail.raw, 'Reply-To')).toBe('lin@example.com')
    expect(header(mail.raw, 'Subject')).toBe('New message: A quote')
  })

  test('a file goes with the e-mail and is kept with it in the outbox', async () => {
    const pdf = Buffer.from('%PDF-1.3 a tiny stand-in invoice')
    const { id } = await sendMail({
      to: 'grace@example.com',
      template: 'payment-receipt',
      data: { invoiceNumber: 'f00dbabe', totalCents: 1200, paidAt: new Date(), reference: 'pi_1', url: verifyUrl },
      attachments: [{ filename: 'invoice-f00dbabe.pdf', contentType: 'application/pdf', content: pdf }],
    })
    const mail = smtp.received.at(-1) as ReceivedMail
    expect(mail.raw).toMatch(/content-type: application\/pdf; name=invoice-f00dbabe\.pdf/i)
    expect(mail.raw).toMatch(/content-disposition: attachment; filename=invoice-f00dbabe\.pdf/i)
    expect(mail.raw).toContain(pdf.toString('base64'))
    const db = await getDb()
    const [row] = await db.select({ attachments: mailOutbox.attachments }).from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(row?.attachments).toEqual([
      { filename: 'invoice-f00dbabe.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ])
  })

  test('a recipient the server refuses is recorded as failed, without throwing', async () => {
    const { id } = await sendVerifyMail('refused@example.com', 'R')
    const stored = await retrieveOutboxMessage(id)
    expect(stored).toMatchObject({ status: 'failed', sentAt: null })
    expect(stored?.error).toMatch(/Mailbox unavailable/)
  })
})

describe('delivery failures never reach the caller', () => {
  test('a transport that throws leaves its error on the outbox row', async () => {
    setMailTransport({
      send: async () => {
        throw new Error('421 Service not available')
      },
    })
    const result = sendMail({
      to: 'ada@example.com',
      template: 'reset-password',
      data: { name: 'Ada', url: verifyUrl },
    })
    await expect(result).resolves.toEqual({ id: expect.any(String) })
    const stored = await retrieveOutboxMessage((await result).id)
    expect(stored).toMatchObject({ status: 'failed', sentAt: null, error: '421 Service not available' })
    expect((await latestMailTo('ada@example.com'))?.id).toBe(stored?.id)
  })

  test('an SMTP server that is not there is recorded as failed', async () => {
    await useAbsentSmtpServer()
    const { id } = await sendVerifyMail('ada@example.com', 'Ada')
    expect((await retrieveOutboxMessage(id))?.error).toMatch(/ECONNREFUSED|connect/i)
  })
})

describe('retrying a failed delivery', () => {
  test('sends the stored message again, attachment and all, once however many retries race', async () => {
    await useAbsentSmtpServer()
    const { id } = await sendVerifyMail('retry@example.com', 'Ada', [
      { filename: 'note.txt', contentType: 'text/plain', content: Buffer.from('kept for the retry') },
    ])
    expect((await retrieveOutboxMessage(id))?.status).toBe('failed')
    expect((await listOutbox({ failed: true })).messages.map((message) => message.id)).toContain(id)

    const smtp = await startSmtpServer()
    try {
      setMailTransport(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`))
      const outcomes = await Promise.all([retryMail(id), retryMail(id)])
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['not-failed', 'sent'])
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]?.rcptTo).toEqual(['retry@example.com'])
      expect(smtp.received[0]?.raw).toContain('note.txt')
      expect(await retrieveOutboxMessage(id)).toMatchObject({ status: 'sent', error: null })
      expect((await listOutbox({ failed: true })).messages.map((message) => message.id)).not.toContain(id)
      expect(await retryMail(id)).toEqual({ status: 'not-failed' })
    } finally {
      await smtp.close()
    }
  })

  test('a retry that fails again keeps the new error; without a mail server nothing is tried', async () => {
    await useAbsentSmtpServer()
    const { id } = await sendVerifyMail('again@example.com', 'A')
    const outcome = await retryMail(id)
    expect(outcome.status).toBe('failed')
    expect((await retrieveOutboxMessage(id))?.status).toBe('failed')
    setMailTransport(null)
    expect(await retryMail(id)).toEqual({ status: 'no-transport' })
    expect(await retryMail('not-a-uuid')).toEqual({ status: 'no-transport' })
  })
})
