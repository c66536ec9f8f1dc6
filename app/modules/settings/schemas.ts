import { z } from 'zod'
import { isShippableCountry } from '#app/rules/countries.ts'
import { multiLine, singleLine } from '#app/rules/text.ts'
import { isUuid } from '#app/utils/ids.ts'
import { paidOrderStatuses } from './types.ts'

/** '5.00' → 500: dollars with at most two decimals, up to 10,000.00. */
function dollars(what: string) {
  return z
    .string(`Enter the ${what}.`)
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, `Enter the ${what} like 5.00.`)
    .transform((text) => Math.round(Number(text) * 100))
    .refine((cents) => cents <= 1_000_000, `The ${what} must be at most 10000.00.`)
}

/** 'US, ca de' → ['CA', 'DE', 'US']; empty means worldwide. */
const countryCodes = z
  .string()
  .max(2000, 'List at most a few hundred countries.')
  .default('')
  .transform((text, context) => {
    const codes = [
      ...new Set(
        text
          .split(/[\s,;]+/)
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      ),
    ]
    const unknown = codes.find((code) => !isShippableCountry(code))
    if (unknown) {
      context.addIssue({
        code: 'custom',
        message: `Unknown country code: ${unknown.slice(0, 10)}. Use codes like US, CA, DE.`,
      })
      return z.NEVER
    }
    return codes.sort()
  })

/** The shop's details and order rules, as /admin/settings edits them. */
export const ShopSettingsFormSchema = z.object({
  legalName: singleLine({ label: 'Legal name' }).max(200, 'Legal name must be at most 200 characters.').default(''),
  address: multiLine({ label: 'Address' }).max(1000, 'Address must be at most 1000 characters.').default(''),
  email: singleLine({ label: 'E-mail' })
    .max(254, 'E-mail must be at most 254 characters.')
    .refine((text) => text === '' || z.email().safeParse(text).success, 'Enter a valid e-mail address.')
    .default(''),
  taxId: singleLine({ label: 'Tax ID' }).max(100, 'Tax ID must be at most 100 characters.').default(''),
  paidOrderStatus: z.enum(paidOrderStatuses, 'Choose processing, shipped or delivered for paid orders.'),
  defaultShipping: dollars('default shipping price'),
  shippingCountries: countryCodes,
})

export type ShopSettingsForm = z.output<typeof ShopSettingsFormSchema>

/** A group of countries that share shipping rates, as /admin/settings edits it. */
export const ShippingZoneFormSchema = z.object({
  name: singleLine({ label: 'Zone name' })
    .min(1, 'Enter the zone’s name, like Europe.')
    .max(100, 'Zone name must be at most 100 characters.'),
  countries: countryCodes.refine((codes) => codes.length > 0, 'List the zone’s countries, like DE, FR, IT.'),
})

/** One cell of the rate grid: empty for 'the default', else a price like 12.50. */
const ratePrice = dollars('shipping rate')
export const ShippingRatePriceSchema = z
  .string()
  .trim()
  .transform((text, context) => {
    if (text === '') return null
    const price = ratePrice.safeParse(text)
    if (price.success) return price.data
    context.addIssue({
      code: 'custom',
      message: price.error.issues[0]?.message ?? 'Enter the shipping rate like 5.00.',
    })
    return z.NEVER
  })

/** Whether a field is a cell of the rate grid: `rate:{category}:{zone|else}` (`rateFieldName`). */
function isRateFieldName(name: string) {
  const [prefix, categoryId, zone, ...rest] = name.split(':')
  return prefix === 'rate' && rest.length === 0 && isUuid(categoryId) && (zone === 'else' || isUuid(zone))
}

/**
 * The rate grid of /admin/settings: every cell's field by its name, empty for 'the default'. A
 * cell's problem is named by its field (`rates.rate:{category}:{zone}`); an unknown field or a bad
 * price refuses the whole grid.
 */
export const ShippingRateGridFormSchema = z.object({
  rates: z
    .record(
      z.string().refine(isRateFieldName),
      z
        .unknown()
        .transform((value) => (typeof value === 'string' ? value : ''))
        .pipe(ShippingRatePriceSchema),
      { error: (issue) => (issue.code === 'invalid_key' ? 'Unknown shipping rate field.' : undefined) },
    )
    .refine((rates) => Object.keys(rates).length <= 10_000, 'Too many shipping rates.')
    .transform((rates) =>
      Object.entries(rates).map(([name, priceCents]) => {
        const [, shippingCategoryId, zone] = name.split(':')
        return { shippingCategoryId, zoneId: zone === 'else' ? null : zone, priceCents }
      }),
    ),
})

/** '1.2' → 1.2: a decimal number with at most three decimals between `min` and `max`. */
function decimal(what: string, min: number, max: number, example: string) {
  return z
    .string(`Enter the ${what}.`)
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, `Enter the ${what} like ${example}.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `The ${what} must be between ${min} and ${max}.`)
}

/** '3' → 3: a whole number between `min` and `max`. */
function whole(what: string, min: number, max: number) {
  return z
    .string(`Enter the ${what}.`)
    .trim()
    .regex(/^\d{1,7}$/, `Enter the ${what} as a whole number.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `The ${what} must be between ${min} and ${max}.`)
}

