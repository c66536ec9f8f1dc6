import { ArrowLeftIcon } from 'lucide-react'
import { data, Link } from 'react-router'
import { deferred } from '#app/components/deferred.tsx'
import { StarRating } from '#app/components/product/star-rating.tsx'
import { retrieveProduct } from '#app/modules/catalog/index.server.ts'
import { listApprovedReviews } from '#app/modules/reviews/index.server.ts'
import { ProductGallery } from '#app/routes/store/+shared/product-gallery.tsx'
import { productMeta } from '#app/routes/store/+shared/product-meta.ts'
import { ProductPurchasePanel } from '#app/routes/store/+shared/product-purchase-panel.tsx'
import { ProductQuickSelect } from '#app/routes/store/+shared/product-quick-select.tsx'
import { ProductReviews } from '#app/routes/store/+shared/product-reviews.tsx'
import { reviewFromForm } from '#app/routes/store/+shared/review-action.server.ts'
import { imageSrc } from '#app/rules/images.ts'
import { reviewerName } from '#app/rules/reviewer-name.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import type { Route } from './+types/product-detail.ts'

// Seldom shown, so not in every product page's first load.
const ProductNotFound = deferred(() =>
  import('#app/routes/store/+shared/product-not-found.tsx').then((module) => module.ProductNotFound),
)

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  const product = await retrieveProduct(params.productId)
  // Hidden and archived products do not exist for anyone but admins.
  if (!product || (product.status !== 'visible' && !viewer?.isAdmin)) {
    return data({ product: null, reviews: [], signedIn: Boolean(viewer), pageUrl: null }, { status: 404 })
  }
  const reviews = await listApprovedReviews({ productId: product.id })
  const { PUBLIC_URL } = getEnv()
  return {
    product: {
      ...product,
      imageUrls: product.images.map((key) => new URL(imageSrc(key, 1200), PUBLIC_URL).href),
    },
    // Only the short name ever leaves the server.
    reviews: reviews.map((review) => ({ ...review, name: reviewerName(review.name) })),
    signedIn: Boolean(viewer),
    pageUrl: `${PUBLIC_URL}/products/${product.id}`,
  }
}

/** A signed-in customer's review of this product; it waits for approval (storefront §4, §5). */
export function action({ request, params }: Route.ActionArgs) {
  return reviewFromForm(request, { productId: params.productId })
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export function meta({ loaderData }: Route.MetaArgs) {
  return productMeta(loaderData?.product ?? null, loaderData?.pageUrl ?? null)
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, reviews, signedIn } = loaderData
  if (!product) return <ProductNotFound />
  return (
    <div key={product.id} className="mx-auto max-w-7xl px-4 py-10">
      <Link to="/products" className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-primary">
        <ArrowLeftIcon className="size-4" aria-hidden />
        All products
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery images={product.images} title={product.title} />
        <div className="flex flex-col gap-5">
          <div>
            <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{product.title}</h1>
            <div className="mt-2 flex items-center gap-2 text-sm">
              <StarRating rating={product.rating} />
              <span className="font-medium">{product.rating.toFixed(1)}</span>
              <span className="text-muted-foreground">
                ({product.reviewCount} {product.reviewCount === 1 ? 'review' : 'reviews'})
              </span>
            </div>
          </div>
          <p className="whitespace-pre-line text-muted-foreground">{product.description}</p>
          <ProductPurchasePanel product={product} />
          {product.quickSelectVisible && product.variations.length > 0 ? (
            <ProductQuickSelect product={product} />
          ) : null}
        </div>
      </div>
      <ProductReviews product={product} reviews={reviews} signedIn={signedIn} />
    </div>
  )
}
