import { PencilIcon, TriangleAlertIcon } from 'lucide-react'
import { Link } from 'react-router'
import { RegionCard } from '#app/components/admin/dashboard-figures.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { LowStockProduct } from '#app/modules/catalog/types.ts'

export function LowStockCard({ products, more }: { products: LowStockProduct[]; more: boolean }) {
  return (
    <RegionCard
      id="low-stock-title"
      title="Low stock"
      icon={<TriangleAlertIcon className="size-5 text-destructive" aria-hidden />}
      description="Products at or below their low-stock alert, the emptiest first."
      className="mb-8"
      testId="low-stock-card"
    >
      {products.length === 0 ? (
        <p className="text-muted-foreground text-sm">No product is low on stock.</p>
      ) : (
        <ul className="divide-y">
          {products.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="break-words font-medium">{product.title}</p>
                <p className="text-muted-foreground text-xs tabular-nums">
                  {product.stockQuantity} in stock · alert at {product.lowStockThreshold}
                  {product.status === 'hidden' ? ' · hidden' : ''}
                </p>
              </div>
              <Button asChild size="sm" variant="outline">
                <Link to={`/admin/products/edit/${product.id}`}>
                  <PencilIcon aria-hidden /> Edit<span className="sr-only"> {product.title}</span>
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {products.length > 0 ? (
        <Link
          to="/admin/products?filter=low-stock"
          className="mt-3 inline-block text-primary text-sm underline-offset-4 hover:underline"
        >
          {more ? 'See every low-stock product' : 'Open in the product list'}
        </Link>
      ) : null}
    </RegionCard>
  )
}
