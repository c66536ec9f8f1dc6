import { MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { HeadedSection } from '#app/components/content/headed-section.tsx'
import { describedBy, FieldError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import { formatMoney } from '#app/rules/money.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { ProductPickerPager, ProductPickerSearch, pickerEmptyText } from './product-picker.tsx'

export type QuotableProduct = { id: string; title: string; description: string; priceCents: number }
type Line = { productId: string; title: string; priceCents: number; quantity: number }

/** Storefront §5: at least 1, no upper cap; anything that is not a number becomes 1. */
function toQuantity(value: string) {
  const quantity = Number.parseInt(value, 10)
  return Number.isFinite(quantity) && quantity >= 1 ? quantity : 1
}

/**
 * 'Create New Quote': products at their base price (quotes use no tiers, §9), then Save Quote. The
 * products come a page at a time (`q` searches them); the lines stay while the list changes page.
 */
export function QuoteBuilder({
  path,
  q,
  products,
  previousHref,
  nextHref,
}: {
  path: string
  q: string
  products: QuotableProduct[]
  previousHref: string | null
  nextHref: string | null
}) {
  const [lines, setLines] = useState<Line[]>([])
  const fetcher = useFetcher<ActionResult>()
  useActionAnswer(fetcher, { onOk: () => setLines([]) })
  const saving = fetcher.state !== 'idle'
  // A refused quote names each line's problem by its place in the list, shown beside that line.
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
  const totalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0)

  function add(product: QuotableProduct) {
    setLines((current) =>
      current.some((line) => line.productId === product.id)
        ? current.map((line) => (line.productId === product.id ? { ...line, quantity: line.quantity + 1 } : line))
        : [...current, { productId: product.id, title: product.title, priceCents: product.priceCents, quantity: 1 }],
    )
  }
  const setQuantity = (productId: string, quantity: number) =>
    setLines((current) =>
      current.map((line) => (line.productId === productId ? { ...line, quantity: Math.max(1, quantity) } : line)),
    )
  const remove = (productId: string) => setLines((current) => current.filter((line) => line.productId !== productId))

  return (
    <Card role="region" aria-labelledby="create-quote-title">
      <CardHeader>
        <CardTitle>
          <h2 id="create-quote-title">Create New Quote</h2>
        </CardTitle>
        <CardDescription>Quotes use each product’s base price and are valid for 14 days.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div>
          <ProductPickerSearch path={path} q={q} />
          {products.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              {pickerEmptyText(q, 'No products are available right now.')}
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Products">
              {products.map((product) => (
                <li key={product.id} className="flex flex-col gap-2 rounded-lg border p-3">
                  <p className="font-medium">{product.title}</p>
                  <p className="line-clamp-2 text-muted-foreground text-sm">{product.description}</p>
                  <div className="mt-auto flex items-center justify-between gap-2">
                    <span className="font-semibold">{formatMoney(product.priceCents)}</span>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Add to Quote: ${product.title}`}
                      onClick={() => add(product)}
                    >
                      <PlusIcon aria-hidden /> Add to Quote
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <ProductPickerPager previousHref={previousHref} nextHref={nextHref} />
        </div>

        <HeadedSection
          id="quote-items-title"
          title="Quote Items"
          level={3}
          headingClassName="font-semibold"
          className="grid gap-3"
        >
          {lines.length === 0 ? (
            <p className="text-muted-foreground text-sm">Add products above to build your quote.</p>
          ) : (
            <ul className="grid gap-2" data-testid="quote-items">
              {lines.map((line, index) => {
                const id = `quote-line-${index}`
                const error = errors[`items.${index}.quantity`] ?? errors[`items.${index}.productId`]
                return (
                  <li key={line.productId} className="flex flex-wrap items-center gap-2 rounded-lg border p-2">
                    <span className="min-w-0 flex-1 break-words font-medium">{line.title}</span>
                    <div className="flex items-center gap-1">
                      <Button
                        type="button"
                        size="icon"
                        variant="outline"
                        aria-label={`Fewer of ${line.title}`}
                        disabled={line.quantity <= 1}
                        onClick={() => setQuantity(line.productId, line.quantity - 1)}
                      >
                        <MinusIcon aria-hidden />
                      </Button>
                      <Input
                        {...describedBy(id, { error })}
                        type="number"
                        min={1}
                        inputMode="numeric"
                        aria-label={`Quantity of ${line.title}`}
                        className="h-9 w-20 text-center"
                        value={line.quantity}
                        onChange={(event) => setQuantity(line.productId, toQuantity(event.currentTarget.value))}
                      />
                      <Button
                        type="button"
                        size="icon"
                        variant="outline"
                        aria-label={`More of ${line.title}`}
                        onClick={() => setQuantity(line.productId, line.quantity + 1)}
                      >
                        <PlusIcon aria-hidden />
                      </Button>
                    </div>
                    <span className="w-24 text-right font-semibold tabular-nums">
                      {formatMoney(line.priceCents * line.quantity)}
                    </span>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove ${line.title}`}
                      onClick={() => remove(line.productId)}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                    <div className="basis-full empty:hidden">
                      <FieldError id={id} error={error} />
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
          <FieldError id="quote-items" error={errors.items} />
          <div className="flex items-center justify-between border-t pt-3 font-semibold text-lg">
            <span>Total</span>
            <span data-testid="quote-total">{formatMoney(totalCents)}</span>
          </div>
          <Button
            type="button"
            disabled={lines.length === 0 || saving}
            onClick={() =>
              fetcher.submit(
                {
                  intent: 'save',
                  items: JSON.stringify(lines.map(({ productId, quantity }) => ({ productId, quantity }))),
                },
                { method: 'post' },
              )
            }
          >
            {saving ? <Spinner /> : null}
            Save Quote
          </Button>
        </HeadedSection>
      </CardContent>
    </Card>
  )
}
