import { HeadedSection } from '#app/components/content/headed-section.tsx'
import type { PriceTier } from '#app/modules/catalog/types.ts'
import { formatMoney } from '#app/rules/money.ts'

export function ProductPriceTiers({
  headingId,
  basePriceCents,
  tiers,
}: {
  headingId: string
  basePriceCents: number
  tiers: PriceTier[]
}) {
  return (
    <HeadedSection
      id={headingId}
      title="Quantity pricing"
      headingClassName="font-semibold text-sm"
      className="rounded-lg border bg-muted/40 p-4"
    >
      <ul className="mt-2 space-y-1 text-sm">
        {tiers[0].quantity > 1 ? (
          <li className="flex justify-between">
            <span>1+ units</span>
            <span>{formatMoney(basePriceCents)} each</span>
          </li>
        ) : null}
        {tiers.map((tier) => (
          <li key={tier.quantity} className="flex justify-between">
            <span>{tier.quantity}+ units</span>
            <span>{formatMoney(tier.priceCents)} each</span>
          </li>
        ))}
      </ul>
    </HeadedSection>
  )
}
