import { SearchIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { z } from 'zod'
import { HeadedSection } from '#app/components/content/headed-section.tsx'
import { ResponsiveImage } from '#app/components/content/responsive-image.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { searchProducts } from '#app/modules/catalog/index.server.ts'
import { matchAdminShortcuts } from '#app/rules/admin-shortcuts.ts'
import { priceLabel } from '#app/rules/pricing.ts'
import { searchText } from '#app/rules/text.ts'
import { cn } from '#app/utils/misc.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import type { Route } from './+types/search.ts'

const SearchQuerySchema = z.object({ q: searchText(200) })

const RESULTS_LIMIT = 48
const ADMIN_SHORTCUTS_LIMIT = 12

export async function loader({ request }: Route.LoaderArgs) {
  const { q } = SearchQuerySchema.parse({ q: new URL(request.url).searchParams.get('q') ?? '' })
  const viewer = await getViewer(request)
  const products = q ? await searchProducts({ text: q, limit: RESULTS_LIMIT }) : []
  const admin = viewer?.isAdmin
    ? matchAdminShortcuts(q, ADMIN_SHORTCUTS_LIMIT).map(({ name, to }) => ({ name, to }))
    : []
  return { q, products, admin }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const q = loaderData?.q
  return [
    { title: q ? `Search: ${q} · LayerWorks 3D` : 'Search · LayerWorks 3D' },
    { name: 'description', content: 'Search the LayerWorks 3D shop for 3D printed products.' },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, products, admin } = loaderData
  const empty = products.length === 0 && admin.length === 0
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{q ? `Search results for “${q}”` : 'Search'}</h1>
      <Form method="get" action="/search" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search products
        </label>
        <Input
          key={q}
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          placeholder="Search products..."
        />
        <Button type="submit">
          <SearchIcon aria-hidden />
          Search
        </Button>
      </Form>

      {!q ? (
        <p className="mt-10 text-muted-foreground">Enter a search term to find products.</p>
      ) : empty ? (
        <p className="mt-10 text-muted-foreground">No results found.</p>
      ) : (
        <div className="mt-10 flex flex-col gap-12">
          {products.length > 0 ? (
            <ResultSection
              id="search-products"
              title="Products"
              listClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
            >
              {products.map((product, index) => (
                <li key={product.id}>
                  <Link
                    to={`/products/${product.id}`}
                    className="group block overflow-hidden rounded-xl border bg-card shadow-sm hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <ResponsiveImage
                      source={product.image}
                      alt=""
                      width={480}
                      height={360}
                      sizes="(min-width: 1280px) 294px, (min-width: 1024px) calc((100vw - 6.5rem) / 4), (min-width: 640px) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)"
                      widths={[320, 480, 640, 800, 960]}
                      loading={index === 0 ? 'priority' : index < 4 ? 'eager' : 'lazy'}
                      className="aspect-[4/3] w-full bg-muted object-cover"
                    />
                    <span className="flex items-start justify-between gap-2 p-4">
                      <span className="font-medium group-hover:text-primary">{product.title}</span>
                      <span className="shrink-0 text-muted-foreground text-sm">{priceLabel(product)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ResultSection>
          ) : null}
          {admin.length > 0 ? (
            <ResultSection id="search-admin" title="Admin" listClassName="flex flex-wrap gap-2">
              {admin.map((shortcut) => (
                <li key={shortcut.to}>
                  <Button asChild variant="outline">
                    <Link to={shortcut.to}>{shortcut.name}</Link>
                  </Button>
                </li>
              ))}
            </ResultSection>
          ) : null}
        </div>
      )}
    </div>
  )
}

/** One kind of result: its heading and its list. */
function ResultSection({
  id,
  title,
  listClassName,
  children,
}: {
  id: string
  title: string
  listClassName: string
  children: ReactNode
}) {
  return (
    <HeadedSection id={id} title={title} headingClassName="font-semibold text-xl">
      <ul className={cn('mt-4', listClassName)}>{children}</ul>
    </HeadedSection>
  )
}
