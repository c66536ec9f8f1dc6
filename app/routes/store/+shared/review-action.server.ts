import { retrieveProduct } from '#app/modules/catalog/index.server.ts'
import { createReview } from '#app/modules/reviews/index.server.ts'
import { ReviewFormSchema, reviewSubmittedToast } from '#app/modules/reviews/schemas.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { requireUser } from '#app/wiring/permissions.server.ts'

/**
 * A signed-in customer's 'Leave a Review' form (storefront §4, §5): of the shop as a whole, or of
 * a product that is visible in the shop. It is stored unapproved; each refused field is named.
 * @example export const action = ({ request, params }) => reviewFromForm(request, { productId: params.productId })
 */
export async function reviewFromForm(request: Request, { productId }: { productId?: string } = {}) {
  const viewer = await requireUser(request)
  const form = await request.formData().catch(() => new FormData())
  const parsed = parseForm(ReviewFormSchema, Object.fromEntries(form))
  if (!parsed.ok) return refusedForm(null, parsed, { title: parsed.title ?? 'Review not saved' })
  let reviewed: string | null = null
  if (productId !== undefined) {
    const product = await retrieveProduct(productId)
    if (product?.status !== 'visible') {
      return refused(
        null,
        'This product does not exist or is no longer available.',
        404,
        undefined,
        'Product not found',
      )
    }
    reviewed = product.id
  }
  const { rating, title, comment } = parsed.data
  await createReview({ productId: reviewed, userId: viewer.id, name: viewer.name, rating, title, comment })
  return succeeded(null, reviewSubmittedToast.title, reviewSubmittedToast.description)
}
