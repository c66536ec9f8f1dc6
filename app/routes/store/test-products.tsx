import type { ReactNode } from 'react'
import { isRouteErrorResponse } from 'react-router'
import { CursorPager, pagerHrefs } from '#app/components/cursor-pager.tsx'
import { productListHref } from '#app/components/product/product-list-href.ts'
import { listVisibleProductPricePage } from '#app/modules/catalog/index.server.ts'
import { formatMoney } from '#app/rules/money.ts'
import type { Route } from './+types/test-products.ts'

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  // A malformed cursor reads as the first page.
  const page = await listVisibleProductPricePage({ after: params.get('after'), before: params.get('before') })
  return {
    products: page.rows,
    ...pagerHrefs(page, (cursor) => productListHref('/test-products', cursor)),
  }
}

export function meta() {
  return [
    { title: 'Test Products · LayerWorks 3D' },
    { name: 'description', content: 'A test page listing the products in the shop database with their prices.' },
    { name: 'robots', content: 'noindex' },
  ]
}

function TestPage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-bold text-3xl tracking-tight">Test Products</h1>
      <p className="mt-2 text-muted-foreground">A test page listing the products read from the database.</p>
      <div className="mt-8">{children}</div>
    </div>
  )
}

export default function TestProducts({ loaderData }: Route.ComponentProps) {
  const { products, nextHref, previousHref } = loaderData
  return (
    <TestPage>
      {products.length === 0 ? (
        <p className="text-muted-foreground">No products found.</p>
      ) : (
        <ul className="max-w-xl divide-y rounded-xl border">
          {products.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <span>{product.title}</span>
              <span className="font-medium tabular-nums">{formatMoney(product.priceCents)}</span>
            </li>
          ))}
        </ul>
      )}
      <CursorPager label="Test product pages" previousHref={previousHref} nextHref={nextHref} />
    </TestPage>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error'
  return (
    <TestPage>
      <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4">
        <p className="font-semibold text-destructive">Error</p>
        <p className="mt-1 text-sm">{message}</p>
      </div>
    </TestPage>
  )
}
