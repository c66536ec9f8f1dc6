import { PlusIcon } from 'lucide-react'
import { Link, type MetaDescriptor } from 'react-router'
import { CursorPager, pagerHrefs } from '#app/components/cursor-pager.tsx'
import { ProductCard } from '#app/components/product/product-card.tsx'
import { productListHref } from '#app/components/product/product-list-href.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { listProductCategories, listVisibleProductPage } from '#app/modules/catalog/index.server.ts'
import { PRODUCT_SORT_LABELS, PRODUCT_SORTS, productSortOf } from '#app/modules/catalog/product-sorts.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { cn } from '#app/utils/misc.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import type { Route } from './+types/products.ts'

// The first row (up to 3 cards on wide screens) is above the fold and loads at once.
const EAGER_CARDS = 3

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  // An unknown sort reads as the default, an unknown category as 'All Products' and a malformed
  // cursor as the first page, like any other bad value.
  const sort = productSortOf(params.get('sort'))
  const [categories, viewer] = await Promise.all([listProductCategories(), getViewer(request)])
  const activeCategory = categories.find((category) => category.id === params.get('category')) ?? null
  const page = await listVisibleProductPage({
    sort,
    categoryId: activeCategory?.id,
    cursor: { after: params.get('after'), before: params.get('before') },
  })
  const list = { category: activeCategory?.id, sort }
  return {
    categories,
    activeCategory,
    sort,
    isAdmin: Boolean(viewer?.isAdmin),
    products: page.rows,
    canonicalUrl: `${getEnv().PUBLIC_URL}${productListHref('/products', { ...list, ...page.at })}`,
    ...pagerHrefs(page, (cursor) => productListHref('/products', { ...list, ...cursor })),
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const category = loaderData?.activeCategory?.name
  const origin = loaderData ? new URL(loaderData.canonicalUrl).origin : ''
  // Each page names itself and its neighbours, so a crawler reaches every product through them.
  const links: MetaDescriptor[] = loaderData
    ? [
        { tagName: 'link', rel: 'canonical', href: loaderData.canonicalUrl },
        ...(loaderData.previousHref
          ? [{ tagName: 'link', rel: 'prev', href: `${origin}${loaderData.previousHref}` }]
          : []),
        ...(loaderData.nextHref ? [{ tagName: 'link', rel: 'next', href: `${origin}${loaderData.nextHref}` }] : []),
      ]
    : []
  return [
    { title: category ? `${category} · Products · LayerWorks 3D` : 'Products · LayerWorks 3D' },
    {
      name: 'description',
      content: category
        ? `Shop made-to-order 3D printed ${category.toLowerCase()} from LayerWorks 3D.`
        : 'Shop made-to-order 3D printed phone mounts, tools, parts and device cases from LayerWorks 3D.',
    },
    ...links,
  ]
}

// The category buttons stand out (default/outline); the sort choices are quieter (secondary/ghost).
const CHOICE_VARIANTS = {
  category: { active: 'default', inactive: 'outline' },
  sort: { active: 'secondary', inactive: 'ghost' },
} as const

/** One choice of the list (a category or a sort order): a real link, marked when it is the current one. */
function ChoiceLink({
  kind,
  to,
  active,
  children,
}: {
  kind: keyof typeof CHOICE_VARIANTS
  to: string
  active: boolean
  children: string
}) {
  const variant = CHOICE_VARIANTS[kind][active ? 'active' : 'inactive']
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={active ? 'page' : undefined}
      className={cn(buttonVariants({ variant, size: 'sm' }))}
    >
      {children}
    </Link>
  )
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { categories, activeCategory, sort, products, isAdmin, nextHref, previousHref } = loaderData
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Our Products</h1>
          <p className="mt-2 text-muted-foreground">
            Made-to-order 3D printed parts, mounts and cases, printed and checked by hand.
          </p>
        </div>
        {isAdmin ? (
          <Button asChild>
            <Link to="/add-product">
              <PlusIcon aria-hidden />
              Add Product
            </Link>
          </Button>
        ) : null}
      </div>

      <nav aria-label="Product categories" className="mt-8 flex flex-wrap gap-2">
        <ChoiceLink kind="category" to={productListHref('/products', { sort })} active={!activeCategory}>
          All Products
        </ChoiceLink>
        {categories.map((category) => (
          <ChoiceLink
            kind="category"
            key={category.id}
            to={productListHref('/products', { category: category.id, sort })}
            active={activeCategory?.id === category.id}
          >
            {category.name}
          </ChoiceLink>
        ))}
      </nav>

      <nav aria-label="Sort products" className="mt-4 flex flex-wrap items-center gap-1">
        <span className="mr-1 text-muted-foreground text-sm">Sort by</span>
        {PRODUCT_SORTS.map((option) => (
          <ChoiceLink
            kind="sort"
            key={option}
            to={productListHref('/products', { category: activeCategory?.id, sort: option })}
            active={sort === option}
          >
            {PRODUCT_SORT_LABELS[option]}
          </ChoiceLink>
        ))}
      </nav>

      {products.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed px-6 py-16 text-center">
          <h2 className="font-semibold text-xl">No Products Found</h2>
          <p className="mt-2 text-muted-foreground">
            {activeCategory ? 'There are no products in this category yet.' : 'Check back soon for new products.'}
          </p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product, index) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} eager={index < EAGER_CARDS} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <CursorPager label="Product pages" previousHref={previousHref} nextHref={nextHref} />
    </div>
  )
}
