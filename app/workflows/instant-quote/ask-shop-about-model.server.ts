import { randomUUID } from 'node:crypto'
import { createContactMessage } from '#app/modules/contact/index.server.ts'
import { urgencyOptions } from '#app/modules/contact/schemas.ts'
import { modelFormatContentTypes } from '#app/modules/documents/index.server.ts'
import { findQuoteModelFile, type QuoteModelOwner, quoteUnits } from '#app/modules/instant-quote/index.server.ts'
import { sendMail } from '#app/modules/mail/index.server.ts'
import type { PrintQuoteDetails } from '#app/modules/quotes/index.server.ts'
import { getStorage } from '#app/modules/storage/index.server.ts'
import { formatMoney } from '#app/rules/money.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { AskShopFormSchema } from './ask-shop-form.ts'
import { type PriceQuoteModelResult, priceQuoteModel, QUOTE_MODEL_NOT_FOUND } from './price-quote-model.server.ts'

export type AskShopResult =
  | { ok: true; messageId: string }
  | { ok: false; status: 400 | 404; message: string; fieldErrors?: Record<string, string> }

const mm = (value: number) => String(Number(value.toFixed(1)))

/** The message the shop reads: the customer's note, then the model's measures, options and price. */
function messageText(note: string, priced: Extract<PriceQuoteModelResult, { ok: true }>, details?: PrintQuoteDetails) {
  const { size } = priced
  const lines = [
    note || '(No note.)',
    '',
    '— Instant quote —',
    `Size: ${mm(size.x)} × ${mm(size.y)} × ${mm(size.z)} mm`,
  ]
  if (details) {
    lines.push(
      `Volume: ${(details.volumeMm3 / 1000).toFixed(2)} cm³`,
      `Material: ${details.material}, ${details.colour}`,
      `Quality: ${details.quality}; infill ${details.infillPercent} %`,
      `Units: ${quoteUnits.find((unit) => unit.id === details.units)?.label ?? details.units}`,
    )
  }
  if (priced.price) {
    lines.push(
      `Quantity: ${priced.price.quantity}`,
      `Price: ${formatMoney(priced.price.unitPriceCents)} each, ${formatMoney(priced.price.lineTotalCents)} in all`,
    )
  } else {
    lines.push(`Not priced: ${priced.message}`)
  }
  for (const warning of priced.warnings) lines.push(`Check: ${warning}`)
  return lines.join('\n')
}

/**
 * Ask the shop (issue 15, item 4): a message in the back-office inbox about a model the owner
 * uploaded to /instant-quote, with a copy of the model attached as the inbox keeps its files
 * (`contact/<id>.<ext>`, so deleting the message never touches the quote's model), its measures,
 * the chosen options and the server's price (or why there is none), and the customer's note, name
 * and e-mail. Someone else's model is not found; bad input changes nothing.
 * @example const result = await askShopAboutModel(Object.fromEntries(form), { owners: [{ guestToken }], userId: null })
 */
export async function askShopAboutModel(
  input: Record<string, unknown>,
  { owners, userId }: { owners: QuoteModelOwner[]; userId: string | null },
): Promise<AskShopResult> {
  // Step 1: the model is the asker's and the options are ones the shop offers (priced if it can be).
  const priced = await priceQuoteModel(input, owners)
  if (!priced.ok) return priced
  const contact = parseForm(AskShopFormSchema, input)
  if (!contact.ok) return { ok: false, status: 400, message: contact.message, fieldErrors: contact.fieldErrors }
  const file = await findQuoteModelFile(priced.modelId)
  const stored = file ? await getStorage().get(file.storageKey) : null
  if (!file || !stored) return { ok: false, status: 404, message: QUOTE_MODEL_NOT_FOUND }

  // Step 2: a copy of the model in the inbox's own area, recorded with the message or removed again.
  const fileId = randomUUID()
  const storageKey = `contact/${fileId}.${file.format}`
  const contentType = modelFormatContentTypes[file.format]
  await getStorage().put(storageKey, stored.body, contentType)
  const details = priced.price ? priced.details : undefined
  const subject = `Instant quote: ${file.fileName}`.slice(0, 200)
  const message = messageText(contact.data.note, priced, details)
  let messageId: string
  try {
    ;({ id: messageId } = await createContactMessage({
      name: contact.data.name,
      email: contact.data.email,
      subject,
      message,
      urgency: 'standard',
      userId,
      files: [{ id: fileId, storageKey, fileName: file.fileName, contentType, kind: 'model', size: file.fileSize }],
    }))
  } catch (error) {
    await getStorage()
      .delete(storageKey)
      .catch((cleanup: unknown) =>
        logger.warn({ err: cleanup, storageKey }, 'An unrecorded model copy was not deleted'),
      )
    throw error
  }

  // Step 3: the shop is told after the commit; a mail problem never loses the message.
  const env = getEnv()
  await sendMail({
    to: env.SHOP_EMAIL,
    template: 'contact-message',
    data: {
      name: contact.data.name,
      email: contact.data.email,
      subject,
      message,
      urgencyLabel: urgencyOptions[0].label,
      files: [file.fileName],
      adminUrl: `${env.PUBLIC_URL}/admin/messages/${messageId}`,
    },
    replyTo: contact.data.email,
  }).catch((err: unknown) => logger.error({ err }, 'The Ask the shop e-mail could not be stored'))
  return { ok: true, messageId }
}
