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
    <section aria-labelledby={headingId} className="rounded-lg border bg-muted/40 p-4">
      <h2 id={headingId} className="font-semibold text-sm">
        Quantity pricing
      </h2>
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
    </section>
  )
}
