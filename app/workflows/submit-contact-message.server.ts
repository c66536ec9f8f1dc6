import { createContactMessage } from '#app/modules/contact/index.server.ts'
import { type ContactForm, urgencyOptions } from '#app/modules/contact/schemas.ts'
import { sendMail } from '#app/modules/mail/index.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { checkContactFiles, removeContactFiles, storeContactFiles } from './contact-files.server.ts'

export type SubmitContactResult = { ok: true; id: string } | { ok: false; field: 'files'; message: string }

/**
 * A contact or quote request, with up to three files: the files are checked (all of them, before
 * anything is kept), stored privately, then the message is recorded with them for the back-office
 * and e-mailed to the shop, with the customer's address as Reply-To and the files named (never
 * attached). A refused file refuses the whole message and nothing is stored.
 * @example const result = await submitContactMessage({ name, email, subject, message, urgency: 'rush' }, { files, userId })
 */
export async function submitContactMessage(
  input: ContactForm,
  { files = [], userId = null }: { files?: File[]; userId?: string | null } = {},
): Promise<SubmitContactResult> {
  // Step 1: every file is what it claims by its content, within the limits; else nothing is kept.
  const checked = await checkContactFiles(files)
  if (!checked.ok) return { ok: false, field: 'files', message: checked.message }

  // Step 2: the files are stored, then recorded with the message in one transaction; if the
  // message cannot be recorded, the stored files are removed again.
  const stored = await storeContactFiles(checked.files)
  let id: string
  try {
    ;({ id } = await createContactMessage({ ...input, userId, files: stored }))
  } catch (error) {
    await removeContactFiles(stored)
    throw error
  }

  // Step 3: tell the shop (after the commit, outside any transaction), so a message is never lost
  // even if mail is down.
  const env = getEnv()
  const urgencyLabel = urgencyOptions.find((option) => option.value === input.urgency)?.label ?? input.urgency
  await sendMail({
    to: env.SHOP_EMAIL,
    template: 'contact-message',
    data: {
      ...input,
      urgencyLabel,
      files: stored.map((file) => file.fileName),
      adminUrl: `${env.PUBLIC_URL}/admin/messages/${id}`,
    },
    replyTo: input.email,
  })
  return { ok: true, id }
}
