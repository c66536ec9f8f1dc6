import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import type { CartItem } from '#app/rules/cart-lines.ts'
import { formatMoney } from '#app/rules/money.ts'
import { cn } from '#app/utils/misc.ts'
import { submitCheckout } from './cart-checkout.ts'
import { CartPriceSkeleton } from './cart-price-skeleton.tsx'
import type { Pricing } from './cart-pricing.ts'
import { CartPromoCodeForm } from './cart-promo-code-form.tsx'
import { ShipToPicker } from './ship-to-picker.tsx'

export function CartOrderSummary({
  items,
  pricing,
  failed,
  busy,
  availableCount,
  appliedCode,
}: {
  items: CartItem[]
  pricing: Pricing | null
  failed: boolean
  busy: boolean
  availableCount: number
  appliedCode: string | null
}) {
  // Busy from Proceed until the hosted checkout opens; its route's clientAction toasts a refusal.
  const checkout = useFetcher()
  const checkingOut = checkout.state !== 'idle'

  function handleCheckout() {
    if (availableCount === 0) {
      showToast({
        title: 'Cart is Empty',
        description: 'There are no items in your cart to check out.',
        variant: 'destructive',
      })
      return
    }
    if (!pricing) return
    void submitCheckout(checkout.submit, items, appliedCode, pricing.totalCents, pricing.shipTo.country)
  }

  const money = (cents: number | undefined) =>
    pricing && cents !== undefined ? formatMoney(cents) : <CartPriceSkeleton />

  return (
    <Card className="h-fit lg:sticky lg:top-20">
      <CardHeader>
        <CardTitle className="text-xl">Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {failed ? (
          <p role="alert" className="text-destructive text-sm">
            We could not price your cart right now. Please reload the page.
          </p>
        ) : null}
        <dl className={cn('flex flex-col gap-2 text-sm', busy && pricing && 'opacity-70')} aria-live="polite">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd>{money(pricing?.subtotalCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Shipping</dt>
            <dd data-testid="cart-shipping">{money(pricing?.shippingCents)}</dd>
          </div>
          {pricing && pricing.discountCents > 0 ? (
            <div className="flex justify-between text-success">
              <dt>Discount ({pricing.promoCode})</dt>
              <dd>-{formatMoney(pricing.discountCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between border-t pt-2 font-semibold text-base">
            <dt>Total</dt>
            <dd data-testid="cart-total">{money(pricing?.totalCents)}</dd>
          </div>
        </dl>
        {pricing ? <ShipToPicker shipTo={pricing.shipTo} /> : null}
        <CartPromoCodeForm items={items} appliedCode={appliedCode} country={pricing?.shipTo.country ?? null} />
      </CardContent>
      <CardFooter>
        <Button
          type="button"
          size="lg"
          className="w-full"
          onClick={handleCheckout}
          disabled={checkingOut || (!pricing && availableCount > 0)}
        >
          {checkingOut ? <Spinner /> : null}
          Proceed to Checkout
        </Button>
      </CardFooter>
    </Card>
  )
}
