import { LockIcon } from 'lucide-react'
import { data, Link, redirect } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { useCartLoaded } from '#app/hooks/use-cart.ts'
import { useLoadErrorToast } from '#app/hooks/use-load-error-toast.ts'
import { clearOrder, useOrderItems } from '#app/hooks/use-order.ts'
import type { OrderableProduct } from '#app/modules/catalog/types.ts'
import { MODEL_FILE_FORMATS_TEXT, MODEL_FILE_LIMIT_TEXT } from '#app/rules/model-files.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { logger } from '#app/utils/logger.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { placeOrderAction } from './+shared/order-action.server.ts'
import { OrderPanel } from './+shared/order-panel.tsx'
import { OrderProductCard } from './+shared/order-product-card.tsx'
import { readProductPicker } from './+shared/product-picker.server.ts'
import { ProductPickerPager, ProductPickerSearch, pickerEmptyText } from './+shared/product-picker.tsx'
import { useOrderProducts } from './+shared/use-order-products.ts'
import type { Route } from './+types/order.ts'

/** Where a signed-out visitor logs in, and comes back here afterwards. */
export const ORDER_LOGIN_PATH = '/auth?tab=login&redirectTo=%2Forder'

/** The order page lists what can be bought now: visible products in stock. */
const ORDER_PICKER = { path: '/order', inStockOnly: true }

// Login required (storefront §2): a signed-out visitor sees 'Please Log In' with a Go to Login link.
// The products come a page at a time, searchable (`q`), so a catalogue of any size answers fast.
export async function loader({ request }: Route.LoaderArgs) {
  const empty = { q: '', products: [] as OrderableProduct[], nextHref: null, previousHref: null }
  const viewer = await getViewer(request)
  if (!viewer) return { signedIn: false as const, ...empty, error: null }
  try {
    return { signedIn: true as const, ...(await readProductPicker(request, ORDER_PICKER)), error: null }
  } catch (error) {
    logger.error({ err: error }, 'The order page could not read the products')
    // The toast says what happened without showing a customer the database's own words.
    return {
      signedIn: true as const,
      ...empty,
      error: 'The products could not be loaded. Please try again in a moment.',
    }
  }
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await getViewer(request)
  if (!viewer) {
    const refusal = refused(null, 'You must be logged in to place an order.', 401, undefined, 'Not logged in')
    // The page's clientAction sends a signed-out customer to log in.
    return data({ ...refusal.data, loginTo: ORDER_LOGIN_PATH }, refusal.init ?? undefined)
  }
  return placeOrderAction(request, viewer)
}

// The answer's toast is raised once, when it arrives (decision 012); a placed order then empties
// the panel and opens its invoice, and a lost session goes to login, exactly once as well.
export async function clientAction(args: Route.ClientActionArgs) {
  const answer = await toastActionResult(args)
  if (answer.ok && 'invoiceId' in answer && typeof answer.invoiceId === 'string') {
    clearOrder()
    return redirect(`/invoices/${answer.invoiceId}`)
  }
  if (!answer.ok && 'loginTo' in answer && typeof answer.loginTo === 'string') return redirect(answer.loginTo)
  return answer
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

export function meta() {
  return [{ title: 'Create an Order · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function CreateOrder({ loaderData }: Route.ComponentProps) {
  const { signedIn, q, products, nextHref, previousHref, error } = loaderData
  const loaded = useCartLoaded()
  const items = useOrderItems()
  const lineProducts = useOrderProducts(products, items, loaded)

  useLoadErrorToast('Error fetching products', error)

  if (!signedIn) return <PleaseLogIn />
  return (
    <section className="mx-auto w-full max-w-7xl px-4 pt-10 pb-24 lg:pb-10">
      <header className="mb-6 max-w-3xl">
        <h1 className="font-bold text-3xl tracking-tight">Create an Order</h1>
        <p className="mt-2 text-muted-foreground">
          Choose products and quantities; we send you an invoice to pay when you place the order. For made-to-order
          work, add a note or a 3D model ({MODEL_FILE_FORMATS_TEXT}, up to {MODEL_FILE_LIMIT_TEXT}) to any line.
        </p>
      </header>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div>
          <ProductPickerSearch path={ORDER_PICKER.path} q={q} />
          {products.length === 0 ? (
            <p className="rounded-xl border bg-card p-6 text-muted-foreground">
              {error
                ? 'The products could not be loaded. Please reload the page.'
                : pickerEmptyText(q, 'No products are available right now.')}
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Products">
              {products.map((product) => (
                <li key={product.id} className="flex">
                  <OrderProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
          <ProductPickerPager previousHref={previousHref} nextHref={nextHref} />
        </div>
        <OrderPanel products={lineProducts.products} loaded={lineProducts.ready} />
      </div>
    </section>
  )
}

function PleaseLogIn() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <LockIcon className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="font-bold text-3xl">Please Log In</h1>
      <p className="text-muted-foreground">Log in to your account to create an order.</p>
      <Button asChild>
        <Link to={ORDER_LOGIN_PATH}>Go to Login</Link>
      </Button>
    </section>
  )
}
