import { afterAll, beforeAll, expect, test } from 'vitest'
import { contactMessages } from '#app/modules/contact/schema.server.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { submitContactMessage } from './submit-contact-message.server.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

test('a contact message is stored and e-mailed to the shop', async () => {
  await submitContactMessage({
    name: 'Pat Printer',
    email: 'pat@example.com',
    subject: 'Replacement gear',
    message: 'Can you scan and print a broken mixer gear?',
    urgency: 'rush',
  })
  const stored = await database.db.select().from(contactMessages)
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({ name: 'Pat Printer', urgency: 'rush' })
  const mail = await latestMailTo('shop@localhost', 'contact-message')
  expect(mail?.subject).toBe('New message: Replacement gear')
  expect(mail?.text).toContain('Can you scan and print a broken mixer gear?')
  expect(mail?.text).toContain('Rush (2-3 days)')
})
