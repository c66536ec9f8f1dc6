import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon, MinusIcon, PlusIcon, ShoppingCartIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { data, Link } from 'react-router'
import { addToCart } from '#app/components/product/add-to-cart.ts'
import { StarRating } from '#app/components/product/star-rating.tsx'
import { type ReviewActionResult, ReviewForm } from '#app/components/reviews/review-form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { retrieveProduct } from '#app/modules/catalog/index.server.ts'
import { createReview, listApprovedReviews } from '#app/modules/reviews/index.server.ts'
import { ReviewFormSchema, reviewIssueToast, reviewSubmittedToast } from '#app/modules/reviews/schemas.ts'
import { imageSrc, imageSrcSet } from '#app/rules/images.ts'
import { formatMoney } from '#app/rules/money.ts'
import { isTiered, lineTotalCents, quickSelectUnitPrices, unitPriceCents, variationLabel } from '#app/rules/pricing.ts'
import { reviewerName } from '#app/rules/reviewer-name.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { cn } from '#app/utils/misc.ts'
import { requireUser } from '#app/utils/permissions.server.ts'
import { getViewer } from '#app/utils/viewer.server.ts'
import type { Route } from './+types/product-detail.ts'

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
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireUser(request)
  const form = await request.formData().catch(() => new FormData())
  const parsed = ReviewFormSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    return data<ReviewActionResult>({ ok: false, toast: reviewIssueToast(parsed.error) }, { status: 400 })
  }
  const product = await retrieveProduct(params.productId)
  if (product?.status !== 'visible') {
    const toast = {
      title: 'Product not found',
      description: 'This product does not exist or is no longer available.',
      variant: 'destructive' as const,
    }
    return data<ReviewActionResult>({ ok: false, toast }, { status: 404 })
  }
  const { rating, title, comment } = parsed.data
  await createReview({ productId: product.id, userId: viewer.id, name: viewer.name, rating, title, comment })
  return data<ReviewActionResult>({ ok: true, toast: reviewSubmittedToast })
}

type LoadedProduct = NonNullable<Route.ComponentProps['loaderData']['product']>
type ProductReview = Route.ComponentProps['loaderData']['reviews'][number]

export function meta({ loaderData }: Route.MetaArgs) {
  const product = loaderData?.product
  if (!product || !loaderData.pageUrl) {
    return [
      { title: 'Product not found · LayerWorks 3D' },
      { name: 'description', content: 'This product does not exist or is no longer available.' },
      { name: 'robots', content: 'noindex' },
    ]
  }
  const title = `${product.title} · LayerWorks 3D`
  const description = product.description.slice(0, 160) || `${product.title}, 3D printed to order by LayerWorks 3D.`
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: loaderData.pageUrl },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: product.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: loaderData.pageUrl },
    ...(product.imageUrls[0] ? [{ property: 'og:image', content: product.imageUrls[0] }] : []),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        image: product.imageUrls,
        description: product.description,
        offers: {
          '@type': 'Offer',
          url: loaderData.pageUrl,
          price: (unitPriceCents(product, 1) / 100).toFixed(2),
          priceCurrency: 'USD',
          availability: product.stockQuantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
        ...(product.reviewCount > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: product.rating,
                reviewCount: product.reviewCount,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    },
  ]
}

/** A whole number from a text field, never below `min`; anything unreadable is `min`. */
function toCount(text: string, min: number) {
  const value = Number.parseInt(text, 10)
  return Number.isFinite(value) ? Math.min(9999, Math.max(min, value)) : min
}