/**
 * '10: 10%, 50: 20%' → [{ quantity: 10, percentOff: 10 }, …]: the instant quote's batch discounts,
 * which must grow with the quantity (so more parts never cost more per part, decision 035).
 */
export const BatchDiscountsSchema = z
  .string()
  .max(500, 'List at most a few batch discounts.')
  .default('')
  .transform((text, context) => {
    const tiers: { quantity: number; percentOff: number }[] = []
    for (const part of text.split(/[,;\n]+/).map((piece) => piece.trim())) {
      if (!part) continue
      const match = /^(\d{1,6})\s*(?:parts?)?\s*[:=]\s*(\d{1,2})\s*%?$/.exec(part)
      const quantity = Number(match?.[1])
      if (!match || quantity < 2) {
        context.addIssue({
          code: 'custom',
          message: `Write each batch discount like 10: 10% (from 2 parts, up to 99%), not “${part.slice(0, 20)}”.`,
        })
        return z.NEVER
      }
      if (tiers.some((tier) => tier.quantity === quantity)) {
        context.addIssue({ code: 'custom', message: `There are two batch discounts for ${quantity} parts.` })
        return z.NEVER
      }
      tiers.push({ quantity, percentOff: Number(match[2]) })
    }
    tiers.sort((a, b) => a.quantity - b.quantity)
    const shrinking = tiers.findIndex((tier, index) => index > 0 && tier.percentOff < tiers[index - 1].percentOff)
    if (shrinking > 0) {
      const [smaller, larger] = [tiers[shrinking - 1], tiers[shrinking]]
      context.addIssue({
        code: 'custom',
        message: `A larger batch cannot get a smaller discount: ${larger.quantity} parts get ${larger.percentOff}% but ${smaller.quantity} parts get ${smaller.percentOff}%.`,
      })
      return z.NEVER
    }
    return tiers
  })

/** The instant quote's rates and print-time model, as /admin/settings edits them (decision 035). */
export const PrintSettingsFormSchema = z
  .object({
    ratePerHour: dollars('printing rate per hour'),
    setupFee: dollars('setup fee'),
    minimumPrice: dollars('minimum price'),
    wallThicknessMm: decimal('wall thickness', 0.2, 10, '1.2'),
    flowMm3PerSecond: decimal('flow rate', 0.5, 200, '10'),
    layerSeconds: decimal('time per layer', 0, 120, '4'),
    productionDaysMin: whole('shortest production time', 0, 60),
    productionDaysMax: whole('longest production time', 0, 60),
    farmHoursPerDay: whole('print hours per day', 1, 100_000),
    batchDiscounts: BatchDiscountsSchema,
    buildXMm: whole('build width', 10, 2000),
    buildYMm: whole('build depth', 10, 2000),
    buildZMm: whole('build height', 10, 2000),
    fileSizeLimitMb: whole('file size limit', 1, 50),
  })
  .refine((form) => form.productionDaysMax >= form.productionDaysMin, {
    message: 'The longest production time cannot be shorter than the shortest.',
    path: ['productionDaysMax'],
  })

export type PrintSettingsForm = z.output<typeof PrintSettingsFormSchema>

/** One colour per line: 'Matte Black #2b2f36'. */
const printColours = z
  .string()
  .max(5000, 'List at most 50 colours.')
  .default('')
  .transform((text, context) => {
    const colours: { name: string; hex: string }[] = []
    for (const line of text.split(/\r?\n|,/).map((piece) => piece.trim())) {
      if (!line) continue
      const match = /^(.{1,50}?)\s+(#[0-9a-fA-F]{6})$/.exec(line)
      if (!match || [...match[1]].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) {
        context.addIssue({
          code: 'custom',
          message: `Write each colour like Matte Black #2b2f36, not “${line.slice(0, 30)}”.`,
        })
        return z.NEVER
      }
      colours.push({ name: match[1], hex: match[2].toLowerCase() })
    }
    return colours
  })
  .refine((colours) => colours.length > 0, 'List at least one colour, like Matte Black #2b2f36.')
  .refine((colours) => colours.length <= 50, 'List at most 50 colours.')

/** A print material of the instant quote, as /admin/settings edits it; the price is per gram in dollars. */
export const PrintMaterialFormSchema = z.object({
  name: singleLine({ label: 'Material name' })
    .min(1, 'Enter the material’s name, like PLA.')
    .max(50, 'Material name must be at most 50 characters.'),
  densityGPerCm3: decimal('density', 0.1, 25, '1.24'),
  pricePerGram: z
    .string('Enter the price per gram.')
    .trim()
    .regex(/^\d{1,4}(\.\d{1,5})?$/, 'Enter the price per gram like 0.06.')
    .transform((text) => Math.round(Number(text) * 100_000))
    .refine((millicents) => millicents <= 100_000_000, 'The price per gram must be at most 1000.00.'),
  colours: printColours,
  enabled: z.unknown().transform((value) => value === 'on' || value === 'true'),
  position: whole('position', 0, 1000),
})

export type PrintMaterialForm = z.output<typeof PrintMaterialFormSchema>
