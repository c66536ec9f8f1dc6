import { MinusIcon, PlusIcon, ShoppingCartIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { addToCart } from '#app/components/product/add-to-cart.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import type { ProductDto } from '#app/modules/catalog/types.ts'
import { ProductPriceTiers } from '#app/routes/store/+shared/product-price-tiers.tsx'
import { toCount } from '#app/routes/store/+shared/product-quantity.ts'
import { formatMoney } from '#app/rules/money.ts'
import { isTiered, lineTotalCents, unitPriceCents, variationLabel } from '#app/rules/pricing.ts'

export function ProductPurchasePanel({ product }: { product: ProductDto }) {
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
        <ProductPriceTiers headingId={`${id}-tiers`} basePriceCents={product.priceCents} tiers={tiers} />
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
      <StockNote stockQuantity={product.stockQuantity} />
      {product.stockQuantity > 0 ? (
        <Button type="button" size="lg" onClick={handleAdd}>
          <ShoppingCartIcon aria-hidden />
          Add to Cart
        </Button>
      ) : (
        <Button type="button" size="lg" disabled>
          Out of Stock
        </Button>
      )}
    </div>
  )
}

/** How many are left, so a buyer knows before checkout refuses a quantity the shop cannot send. */
function StockNote({ stockQuantity }: { stockQuantity: number }) {
  if (stockQuantity <= 0) {
    return (
      <p className="font-medium text-destructive text-sm" data-testid="product-stock">
        Out of stock
      </p>
    )
  }
  return (
    <p className="text-muted-foreground text-sm" data-testid="product-stock">
      {stockQuantity} in stock
    </p>
  )
}
