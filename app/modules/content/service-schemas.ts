import { z } from 'zod'
import { isUuid } from '#app/utils/ids.ts'
import { CONTENT_TITLE_MAX, formText } from './form-fields.ts'

export const SERVICE_DESCRIPTION_MAX = 2_000
export const SERVICE_UNIT_MAX = 30
export const SERVICE_FEATURE_MAX = 200
export const SERVICE_FEATURES_MAX = 30
export const SERVICES_MAX = 100
/** Highest price per unit, in dollars. */
export const SERVICE_PRICE_MAX = 1_000_000
export const SERVICE_NOT_FOUND = 'Service not found. It may have been deleted already.'
export const SERVICES_UNREADABLE = 'The services could not be read. Please reload the page and try again.'
/** Back-office §5: what a service added from /admin/services starts as. */
export const NEW_SERVICE = { title: 'New Service', priceCents: 0, priceUnit: 'hr', features: [] } as const

/** A price in dollars as typed ('30', '4.5', '$5.00') to integer cents; at most two decimals. */
const priceCents = z.unknown().transform((value, context) => {
  const typed = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  const match = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(typed)
  const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN
  if (!Number.isInteger(cents) || cents > SERVICE_PRICE_MAX * 100) {
    context.addIssue({
      code: 'custom',
      message: `Price must be an amount from 0 to ${SERVICE_PRICE_MAX.toLocaleString('en-US')}, with at most 2 decimals.`,
    })
    return z.NEVER
  }
  return cents
})

export const ServiceInputSchema = z.object({
  id: z.unknown().refine(isUuid, { message: SERVICE_NOT_FOUND }),
  title: formText({
    label: 'A service title',
    max: CONTENT_TITLE_MAX,
    requiredMessage: 'Every service needs a title.',
  }),
  description: formText({ label: 'A service description', max: SERVICE_DESCRIPTION_MAX, multiline: true }),
  price: priceCents,
  priceUnit: formText({
    label: 'A price unit',
    max: SERVICE_UNIT_MAX,
    requiredMessage: 'Every service needs a price unit, such as hr.',
  }),
  // Features left empty are dropped, so an added feature that was never filled in does not block saving.
  features: z
    .array(formText({ label: 'A feature', max: SERVICE_FEATURE_MAX }), { error: SERVICES_UNREADABLE })
    .transform((features) => features.filter(Boolean))
    .pipe(
      z
        .array(z.string())
        .max(SERVICE_FEATURES_MAX, { error: `A service can list at most ${SERVICE_FEATURES_MAX} features.` }),
    ),
})

export type ServiceInput = {
  id: string
  title: string
  description: string
  priceCents: number
  priceUnit: string
  features: string[]
}

/** The Save All Changes form of /admin/services: every service, sent as one JSON list. */
export const ServicesFormSchema = z.object({
  services: z
    .unknown()
    .transform((value, context) => {
      try {
        const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : null
        if (Array.isArray(parsed)) return parsed
      } catch {}
      context.addIssue({ code: 'custom', message: SERVICES_UNREADABLE })
      return z.NEVER
    })
    .pipe(z.array(ServiceInputSchema).max(SERVICES_MAX, { error: SERVICES_UNREADABLE }))
    .refine((services) => new Set(services.map((service) => service.id)).size === services.length, {
      message: SERVICES_UNREADABLE,
    })
    .transform((services) =>
      services.map(
        ({ price, ...service }): ServiceInput => ({ ...service, id: service.id as string, priceCents: price }),
      ),
    ),
})

export const ServiceIdFormSchema = z.object({ serviceId: z.unknown().refine(isUuid, { message: SERVICE_NOT_FOUND }) })
