import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { products, stockAlerts } from '#app/modules/catalog/schema.server.ts'
import { createSmtpTransport, setMailTransport } from '#app/modules/mail/index.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/setup/smtp-server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { sendLowStockAlert } from './send-low-stock-alert.server.ts'

// The daily low-stock e-mail: what it lists, and that it goes out once a day however many
// instances run the check, through the outbox and a real SMTP server.

let database: TestDatabase
let smtp: TestSmtpServer
const HOUR = 60 * 60 * 1000
const start = new Date('2031-03-01T08:00:00Z')

async function lowStockMails() {
  return database.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.template, 'low-stock'))
}

beforeAll(async () => {
  database = await createTestDatabase()
  smtp = await startSmtpServer()
  setMailTransport(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`))
})

beforeEach(async () => {
  await database.db.delete(products)
  await database.db.delete(stockAlerts)
  await database.db.delete(mailOutbox)
  smtp.received.length = 0
})

afterAll(async () => {
  setMailTransport(null)
  await smtp?.close()
  await database?.close()
})

describe('sendLowStockAlert', () => {
  test('lists the products at or below their threshold, not archived ones, to the shop', async () => {
    await database.db.insert(products).values([
      { title: 'Empty Clip', sku: 'CLIP-1', stockQuantity: 0, lowStockThreshold: 3 },
      { title: 'Hidden Hook', status: 'hidden', stockQuantity: 5, lowStockThreshold: 5 },
      { title: 'Plenty Mount', stockQuantity: 4, lowStockThreshold: 3 },
      { title: 'Archived Case', status: 'archived', stockQuantity: 0, lowStockThreshold: 3 },
      { title: 'Never Alert', stockQuantity: 1, lowStockThreshold: 0 },
    ])
    expect(await sendLowStockAlert({ now: start })).toBe('sent')
    const [mail] = await lowStockMails()
    expect(mail?.to).toBe(getEnv().SHOP_EMAIL)
    expect(mail?.subject).toBe('Low stock: 2 products are running out')
    expect(mail?.text).toContain('Empty Clip (CLIP-1): 0 left, alert at 3')
    expect(mail?.text).toContain('Hidden Hook: 5 left, alert at 5')
    expect(mail?.text).not.toMatch(/Plenty Mount|Archived Case|Never Alert/)
    expect(mail?.text).toContain('/admin/products?filter=low-stock')
    expect(mail?.sentAt).not.toBeNull()
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]?.rcptTo).toEqual([getEnv().SHOP_EMAIL])
  })

  test('nothing low sends nothing, and does not use up the day', async () => {
    await database.db.insert(products).values({ title: 'Plenty Mount', stockQuantity: 40 })
    expect(await sendLowStockAlert({ now: start })).toBe('nothing-low')
    expect(await lowStockMails()).toHaveLength(0)
    await database.db.update(products).set({ stockQuantity: 2 })
    expect(await sendLowStockAlert({ now: new Date(start.getTime() + HOUR) })).toBe('sent')
    expect(await lowStockMails()).toHaveLength(1)
  })

  test('sent once a day: a second check the same day sends nothing, even with a changed list', async () => {
    await database.db.insert(products).values({ title: 'Empty Clip', stockQuantity: 0 })
    expect(await sendLowStockAlert({ now: start })).toBe('sent')
    expect(await sendLowStockAlert({ now: new Date(start.getTime() + 60_000) })).toBe('already-sent-today')
    await database.db.insert(products).values({ title: 'Second Clip', stockQuantity: 1 })
    expect(await sendLowStockAlert({ now: new Date(start.getTime() + 23 * HOUR) })).toBe('already-sent-today')
    expect(await lowStockMails()).toHaveLength(1)
    // A day later it is due again.
    expect(await sendLowStockAlert({ now: new Date(start.getTime() + 24 * HOUR) })).toBe('sent')
    const mails = await lowStockMails()
    expect(mails).toHaveLength(2)
    expect(mails.map((mail) => mail.subject)).toContain('Low stock: 2 products are running out')
    expect(smtp.received).toHaveLength(2)
  })

  test('several callers at once (several instances) send it once', async () => {
    await database.db.insert(products).values({ title: 'Empty Clip', stockQuantity: 0 })
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => sendLowStockAlert({ now: start })))
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'already-sent-today')).toHaveLength(3)
    expect(await lowStockMails()).toHaveLength(1)
    expect(smtp.received).toHaveLength(1)
  })
})
