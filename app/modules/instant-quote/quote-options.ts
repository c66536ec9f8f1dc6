import { z } from 'zod'
import { printQualities } from '#app/rules/print-quote.ts'
import { isUuid } from '#app/utils/ids.ts'
import { MAX_QUOTE_QUANTITY } from './quote-choices.ts'

// The choices of the instant quote's form (issue 15, item 3), checked on the server before any
// price is computed.

const integerIn = (what: string, min: number, max: number) =>
  z
    .string(`Choose the ${what}.`)
    .trim()
    .regex(/^\d{1,6}$/, `The ${what} must be a whole number from ${min} to ${max}.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `The ${what} must be a whole number from ${min} to ${max}.`)

const qualityIds = printQualities.map((quality) => quality.id) as [string, ...string[]]

export const QuoteOptionsSchema = z.object({
  modelId: z.string('Upload a model first.').refine(isUuid, 'Upload a model first.'),
  materialId: z.string('Choose a material.').refine(isUuid, 'Choose a material.'),
  colour: z.string('Choose a colour.').trim().min(1, 'Choose a colour.').max(100, 'Choose a colour.'),
  quality: z.enum(qualityIds, 'Choose a print quality.'),
  infill: integerIn('infill', 5, 100),
  quantity: integerIn('quantity', 1, MAX_QUOTE_QUANTITY),
  units: z.enum(['mm', 'inch'], 'Choose the model’s units.'),
})

export type QuoteOptions = z.output<typeof QuoteOptionsSchema>
