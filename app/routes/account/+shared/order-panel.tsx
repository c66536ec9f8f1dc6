import { ShoppingBagIcon } from 'lucide-react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { currentOrderItems, useOrderItems } from '#app/hooks/use-order.ts'
import type { OrderableProduct } from '#app/modules/catalog/types.ts'
import { formatMoney } from '#app/rules/money.ts'
import { placeOrderBody, priceOrder } from '#app/rules/order.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { OrderLine } from './order-line.tsx'

/** The sticky 'Your Order' panel: the lines kept in browser storage, their total and Place Order. */
export function OrderPanel({ products, loaded }: { products: ReadonlyMap<string, OrderableProduct>; loaded: boolean }) {
  const items = useOrderItems()
  const fetcher = useFetcher<ActionResult>()
  const placing = fetcher.state !== 'idle'
  const pricing = priceOrder(items, products)
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}

  function placeOrder() {
    // Sent as stored right now, so a note typed a moment ago is in it.
    const current = currentOrderItems()
    if (current.length === 0) {
      showToast({
        title: 'Empty Cart',
        description: 'Please add items to your cart before ordering.',
        variant: 'destructive',
      })
      return
    }
    void fetcher.submit(placeOrderBody(current), { method: 'post', encType: 'application/json' })
  }

  return (
    <aside id="your-order" aria-labelledby="your-order-title" className="h-fit scroll-mt-20 lg:sticky lg:top-20">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle id="your-order-title" className="text-xl">
            Your Order
          </CardTitle>
        </CardHeader>
        <CardContent>
          {!loaded ? (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner /> Loading your order…
            </p>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-6 text-center text-muted-foreground text-sm">
              <ShoppingBagIcon className="size-8" aria-hidden />
              <p>Your order is empty. Add products from the list.</p>
            </div>
          ) : (
            <ul className="divide-y" aria-label="Order lines">
              {items.map((item, index) => (
                <OrderLine
                  key={item.lineId}
                  item={item}
                  items={items}
                  priced={pricing.lines.find((line) => line.lineId === item.lineId) ?? null}
                  stock={products.get(item.productId)?.stockQuantity ?? null}
                  errors={lineErrorsOf(errors, index)}
                />
              ))}
            </ul>
          )}
        </CardContent>
        <CardFooter className="flex flex-col gap-4">
          <div className="flex w-full justify-between border-t pt-4 font-semibold text-base">
            <span>Total</span>
            <span data-testid="order-total">{formatMoney(pricing.totalCents)}</span>
          </div>
          <Button type="button" size="lg" className="w-full" onClick={placeOrder} disabled={placing || !loaded}>
            {placing ? <Spinner /> : null}
            Place Order
          </Button>
        </CardFooter>
      </Card>
      {loaded && items.length > 0 ? <OrderSummaryBar count={items.length} totalCents={pricing.totalCents} /> : null}
    </aside>
  )
}

/** A refused order's problems of one line, by field: `items.2.note` is line 2's `note`. */
function lineErrorsOf(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `items.${index}.`
  return Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) =>
      path.startsWith(prefix) ? [[path.slice(prefix.length).split('.')[0] as string, message]] : [],
    ),
  )
}

/** On a phone the panel is below the products: a bar keeps the order in sight and leads to it. */
function OrderSummaryBar({ count, totalCents }: { count: number; totalCents: number }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 shadow-lg backdrop-blur lg:hidden">
      <p className="text-sm">
        <span className="font-semibold">Your Order</span>{' '}
        <span className="text-muted-foreground">
          · {count} {count === 1 ? 'line' : 'lines'} · {formatMoney(totalCents)}
        </span>
      </p>
      <Button asChild size="sm">
        <a href="#your-order">View Order</a>
      </Button>
    </div>
  )
}
