import { LockIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { listQuotesOfUser } from '#app/modules/quotes/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { readProductPicker } from './+shared/product-picker.server.ts'
import { deleteQuoteFromForm, requestQuoteFromForm, saveQuoteFromForm } from './+shared/quote-actions.server.ts'
import { QuoteBuilder } from './+shared/quote-builder.tsx'
import { SavedQuotes } from './+shared/saved-quotes.tsx'
import type { Route } from './+types/quotes.ts'

/** My Quotes offers every visible product (storefront §7), a searchable page at a time. */
const QUOTE_PICKER = { path: '/quotes', inStockOnly: false }

// My Quotes (storefront §2): a visitor sees Access Denied with a login link on the page itself.
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  if (!viewer) return { signedIn: false as const }
  const [picker, quotes] = await Promise.all([readProductPicker(request, QUOTE_PICKER), listQuotesOfUser(viewer.id)])
  return {
    signedIn: true as const,
    ...picker,
    products: picker.products.map(({ id, title, description, priceCents }) => ({ id, title, description, priceCents })),
    quotes,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await getViewer(request)
  const fields = await request.formData().catch(() => new FormData())
  if (!viewer) {
    return refused(null, 'Please log in to save your quotes.', 401, undefined, 'Not logged in')
  }
  const intent = fields.get('intent')
  if (intent === 'save') return saveQuoteFromForm(viewer, fields)
  if (intent === 'delete') return deleteQuoteFromForm(viewer, fields)
  if (intent === 'request') return requestQuoteFromForm(viewer, fields)
  return refused(null, 'Unknown request.')
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export function meta() {
  return [{ title: 'My Quotes · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function MyQuotes({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <LockIcon className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="font-bold text-3xl">Access Denied</h1>
        <p className="text-muted-foreground">Please log in to see and save your quotes.</p>
        <Button asChild>
          <Link to="/auth?tab=login&redirectTo=%2Fquotes">Log in</Link>
        </Button>
      </section>
    )
  }
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-6">
        <h1 className="font-bold text-3xl tracking-tight">My Quotes</h1>
        <p className="text-muted-foreground">
          Put together a quote at our base prices, save it for 14 days, and ask us to accept it when you are ready.
        </p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <QuoteBuilder
          path={QUOTE_PICKER.path}
          q={loaderData.q}
          products={loaderData.products}
          previousHref={loaderData.previousHref}
          nextHref={loaderData.nextHref}
        />
        <SavedQuotes quotes={loaderData.quotes} />
      </div>
    </section>
  )
}
