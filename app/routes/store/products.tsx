import { PlusIcon } from 'lucide-react'
import { Link } from 'react-router'
import { z } from 'zod'
import { ProductCard } from '#app/components/product/product-card.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { listProductCategories, listVisibleProducts } from '#app/modules/catalog/index.server.ts'
import { cn } from '#app/utils/misc.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import type { Route } from './+types/products.ts'

const ProductsQuerySchema = z.object({ category: z.uuid().optional().catch(undefined) })

// The first row (up to 3 cards on wide screens) is above the fold and loads at once.
const EAGER_CARDS = 3

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const query = ProductsQuerySchema.parse({ category: url.searchParams.get('category') ?? undefined })
  const [categories, viewer] = await Promise.all([listProductCategories(), getViewer(request)])
  // An unknown category reads as 'All Products', like any other bad value.
  const activeCategory = categories.find((category) => category.id === query.category) ?? null
  const products = await listVisibleProducts({ categoryId: activeCategory?.id })
  return {
    categories,
    activeCategory,
    isAdmin: Boolean(viewer?.isAdmin),
    products: products.map((product) => ({
      id: product.id,
      title: product.title,
      description: product.description,
      images: product.images.slice(0, 1),
      priceCents: product.priceCents,
      priceType: product.priceType,
      tieredPricing: product.tieredPricing,
      variations: product.variations,
      rating: product.rating,
      reviewCount: product.reviewCount,
      stockQuantity: product.stockQuantity,
    })),
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const category = loaderData?.activeCategory?.name
  return [
    { title: category ? `${category} · Products · LayerWorks 3D` : 'Products · LayerWorks 3D' },
    {
      name: 'description',
      content: category
        ? `Shop made-to-order 3D printed ${category.toLowerCase()} from LayerWorks 3D.`
        : 'Shop made-to-order 3D printed phone mounts, tools, parts and device cases from LayerWorks 3D.',
    },
  ]
}

function CategoryLink({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={active ? 'page' : undefined}
      className={cn(buttonVariants({ variant: active ? 'default' : 'outline', size: 'sm' }))}
    >
      {children}
    </Link>
  )
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { categories, activeCategory, products, isAdmin } = loaderData
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
        <CategoryLink to="/products" active={!activeCategory}>
          All Products
        </CategoryLink>
        {categories.map((category) => (
          <CategoryLink
            key={category.id}
            to={`/products?category=${category.id}`}
            active={activeCategory?.id === category.id}
          >
            {category.name}
          </CategoryLink>
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
              <ProductCard product={product} eager={index < EAGER_CARDS} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
