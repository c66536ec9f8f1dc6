import { createContactMessage } from '#app/modules/contact/index.server.ts'
import { type ContactForm, urgencyOptions } from '#app/modules/contact/schemas.ts'
import { sendMail } from '#app/modules/mail/index.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * A contact or quote request: stored for the back-office, then e-mailed to the shop with the
 * customer's address as Reply-To.
 * @example await submitContactMessage({ name, email, subject, message, urgency: 'rush' })
 */
export async function submitContactMessage(input: ContactForm) {
  // Step 1: keep the message, so it is never lost even if mail is down.
  const { id } = await createContactMessage(input)
  // Step 2: tell the shop (after the insert, outside any transaction).
  const urgencyLabel = urgencyOptions.find((option) => option.value === input.urgency)?.label ?? input.urgency
  await sendMail({
    to: getEnv().SHOP_EMAIL,
    template: 'contact-message',
    data: { ...input, urgencyLabel },
    replyTo: input.email,
  })
  return { id }
}
