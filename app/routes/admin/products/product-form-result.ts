import type { ProductFormValues } from '#app/modules/catalog/schemas.ts'

/** The answer of /add-product or the edit page when it refuses a form (a success redirects). */
export type ProductFormRefusal = {
  ok: false
  toast: { title: string; description: string; variant: 'destructive' }
  /** The first problem of each field, by field path: `title`, `tiers.0.price`, `images`… */
  fieldErrors: Record<string, string>
  /** What was sent, so a form posted without JavaScript is shown again as it was. */
  values: ProductFormValues | null
  /** On the edit page: the stored pictures the admin kept, in their order. */
  keptImages?: string[]
}
