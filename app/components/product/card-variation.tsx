import { useState } from 'react'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { type PricingVariation, variationLabel } from '#app/rules/pricing.ts'

/**
 * The variation a product card's customer picks (the shop's grid and the order page's).
 * `chosen()` is the picked variation, null for a product without any, or undefined once the
 * customer was told to pick one before adding it to `destination` ('cart', 'your order').
 * @example const choice = useCardVariation(product.variations, 'cart')
 */
export function useCardVariation<Variation extends PricingVariation>(variations: Variation[], destination: string) {
  const [variationId, setVariationId] = useState('')
  function chosen(): Variation | null | undefined {
    const variation = variations.find((option) => option.id === variationId) ?? null
    if (variations.length > 0 && !variation) {
      showToast({
        title: 'Selection Required',
        description: `Please select a product variation before adding to ${destination}.`,
        variant: 'destructive',
      })
      return undefined
    }
    return variation
  }
  return { variationId, setVariationId, chosen }
}

/**
 * A card's 'Option' select, described by the card's title, starting on 'Select an option'; nothing
 * for a product without variations.
 */
export function CardVariationSelect({
  id,
  titleId,
  variations,
  choice,
}: {
  id: string
  titleId: string
  variations: PricingVariation[]
  choice: ReturnType<typeof useCardVariation>
}) {
  if (variations.length === 0) return null
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        Option
      </label>
      <NativeSelect
        id={id}
        aria-describedby={titleId}
        value={choice.variationId}
        onChange={(event) => choice.setVariationId(event.target.value)}
      >
        <option value="">Select an option</option>
        {variations.map((variation) => (
          <option key={variation.id} value={variation.id}>
            {variationLabel(variation)}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
