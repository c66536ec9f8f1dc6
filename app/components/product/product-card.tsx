import { ShoppingCartIcon } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { ResponsiveImage } from '#app/components/content/responsive-image.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { type PricedProduct, type PricingVariation, priceLabel } from '#app/rules/pricing.ts'
import { addToCart } from './add-to-cart.ts'
import { CardVariationSelect, useCardVariation } from './card-variation.tsx'
import { StarRating } from './star-rating.tsx'

export type ProductCardProduct = PricedProduct & {
  id: string
  title: string
  description: string
  images: string[]
  rating: number
  reviewCount: number
  variations: PricingVariation[]
  stockQuantity: number
}

// A card is a third of the 80rem page (less its 1rem margins and 1.5rem gaps) on wide screens, half
// on tablets and the whole width less the margins on phones.
const cardImageSizes =
  '(min-width: 1280px) 400px, (min-width: 1024px) calc((100vw - 5rem) / 3), (min-width: 640px) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)'
const cardImageWidths = [320, 480, 640, 800, 960]

/**
 * `eager` for the cards in view when the page opens; `priority` for the first of them, whose
 * picture is usually the page's largest paint.
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: ProductCardProduct
  eager?: boolean
  priority?: boolean
}) {
  const choice = useCardVariation(product.variations, 'cart')
  const id = useId()
  const selectId = `${id}-option`
  const titleId = `${id}-title`
  const href = `/products/${product.id}`

  function handleAdd() {
    const variation = choice.chosen()
    if (variation === undefined) return
    addToCart(product, variation, 1)
    showToast({ title: 'Added to cart!', description: `${product.title} has been added to your cart.` })
  }

  return (
    <Card className="w-full gap-0 overflow-hidden py-0" data-testid="product-card">
      <Link to={href} tabIndex={-1} aria-hidden className="block aspect-[4/3] overflow-hidden bg-muted">
        <ResponsiveImage
          source={product.images[0]}
          alt=""
          width={640}
          height={480}
          sizes={cardImageSizes}
          widths={cardImageWidths}
          loading={priority ? 'priority' : eager ? 'eager' : 'lazy'}
          className="size-full object-cover transition-transform duration-300 hover:scale-105"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="font-semibold text-lg leading-tight">
            <Link to={href} className="hover:text-primary hover:underline">
              {product.title}
            </Link>
          </h2>
          <p className="shrink-0 font-semibold text-primary">{priceLabel(product)}</p>
        </div>
        <div className="flex items-center gap-2 text-muted-foreground text-sm">
          <StarRating rating={product.rating} />
          <span>
            {product.reviewCount} {product.reviewCount === 1 ? 'review' : 'reviews'}
          </span>
        </div>
        <p className="line-clamp-3 text-muted-foreground text-sm">{product.description}</p>
        <div className="mt-auto flex flex-col gap-3 pt-2">
          <CardVariationSelect id={selectId} titleId={titleId} variations={product.variations} choice={choice} />
          {product.stockQuantity > 0 ? (
            <Button type="button" onClick={handleAdd} aria-describedby={titleId}>
              <ShoppingCartIcon aria-hidden />
              Add to Cart
            </Button>
          ) : (
            <Button type="button" disabled aria-describedby={titleId}>
              Out of Stock
            </Button>
          )}
        </div>
      </div>
    </Card>
  )
}
