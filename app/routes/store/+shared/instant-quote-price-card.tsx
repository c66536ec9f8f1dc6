import { useMemo } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { formatMoney } from '#app/rules/money.ts'
import type { PriceAnswer } from './instant-quote-state.ts'

/** The live price of the chosen options, or why there is none (a refused option, a part the shop must look at). */
export function PriceCard({ answer, busy }: { answer: PriceAnswer; busy: boolean }) {
  const rows = useMemo(() => {
    if (!answer?.ok || !answer.price) return null
    const { price } = answer
    return [
      ['Unit price', formatMoney(price.unitPriceCents)],
      [`Total for ${price.quantity}`, formatMoney(price.lineTotalCents)],
      ['Material per part', `${price.gramsPerPart.toFixed(2)} g`],
      ['Print time per part', `${price.printHoursPerPart.toFixed(2)} h`],
      ['Production time', `${price.productionDays.min}–${price.productionDays.max} business days`],
    ] as const
  }, [answer])
  return (
    <Card aria-busy={busy}>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">Your price {busy ? <Spinner /> : null}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!answer ? <p className="text-muted-foreground text-sm">Working out your price…</p> : null}
        {answer && !answer.ok ? (
          <p role="alert" className="text-destructive text-sm">
            {answer.message}
          </p>
        ) : null}
        {answer?.ok && !answer.price ? (
          <p role="alert" className="text-destructive text-sm">
            {answer.message}
          </p>
        ) : null}
        {rows ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="quote-price">
            {rows.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="text-right font-medium tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {answer?.ok && answer.price?.minimumApplied ? (
          <p className="mt-3 text-muted-foreground text-xs">Includes our minimum order price.</p>
        ) : null}
        {answer?.ok && answer.price && answer.price.batchPercentOff > 0 ? (
          <p className="mt-3 text-muted-foreground text-xs">
            Includes a {answer.price.batchPercentOff} % quantity discount.
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}
