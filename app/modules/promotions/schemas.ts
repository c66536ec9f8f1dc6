import { z } from 'zod'
import { singleLine } from '#app/rules/text.ts'

export const PROMO_CODE_MAX_LENGTH = 40

/** What a promotion code is made of: letters, digits, - and _ (the admin's form allows no other). */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/

/** A promotion code as typed by a visitor: trimmed, at most 40 characters, any case. */
export const PromoCodeSchema = z.string().trim().max(PROMO_CODE_MAX_LENGTH)

/** Back-office §9. */
export const PROMOTION_TYPES = ['percentage', 'fixed'] as const
export const PROMOTION_APPLIES_TO = ['all', 'products', 'categories'] as const

/** Back-office §5, the message of a promotion form with a required field left empty. */
export const PROMOTION_REQUIRED_FIELDS = 'Please fill all required fields.'
export const PROMOTION_CODE_TAKEN = 'A promotion with this code already exists. Please choose another code.'
export const PROMOTION_NOT_FOUND = 'Promotion not found. It may have been deleted already.'

const MAX_NAME = 120
const MAX_LIST = 500
/** $100,000.00: far above any cart, well inside the integer column. */
export const MAX_FIXED_DISCOUNT_CENTS = 10_000_000
/** A usage limit above this is no limit a shop means; it also keeps the column an ordinary integer. */
export const MAX_USAGE_LIMIT = 1_000_000

const PERCENT_MESSAGE = 'A percentage must be a whole number from 1 to 100.'
const AMOUNT_MESSAGE = 'A fixed discount must be an amount in dollars above 0, with at most 2 decimals, like 5 or 7.50.'
const DATE_MESSAGE = 'Dates must be real calendar dates (YYYY-MM-DD).'

/** An optional usage limit: empty is no limit, otherwise a whole number from 1. */
const usageLimit = (label: string) =>
  z
    .string()
    .refine(
      (text) => text === '' || (/^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_USAGE_LIMIT),
      `${label} must be a whole number from 1 to ${MAX_USAGE_LIMIT.toLocaleString('en-US')}, or empty for no limit.`,
    )
    .transform((text) => (text === '' ? null : Number(text)))

