import { PlusIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { newCartId } from '#app/components/product/add-to-cart.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { updateOrder } from '#app/hooks/use-order.ts'
import type { OrderableProduct } from '#app/modules/catalog/types.ts'
import { formatMoney } from '#app/rules/money.ts'
import { addToOrder } from '#app/rules/order.ts'
import { isTiered, variationLabel } from '#app/rules/pricing.ts'

/** A product of the order page's grid (storefront §2 Create an Order): title, description, base price, stock. */
export function OrderProductCard({ product }: { product: OrderableProduct }) {
  const id = useId()
  const [variationId, setVariationId] = useState('')
  const hasVariations = product.variations.length > 0
  const tiers = isTiered(product) ? [...product.tieredPricing].sort((a, b) => a.quantity - b.quantity) : []

  function handleAdd() {
    const variation = product.variations.find((option) => option.id === variationId) ?? null
    if (hasVariations && !variation) {
      showToast({
        title: 'Selection Required',
        description: 'Please select a product variation before adding to your order.',
        variant: 'destructive',
      })
      return
    }
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
        {hasVariations ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-option`} className="font-medium text-sm">
              Option
            </label>
            <NativeSelect
              id={`${id}-option`}
              aria-describedby={`${id}-title`}
              value={variationId}
              onChange={(event) => setVariationId(event.target.value)}
            >
              <option value="">Select an option</option>
              {product.variations.map((variation) => (
                <option key={variation.id} value={variation.id}>
                  {variationLabel(variation)}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <Button type="button" onClick={handleAdd} aria-describedby={`${id}-title`}>
          <PlusIcon aria-hidden />
          Add to Order
        </Button>
      </div>
    </Card>
  )
}
