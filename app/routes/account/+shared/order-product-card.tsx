import { PlusIcon } from 'lucide-react'
import { useId } from 'react'
import { newCartId } from '#app/components/product/add-to-cart.ts'
import { CardVariationSelect, useCardVariation } from '#app/components/product/card-variation.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { updateOrder } from '#app/hooks/use-order.ts'
import type { OrderableProduct } from '#app/modules/catalog/types.ts'
import { formatMoney } from '#app/rules/money.ts'
import { addToOrder } from '#app/rules/order.ts'
import { isTiered } from '#app/rules/pricing.ts'

/** A product of the order page's grid (storefront §2 Create an Order): title, description, base price, stock. */
export function OrderProductCard({ product }: { product: OrderableProduct }) {
  const id = useId()
  const choice = useCardVariation(product.variations, 'your order')
  const tiers = isTiered(product) ? [...product.tieredPricing].sort((a, b) => a.quantity - b.quantity) : []

  function handleAdd() {
    const variation = choice.chosen()
    if (variation === undefined) return
    let capped = false
    updateOrder((items) => {
      const result = addToOrder(items, product, variation, newCartId)
      capped = result.capped
      return result.items
    })
    if (capped) {
      showToast({
        title: 'Stock limit reached',
        description: `Only ${product.stockQuantity} of "${product.title}" in stock; your order already has them all.`,
      })
    }
  }

  return (
    <Card className="w-full gap-3 p-5" data-testid="order-product">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="font-semibold leading-tight">
          {product.title}
        </h2>
        <p className="shrink-0 font-semibold text-primary">{formatMoney(product.priceCents)}</p>
      </div>
      <p className="line-clamp-3 text-muted-foreground text-sm">{product.description}</p>
      {tiers.length > 0 ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Volume pricing: </span>
          {tiers.map((tier) => `${tier.quantity}+ ${formatMoney(tier.priceCents)}`).join(' · ')}
        </p>
      ) : null}
      <p className="text-muted-foreground text-sm" data-testid="order-product-stock">
        {product.stockQuantity} in stock
      </p>
      <div className="mt-auto flex flex-col gap-3 pt-1">
        <CardVariationSelect
          id={`${id}-option`}
          titleId={`${id}-title`}
          variations={product.variations}
          choice={choice}
        />
        <Button type="button" onClick={handleAdd} aria-describedby={`${id}-title`}>
          <PlusIcon aria-hidden />
          Add to Order
        </Button>
      </div>
    </Card>
  )
}