/** A calendar date "YYYY-MM-DD" that exists (no 2025-02-30). */
function isCalendarDate(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00.000Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/**
 * The days of a promotion as the shop stores them: from the start of its first day to the end of
 * its last, in UTC (the back-office shows every date in UTC).
 */
export function promotionWindow(startDate: string, endDate: string) {
  return {
    startDate: new Date(`${startDate}T00:00:00.000Z`),
    endDate: new Date(`${endDate}T23:59:59.999Z`),
  }
}

/** "7.50" dollars as 750 cents, without floating-point rounding. */
function dollarsToCents(text: string) {
  const [whole, fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

const idList = z.array(z.string().trim()).max(MAX_LIST, `Choose at most ${MAX_LIST}.`)

/**
 * The admin's promotion form (back-office §2, §5): name, code, value and both dates required; the
 * code is stored upper-cased; a percentage is a whole 1 to 100, a fixed discount dollars above 0
 * (stored as cents); the end is on or after the start; a limited promotion names what it applies
 * to. The form does not edit the status (back-office §4), and need not: a scheduled promotion works
 * from its start date (DESIGN 2), so a new one never has to be switched to active, and an admin ends
 * one early by moving its end date or deleting it. An edit keeps the stored status.
 */
export const PromotionFormSchema = z
  .object({
    name: z.string().trim(),
    code: z.string().trim(),
    type: z.string().trim(),
    value: z.string().trim(),
    startDate: z.string().trim(),
    endDate: z.string().trim(),
    appliesTo: z.string().trim(),
    productIds: idList,
    categoryIds: idList,
    usageLimit: z.string().trim(),
    perCustomerLimit: z.string().trim(),
  })
  .refine((form) => form.name && form.code && form.value && form.startDate && form.endDate, {
    message: PROMOTION_REQUIRED_FIELDS,
    abort: true,
  })
  .pipe(
    z.object({
      name: singleLine({ label: 'Name' }).max(MAX_NAME, `Name must be at most ${MAX_NAME} characters.`),
      code: z
        .string()
        .max(PROMO_CODE_MAX_LENGTH, `Code must be at most ${PROMO_CODE_MAX_LENGTH} characters.`)
        .regex(PROMO_CODE_PATTERN, 'Code may only contain letters, digits, - and _.')
        .transform((code) => code.toUpperCase()),
      type: z.enum(PROMOTION_TYPES, 'Choose a type: percentage or fixed.'),
      value: z.string(),
      startDate: z.string().refine(isCalendarDate, DATE_MESSAGE),
      endDate: z.string().refine(isCalendarDate, DATE_MESSAGE),
      appliesTo: z
        .string()
        .transform((value) => value || 'all')
        .pipe(z.enum(PROMOTION_APPLIES_TO, 'Choose what it applies to: all, products or categories.')),
      productIds: z.array(z.uuid('Choose products from the list.')),
      categoryIds: z.array(z.uuid('Choose categories from the list.')),
      usageLimit: usageLimit('The usage limit'),
      perCustomerLimit: usageLimit('The limit per customer'),
    }),
  )
  .transform((form, context) => {
    let value: number
    if (form.type === 'percentage') {
      value = /^\d{1,3}$/.test(form.value) ? Number(form.value) : Number.NaN
      if (!(value >= 1 && value <= 100)) context.addIssue({ code: 'custom', message: PERCENT_MESSAGE, path: ['value'] })
    } else {
      value = /^\d{1,9}(\.\d{1,2})?$/.test(form.value) ? dollarsToCents(form.value) : Number.NaN
      if (!(value >= 1)) context.addIssue({ code: 'custom', message: AMOUNT_MESSAGE, path: ['value'] })
      else if (value > MAX_FIXED_DISCOUNT_CENTS)
        context.addIssue({ code: 'custom', message: 'A fixed discount must be at most $100,000.00.', path: ['value'] })
    }
    if (form.endDate < form.startDate) {
      context.addIssue({
        code: 'custom',
        message: 'The end date must be on or after the start date.',
        path: ['endDate'],
      })
    }
    const productIds = form.appliesTo === 'products' ? [...new Set(form.productIds)] : []
    const categoryIds = form.appliesTo === 'categories' ? [...new Set(form.categoryIds)] : []
    if (form.appliesTo === 'products' && productIds.length === 0) {
      context.addIssue({ code: 'custom', message: 'Choose at least one product.', path: ['productIds'] })
    }
    if (form.usageLimit !== null && form.perCustomerLimit !== null && form.perCustomerLimit > form.usageLimit) {
      context.addIssue({
        code: 'custom',
        message: 'The limit per customer cannot be above the usage limit.',
        path: ['perCustomerLimit'],
      })
    }
    if (form.appliesTo === 'categories' && categoryIds.length === 0) {
      context.addIssue({ code: 'custom', message: 'Choose at least one category.', path: ['categoryIds'] })
    }
    return {
      name: form.name,
      code: form.code,
      type: form.type,
      value,
      ...promotionWindow(form.startDate, form.endDate),
      appliesTo: form.appliesTo,
      productIds,
      categoryIds,
      usageLimit: form.usageLimit,
      perCustomerLimit: form.perCustomerLimit,
    }
  })

export type PromotionForm = z.output<typeof PromotionFormSchema>

export const PromotionIdSchema = z.object({ promotionId: z.uuid(PROMOTION_NOT_FOUND) })

function text(value: FormDataEntryValue | null | undefined) {
  return typeof value === 'string' ? value : ''
}

/** The promotion form's fields as plain strings; the multi-selects as lists. */
export function promotionFormValues(form: FormData) {
  return {
    name: text(form.get('name')),
    code: text(form.get('code')),
    type: text(form.get('type')),
    value: text(form.get('value')),
    startDate: text(form.get('startDate')),
    endDate: text(form.get('endDate')),
    appliesTo: text(form.get('appliesTo')),
    productIds: form.getAll('productIds').map(text),
    categoryIds: form.getAll('categoryIds').map(text),
    usageLimit: text(form.get('usageLimit')),
    perCustomerLimit: text(form.get('perCustomerLimit')),
  }
}
