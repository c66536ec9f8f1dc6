import { z } from 'zod'
import { isShippableCountry } from '#app/rules/countries.ts'
import { singleLine } from '#app/rules/text.ts'

const PHONE = /^[0-9 +()./-]*$/

/**
 * Where a parcel goes, as the checkout page asks for it: the recipient, two address lines, city,
 * state or region, postal code, a country the shop ships to, and a phone number if given.
 * `countries`: the shop's list (empty: every shippable country).
 */
export function shippingAddressSchema(countries: readonly string[]) {
  return z.object({
    name: singleLine({ label: 'Full name' }).min(1, 'Enter the recipient’s full name.').max(200),
    street: singleLine({ label: 'Address' }).min(1, 'Enter the street address.').max(200),
    line2: singleLine({ label: 'Apartment, suite, etc.' }).max(200).default(''),
    city: singleLine({ label: 'City' }).min(1, 'Enter the city.').max(100),
    state: singleLine({ label: 'State or region' }).min(1, 'Enter the state or region.').max(100),
    zip: singleLine({ label: 'Postal code' }).min(1, 'Enter the postal code.').max(20),
    country: z
      .string('Choose the country.')
      .trim()
      .toUpperCase()
      .refine(
        (code) => isShippableCountry(code) && (countries.length === 0 || countries.includes(code)),
        'Choose a country we ship to.',
      ),
    phone: singleLine({ label: 'Phone' })
      .max(40, 'Phone must be at most 40 characters.')
      .regex(PHONE, 'Enter the phone number with digits, spaces and + ( ) - only.')
      .default(''),
  })
}

/** A guest also gives the e-mail the confirmation goes to. */
export function guestDetailsSchema(countries: readonly string[]) {
  return shippingAddressSchema(countries).extend({
    email: singleLine({ message: 'Enter a valid e-mail address.' }).pipe(z.email('Enter a valid e-mail address.')),
  })
}

export type CheckoutDetailsField = keyof z.infer<ReturnType<typeof guestDetailsSchema>>