function ImageCarousel({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0)
  const count = Math.max(1, images.length)
  const current = images[index] ?? null
  return (
    <div className="flex flex-col gap-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl border bg-muted">
        <img
          src={imageSrc(current, 960)}
          srcSet={imageSrcSet(current)}
          sizes="(min-width: 1024px) 600px, 100vw"
          alt={images.length > 1 ? `${title}, image ${index + 1} of ${images.length}` : title}
          width={960}
          height={720}
          loading="eager"
          fetchPriority="high"
          className="size-full object-cover"
        />
        {images.length > 1 ? (
          <>
            <Button
              type="button"
              variant="secondary"
              size="icon"
              aria-label="Previous image"
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full opacity-90"
              onClick={() => setIndex((index - 1 + count) % count)}
            >
              <ChevronLeftIcon aria-hidden />
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="icon"
              aria-label="Next image"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full opacity-90"
              onClick={() => setIndex((index + 1) % count)}
            >
              <ChevronRightIcon aria-hidden />
            </Button>
          </>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto">
          {images.map((key, i) => (
            <li key={key}>
              <button
                type="button"
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
                className={cn(
                  'block w-20 overflow-hidden rounded-md border-2',
                  i === index ? 'border-primary' : 'border-transparent',
                )}
              >
                <img src={imageSrc(key, 160)} alt="" width={160} height={120} loading="lazy" className="aspect-[4/3]" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function PurchasePanel({ product }: { product: LoadedProduct }) {
  const id = useId()
  const [variationId, setVariationId] = useState(product.variations[0]?.id ?? '')
  const [quantityText, setQuantityText] = useState('1')
  const variation = product.variations.find((option) => option.id === variationId) ?? null
  const quantity = toCount(quantityText, 1)
  const tiers = isTiered(product) ? [...product.tieredPricing].sort((a, b) => a.quantity - b.quantity) : []

  function handleAdd() {
    if (product.variations.length > 0 && !variation) {
      showToast({ title: 'Selection Required', description: 'Please select a variation.', variant: 'destructive' })
      return
    }
    addToCart(product, variation, quantity)
    showToast({ title: 'Added to cart!', description: `${quantity} × ${product.title} added to your cart.` })
  }

  return (
    <div className="flex flex-col gap-5">
      {product.variations.length > 0 ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-variation`}>Options</Label>
          <NativeSelect id={`${id}-variation`} value={variationId} onChange={(e) => setVariationId(e.target.value)}>
            {product.variations.map((option) => (
              <option key={option.id} value={option.id}>
                {variationLabel(option)}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {tiers.length > 0 ? (
        <section aria-labelledby={`${id}-tiers`} className="rounded-lg border bg-muted/40 p-4">
          <h2 id={`${id}-tiers`} className="font-semibold text-sm">
            Quantity pricing
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {tiers[0].quantity > 1 ? (
              <li className="flex justify-between">
                <span>1+ units</span>
                <span>{formatMoney(product.priceCents)} each</span>
              </li>
            ) : null}
            {tiers.map((tier) => (
              <li key={tier.quantity} className="flex justify-between">
                <span>{tier.quantity}+ units</span>
                <span>{formatMoney(tier.priceCents)} each</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-quantity`}>Quantity</Label>
        <div className="flex items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Decrease quantity"
            disabled={quantity <= 1}
            onClick={() => setQuantityText(String(Math.max(1, quantity - 1)))}
          >
            <MinusIcon aria-hidden />
          </Button>
          <Input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={9999}
            value={quantityText}
            onChange={(e) => setQuantityText(e.target.value)}
            onBlur={() => setQuantityText(String(quantity))}
            className="w-20 text-center"
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Increase quantity"
            onClick={() => setQuantityText(String(Math.min(9999, quantity + 1)))}
          >
            <PlusIcon aria-hidden />
          </Button>
        </div>
      </div>
      <div className="flex items-baseline justify-between border-t pt-4">
        <span className="text-muted-foreground text-sm">
          {formatMoney(unitPriceCents(product, quantity, variation))} each
        </span>
        <p className="font-bold text-2xl">
          Total: <span data-testid="product-total">{formatMoney(lineTotalCents(product, quantity, variation))}</span>
        </p>
      </div>
      <Button type="button" size="lg" onClick={handleAdd}>
        <ShoppingCartIcon aria-hidden />
        Add to Cart
      </Button>
    </div>
  )
}

function QuickSelect({ product }: { product: LoadedProduct }) {
  const id = useId()
  const [texts, setTexts] = useState<Record<string, string>>({})
  const quantities = Object.fromEntries(product.variations.map((v) => [v.id, toCount(texts[v.id] ?? '0', 0)]))
  const { lines, totalQuantity, totalCents } = quickSelectUnitPrices(product, product.variations, quantities)

  function handleAdd() {
    for (const line of lines) if (line.quantity > 0) addToCart(product, line.variation, line.quantity)
    setTexts({})
    showToast({ title: 'Items Added!', description: `${totalQuantity} item(s) have been added to your cart.` })
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border p-5">
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        Quick Select
      </h2>
      <p className="mt-1 text-muted-foreground text-sm">
        Order several options at once; the quantity price uses the combined quantity.
      </p>
      <ul className="mt-4 space-y-3">
        {lines.map((line) => (
          <li key={line.variation.id} className="flex items-center justify-between gap-3">
            <Label htmlFor={`${id}-${line.variation.id}`} className="flex-1">
              {variationLabel(line.variation)}
            </Label>
            <span className="text-muted-foreground text-sm">{formatMoney(line.unitPriceCents)} each</span>
            <Input
              id={`${id}-${line.variation.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={9999}
              value={texts[line.variation.id] ?? '0'}
              onChange={(e) => setTexts({ ...texts, [line.variation.id]: e.target.value })}
              onBlur={() => setTexts({ ...texts, [line.variation.id]: String(line.quantity) })}
              className="w-20 text-center"
            />
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t pt-4">
        <p className="font-semibold">
          Total ({totalQuantity} {totalQuantity === 1 ? 'item' : 'items'}):{' '}
          <span data-testid="quick-select-total">{formatMoney(totalCents)}</span>
        </p>
        <Button type="button" onClick={handleAdd} disabled={totalQuantity === 0}>
          Add Selected to Cart
        </Button>
      </div>
    </section>
  )
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

function ReviewList({ reviews }: { reviews: ProductReview[] }) {
  if (reviews.length === 0) return <p className="text-muted-foreground">No reviews yet.</p>
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-xl border p-5">
          <StarRating rating={review.rating} />
          <h3 className="mt-2 font-semibold">{review.title}</h3>
          <p className="mt-1 whitespace-pre-line text-muted-foreground text-sm">{review.comment}</p>
          <p className="mt-3 text-sm">
            <span className="font-medium">{review.name}</span>
            <span className="text-muted-foreground"> · {dateFormat.format(new Date(review.createdAt))}</span>
          </p>
        </li>
      ))}
    </ul>
  )
}

function LeaveReview({ product, signedIn }: { product: LoadedProduct; signedIn: boolean }) {
  const loginPath = `/auth?tab=login&redirectTo=${encodeURIComponent(`/products/${product.id}`)}`
  return (
    <section
      aria-labelledby="leave-review-title"
      className={cn('mt-8 rounded-xl border p-6', signedIn ? 'bg-card' : 'bg-muted/40')}
    >
      <h3 id="leave-review-title" className="font-semibold text-lg">
        Leave a Review
      </h3>
      {!signedIn ? (
        <p className="mt-1 text-muted-foreground">
          Please{' '}
          <Link to={loginPath} className="font-medium text-primary underline-offset-4 hover:underline">
            log in
          </Link>{' '}
          to leave a review.
        </p>
      ) : product.status === 'visible' ? (
        <ReviewForm className="mt-4 max-w-2xl" />
      ) : (
        <p className="mt-1 text-muted-foreground">Reviews open once this product is visible in the shop.</p>
      )}
    </section>
  )
}

function ProductNotFound() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <h1 className="font-bold text-3xl tracking-tight">Product not found</h1>
        <p className="text-muted-foreground">This product does not exist or is no longer available.</p>
        <Button asChild variant="outline">
          <Link to="/products">
            <ArrowLeftIcon aria-hidden />
            Back to Products
          </Link>
        </Button>
      </div>
    </div>
  )
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
        <ImageCarousel images={product.images} title={product.title} />
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
          <PurchasePanel product={product} />
          {product.quickSelectVisible && product.variations.length > 0 ? <QuickSelect product={product} /> : null}
        </div>
      </div>
      <section aria-labelledby="reviews-title" className="mt-16">
        <h2 id="reviews-title" className="font-bold text-2xl tracking-tight">
          Customer Reviews
        </h2>
        <div className="mt-6">
          <ReviewList reviews={reviews} />
        </div>
        <LeaveReview product={product} signedIn={signedIn} />
      </section>
    </div>
  )
}
