import { useId, useState } from 'react'
import { HeadedSection } from '#app/components/content/headed-section.tsx'
import { addToCart } from '#app/components/product/add-to-cart.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import type { ProductDto } from '#app/modules/catalog/types.ts'
import { toCount } from '#app/routes/store/+shared/product-quantity.ts'
import { formatMoney } from '#app/rules/money.ts'
import { quickSelectUnitPrices, variationLabel } from '#app/rules/pricing.ts'

export function ProductQuickSelect({ product }: { product: ProductDto }) {
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
    <HeadedSection
      id={`${id}-title`}
      title="Quick Select"
      headingClassName="font-semibold text-lg"
      className="rounded-xl border p-5"
    >
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
        <Button type="button" onClick={handleAdd} disabled={totalQuantity === 0 || product.stockQuantity <= 0}>
          Add Selected to Cart
        </Button>
      </div>
    </HeadedSection>
  )
}
