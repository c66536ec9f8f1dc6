import { z } from 'zod'

/** What a guest enters on the demo checkout page before paying. */
export const DemoGuestDetailsSchema = z.object({
  email: z.string().trim().pipe(z.email('Enter a valid e-mail address.')),
  street: z.string().trim().min(1, 'Enter the street.').max(200),
  city: z.string().trim().min(1, 'Enter the city.').max(100),
  state: z.string().trim().min(1, 'Enter the state.').max(100),
  zip: z.string().trim().min(1, 'Enter the zip code.').max(20),
})

export type DemoGuestDetails = z.infer<typeof DemoGuestDetailsSchema>
export type DemoGuestField = keyof DemoGuestDetails
