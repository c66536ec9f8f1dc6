import { z } from 'zod'
import { singleLine } from '#app/rules/text.ts'

/** What a guest enters on the demo checkout page before paying. */
export const DemoGuestDetailsSchema = z.object({
  email: singleLine({ message: 'Enter a valid e-mail address.' }).pipe(z.email('Enter a valid e-mail address.')),
  street: singleLine({ label: 'Street' }).min(1, 'Enter the street.').max(200),
  city: singleLine({ label: 'City' }).min(1, 'Enter the city.').max(100),
  state: singleLine({ label: 'State' }).min(1, 'Enter the state.').max(100),
  zip: singleLine({ label: 'Zip code' }).min(1, 'Enter the zip code.').max(20),
})

export type DemoGuestDetails = z.infer<typeof DemoGuestDetailsSchema>
export type DemoGuestField = keyof DemoGuestDetails
