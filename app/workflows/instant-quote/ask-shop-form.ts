import type { z } from 'zod'
import { ContactFormSchema } from '#app/modules/contact/schemas.ts'
import { ASK_SHOP_NOTE_MAX } from '#app/modules/instant-quote/quote-choices.ts'
import { multiLine } from '#app/rules/text.ts'

/**
 * Ask the shop about a model (issue 15, item 4): who asks (a signed-in customer's name and e-mail
 * come prefilled, a visitor types them) and what they want the shop to know, the note optional.
 * It takes the contact form's name and e-mail rules, so it lives with the workflow that joins the
 * two modules (a module never imports another's code).
 */
export const AskShopFormSchema = ContactFormSchema.pick({ name: true, email: true }).extend({
  note: multiLine({ label: 'Your note', error: 'Your note could not be read.' })
    .max(ASK_SHOP_NOTE_MAX, `Your note must be at most ${ASK_SHOP_NOTE_MAX.toLocaleString('en-US')} characters.`)
    .default(''),
})

export type AskShopForm = z.output<typeof AskShopFormSchema>
