import { MinusIcon, PlusIcon, ShoppingBagIcon, Trash2Icon } from 'lucide-react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import {
  clearCart,
  updateCart,
  useCartItems,
  useCartLoaded,
  usePromoCode,
  writePromoCode,
} from '#app/hooks/use-cart.ts'
import type { action as cartPricingAction } from '#app/routes/resources/cart-pricing.ts'
import {
  type CartItem,
  clampQuantity,
  MAX_LINE_QUANTITY,
  normalizePromoCode,
  PROMO_CODE_MAX_LENGTH,
  parseQuantityInput,
  removeCartItem,
  setCartItemQuantity,
} from '#app/rules/cart.ts'
import { imageSrc, imageSrcSet } from '#app/rules/images.ts'
import { formatMoney } from '#app/rules/money.ts'
import { cn } from '#app/utils/misc.ts'

export function meta() {
  return [{ title: 'Your Cart · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

type PricingResult = NonNullable<ReturnType<typeof useFetcher<typeof cartPricingAction>>['data']>
type Pricing = Extract<PricingResult, { lines: unknown }>
type PricedLine = Pricing['lines'][number]

// Prices always come from the server; the browser only sends ids, variations and quantities.
function submitPricing(
  submit: ReturnType<typeof useFetcher<typeof cartPricingAction>>['submit'],
  items: readonly CartItem[],
  promoCode: string | null,
) {
  const body = {
    items: items.map((item) => ({
      cartId: item.cartId,
      id: item.id,
      quantity: clampQuantity(item.quantity),
      selectedVariation: item.selectedVariation ? { id: item.selectedVariation.id } : null,
    })),
    promoCode,
  }
  // A price check changes nothing on the server, so the page's other data need not reload.
  return submit(body, {
    method: 'post',
    action: '/resources/cart-pricing',
    encType: 'application/json',
    defaultShouldRevalidate: false,
  })
}

function asPricing(result: PricingResult | undefined): Pricing | null {
  return result && 'lines' in result ? result : null
}

export default function Cart() {
  const loaded = useCartLoaded()
  const items = useCartItems()
  const promoCode = usePromoCode()
  const pricingFetcher = useFetcher<typeof cartPricingAction>()
  const { submit } = pricingFetcher

  // Re-priced whenever the cart or the applied code changes, so a new admin price shows at once.
  useEffect(() => {
    if (loaded && items.length > 0) void submitPricing(submit, items, promoCode)
  }, [loaded, items, promoCode, submit])

  if (!loaded) return <CartSkeleton />
  if (items.length === 0) return <EmptyCart />

  const pricing = asPricing(pricingFetcher.data)
  const failed = pricingFetcher.data !== undefined && !pricing
  const unavailable = new Set(pricing?.unavailable)
  const availableCount = items.filter((item) => !unavailable.has(item.cartId)).length

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-bold text-3xl tracking-tight">Shopping Cart</h1>
        <Button type="button" variant="outline" onClick={clearCart}>
          <Trash2Icon aria-hidden />
          Clear Cart
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ul className="divide-y rounded-xl border bg-card px-4" aria-busy={pricingFetcher.state !== 'idle'}>
          {items.map((item) => (
            <CartLine
              key={item.cartId}
              item={item}
              priced={pricing?.lines.find((line) => line.cartId === item.cartId) ?? null}
              unavailable={unavailable.has(item.cartId)}
            />
          ))}
        </ul>
        <OrderSummary
          items={items}
          pricing={pricing}
          failed={failed}
          busy={pricingFetcher.state !== 'idle'}
          availableCount={availableCount}
          appliedCode={promoCode}
        />
      </div>
    </section>
  )
}

function CartLine({ item, priced, unavailable }: { item: CartItem; priced: PricedLine | null; unavailable: boolean }) {
  const title = priced?.title ?? item.title
  const variationName = priced?.variationName ?? item.selectedVariation?.name ?? null
  const href = `/products/${item.id}`
  return (
    <li className="flex gap-4 py-4" data-testid="cart-item">
      <Link to={href} tabIndex={-1} aria-hidden className="block w-20 shrink-0 sm:w-32">
        <img
          src={imageSrc(priced?.image, 320)}
          srcSet={priced?.image ? imageSrcSet(priced.image, [160, 320]) : undefined}
          sizes="128px"
          alt=""
          width={160}
          height={120}
          className={cn('aspect-[4/3] w-full rounded-md border bg-muted object-cover', unavailable && 'grayscale')}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold leading-tight">
              <Link to={href} className="hover:text-primary hover:underline">
                {title}
              </Link>
            </h2>
            {variationName ? <p className="text-muted-foreground text-sm">{variationName}</p> : null}
            {unavailable ? (
              <p className="font-medium text-destructive text-sm">No longer available</p>
            ) : (
              <p className="text-muted-foreground text-sm">
                {priced ? `${formatMoney(priced.unitPriceCents)} each` : <PriceSkeleton />}
              </p>
            )}
          </div>
          {unavailable ? null : (
            <p className="font-semibold" data-testid="line-total">
              {priced ? formatMoney(priced.lineTotalCents) : <PriceSkeleton />}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {unavailable ? <span /> : <QuantityControl item={item} title={title} />}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => updateCart((current) => removeCartItem(current, item.cartId))}
            aria-label={`Remove ${title} from cart`}
          >
            <Trash2Icon aria-hidden />
            Remove
          </Button>
        </div>
      </div>
    </li>
  )
}

function QuantityControl({ item, title }: { item: CartItem; title: string }) {
  const [draft, setDraft] = useState<string | null>(null)
  const quantity = clampQuantity(item.quantity)
  const commit = (value: number) => updateCart((current) => setCartItemQuantity(current, item.cartId, value))
  // While typing, only whole numbers of 1 or more are taken; leaving the field turns anything else into 1.
  const finish = () => {
    if (draft === null) return
    commit(parseQuantityInput(draft))
    setDraft(null)
  }
  return (
    <div className="flex items-center gap-1">
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Decrease quantity of ${title}`}
        disabled={quantity <= 1}
        onClick={() => commit(quantity - 1)}
      >
        <MinusIcon aria-hidden />
      </Button>
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        step={1}
        aria-label={`Quantity of ${title}`}
        className="h-8 w-16 text-center"
        value={draft ?? String(quantity)}
        onChange={(event) => {
          setDraft(event.target.value)
          const value = Number(event.target.value)
          if (Number.isInteger(value) && value >= 1) commit(value)
        }}
        onBlur={finish}
        onKeyDown={(event) => {
          if (event.key === 'Enter') finish()
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Increase quantity of ${title}`}
        disabled={quantity >= MAX_LINE_QUANTITY}
        onClick={() => commit(quantity + 1)}
      >
        <PlusIcon aria-hidden />
      </Button>
    </div>
  )
}

function OrderSummary({
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
  const promoFetcher = useFetcher<typeof cartPricingAction>()
  const [codeText, setCodeText] = useState(appliedCode ?? '')
  const handled = useRef<PricingResult | undefined>(undefined)
  const codeId = useId()

  useEffect(() => setCodeText(appliedCode ?? ''), [appliedCode])

  // The server's answer to Apply: a valid code is stored, and the cart is re-priced with it.
  useEffect(() => {
    const result = promoFetcher.data
    if (promoFetcher.state !== 'idle' || !result || handled.current === result) return
    handled.current = result
    const checked = asPricing(result)
    if (checked?.promoValid && checked.promoCode) {
      writePromoCode(checked.promoCode)
      showToast({ title: 'Promo Code Applied!', description: "You've received a discount." })
    } else {
      showToast({
        title: 'Invalid Promo Code',
        description: 'The code you entered is not valid.',
        variant: 'destructive',
      })
    }
  }, [promoFetcher.state, promoFetcher.data])

  function handleApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = normalizePromoCode(codeText)
    if (code) void submitPricing(promoFetcher.submit, items, code)
  }

  function handleCheckout() {
    if (availableCount === 0) {
      showToast({
        title: 'Cart is Empty',
        description: 'There are no items in your cart to check out.',
        variant: 'destructive',
      })
      return
    }
    // Checkout sessions arrive with the payments issue
    showToast({
      title: 'Checkout Error',
      description: 'An unexpected error occurred during checkout.',
      variant: 'destructive',
    })
  }

  const money = (cents: number | undefined) => (pricing && cents !== undefined ? formatMoney(cents) : <PriceSkeleton />)

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
            <dd>{money(pricing?.shippingCents)}</dd>
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
        <form className="flex flex-col gap-1.5" onSubmit={handleApply}>
          <Label htmlFor={codeId}>Promo code</Label>
          <div className="flex gap-2">
            <Input
              id={codeId}
              name="promoCode"
              value={codeText}
              onChange={(event) => setCodeText(event.target.value)}
              maxLength={PROMO_CODE_MAX_LENGTH}
              placeholder="Enter code"
              autoComplete="off"
              autoCapitalize="characters"
            />
            <Button type="submit" variant="secondary" disabled={!codeText.trim() || promoFetcher.state !== 'idle'}>
              {promoFetcher.state !== 'idle' ? <Spinner /> : null}
              Apply
            </Button>
          </div>
        </form>
      </CardContent>
      <CardFooter>
        <Button type="button" size="lg" className="w-full" onClick={handleCheckout}>
          Proceed to Checkout
        </Button>
      </CardFooter>
    </Card>
  )
}

function PriceSkeleton() {
  return (
    <span className="inline-block h-4 w-14 animate-pulse rounded bg-muted align-middle">
      <span className="sr-only">Loading</span>
    </span>
  )
}

function EmptyCart() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <ShoppingBagIcon className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="font-bold text-3xl tracking-tight">Your cart is empty</h1>
      <p className="text-muted-foreground">Browse our 3D printed products and add something you like.</p>
      <Button asChild>
        <Link to="/products">Start Shopping</Link>
      </Button>
    </section>
  )
}

function CartSkeleton() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10" aria-busy="true">
      <h1 className="mb-6 font-bold text-3xl tracking-tight">Shopping Cart</h1>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-h-48 items-center justify-center gap-2 rounded-xl border bg-card text-muted-foreground">
          <Spinner />
          Loading your cart…
        </div>
        <div className="h-64 animate-pulse rounded-xl border bg-muted" />
      </div>
    </section>
  )
}
