import { ShoppingBagIcon, Trash2Icon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useFetcher, useSearchParams } from 'react-router'
import { deferred } from '#app/components/deferred.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import {
  clearCart,
  readCartItems,
  useCartItems,
  useCartLoaded,
  usePromoCode,
  useShipToCountry,
} from '#app/hooks/use-cart.ts'
import type { action as cartPricingAction } from '#app/routes/resources/cart-pricing.ts'
import { CART_STORAGE_KEY } from '#app/rules/cart-lines.ts'
import { cn } from '#app/utils/misc.ts'
import { useNonce } from '#app/utils/nonce-provider.ts'
import { asPricing, submitPricing } from './+shared/cart-pricing.ts'

// The cart is kept in the browser, so the server sends its skeleton and the lines and summary show
// after hydration: their code (file attachments, ship-to countries, promotion code, checkout) is
// fetched beside hydration instead of in the first load (decision 036), and only when the stored
// cart has lines: an empty cart, what most first visits show, never runs that code.
const cartHasLines = () => {
  try {
    return readCartItems().length > 0
  } catch {
    // Storage the browser refuses to read: fetch the code as before, the page reports the rest.
    return true
  }
}
const CartLine = deferred(() => import('./+shared/cart-line.tsx').then((module) => module.CartLine), {
  startInBrowser: cartHasLines,
})
const CartOrderSummary = deferred(
  () => import('./+shared/cart-order-summary.tsx').then((module) => module.CartOrderSummary),
  { startInBrowser: cartHasLines },
)

export function meta() {
  return [
    { title: 'Your Cart · LayerWorks 3D' },
    {
      name: 'description',
      content: 'Your LayerWorks 3D cart: review your 3D printed parts, apply a promotion code and check out.',
    },
  ]
}

export default function Cart() {
  const loaded = useCartLoaded()
  const items = useCartItems()
  const promoCode = usePromoCode()
  const shipTo = useShipToCountry()
  const pricingFetcher = useFetcher<typeof cartPricingAction>()
  const { submit } = pricingFetcher
  const [searchParams, setSearchParams] = useSearchParams()
  const cancelled = searchParams.get('checkout') === 'cancelled'

  // Back from the hosted checkout without paying (storefront §4): the cart is untouched.
  useEffect(() => {
    if (!cancelled) return
    showToast({ title: 'Payment Canceled', description: 'Your cart is still here.' })
    setSearchParams(
      (params) => {
        params.delete('checkout')
        return params
      },
      { replace: true, preventScrollReset: true },
    )
  }, [cancelled, setSearchParams])

  // Re-priced whenever what is priced (products, options, quantities), the applied code or the
  // country shipped to changes,
  // so a new admin price shows at once; typing a line's note does not ask again.
  const itemsRef = useRef(items)
  itemsRef.current = items
  const pricedKey = JSON.stringify(
    items.map((item) => [item.cartId, item.id, item.selectedVariation?.id, item.quantity, item.print]),
  )
  useEffect(() => {
    if (loaded && pricedKey !== '[]') void submitPricing(submit, itemsRef.current, promoCode, shipTo)
  }, [loaded, pricedKey, promoCode, shipTo, submit])

  // Until the browser's storage has been read, the server's page holds both the skeleton and the
  // empty cart, and a script run as the page is parsed shows the one the stored cart calls for
  // (decision 041): an empty cart, what most first visits have, is painted at once instead of after
  // hydration, and hydration keeps those very elements, so nothing moves or paints again.
  if (!loaded || items.length === 0) {
    return (
      <>
        {loaded ? null : <CartPending />}
        <EmptyCart pending={!loaded} />
      </>
    )
  }

  const pricing = asPricing(pricingFetcher.data)
  const failed = pricingFetcher.data !== undefined && !pricing
  const printProblems = new Map(pricing?.printProblems.map((problem) => [problem.cartId, problem.message]))
  const unavailable = new Set([...(pricing?.unavailable ?? []), ...printProblems.keys()])
  const selectionRequired = new Set(pricing?.selectionRequired)
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
              problem={printProblems.get(item.cartId) ?? null}
              selectionRequired={selectionRequired.has(item.cartId)}
            />
          ))}
        </ul>
        <CartOrderSummary
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

// Marks the page (its <html>) when the stored cart is empty or unreadable, as useCartItems then
// reads it; CART_STORAGE_KEY.
const markEmptyCart = `try{var l=JSON.parse(localStorage.getItem(${JSON.stringify(CART_STORAGE_KEY)})||'[]');if(!Array.isArray(l)||!l.length)throw 0}catch(e){document.documentElement.dataset.cartEmpty=''}`

/** The skeleton for a stored cart with lines, hidden by the script's mark when it is empty. */
function CartPending() {
  const nonce = useNonce()
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, see markEmptyCart */}
      <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: markEmptyCart }} />
      <CartSkeleton />
    </>
  )
}

function EmptyCart({ pending = false }: { pending?: boolean }) {
  return (
    <section
      className={cn(
        'mx-auto max-w-lg flex-col items-center gap-4 px-4 py-24 text-center',
        pending ? 'hidden [[data-cart-empty]_&]:flex' : 'flex',
      )}
    >
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
    <section className="mx-auto w-full max-w-6xl px-4 py-10 [[data-cart-empty]_&]:hidden" aria-busy="true">
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
