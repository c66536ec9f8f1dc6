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
