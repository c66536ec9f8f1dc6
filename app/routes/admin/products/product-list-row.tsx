import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon, Trash2Icon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { RowMenu } from '#app/components/admin/row-menu.tsx'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DropdownMenuItem, DropdownMenuSeparator } from '#app/components/ui/dropdown-menu.tsx'
import type { AdminProductRow } from '#app/modules/catalog/types.ts'
import { imageSrc } from '#app/rules/images.ts'
import { priceLabel } from '#app/rules/pricing.ts'
import type { ProductListActionResult } from './product-list-result.ts'

const statusBadges = {
  visible: <Badge variant="success">Visible</Badge>,
  hidden: <Badge variant="secondary">Hidden</Badge>,
  archived: <Badge variant="warning">Archived</Badge>,
}

/** Archive (or restore an archived product) and Delete, after a confirmation. */
function ProductMenu({ product }: { product: AdminProductRow }) {
  const fetcher = useFetcher<ProductListActionResult>()
  const [confirming, setConfirming] = useState(false)
  const archived = product.status === 'archived'
  return (
    <>
      <RowMenu label={`More actions for ${product.title}`} busy={fetcher.state !== 'idle'}>
        <DropdownMenuItem
          onSelect={() =>
            fetcher.submit({ intent: archived ? 'restore' : 'archive', productId: product.id }, { method: 'post' })
          }
        >
          {archived ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveIcon aria-hidden />}
          {archived ? 'Restore as Hidden' : 'Archive'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
          <Trash2Icon aria-hidden />
          Delete
        </DropdownMenuItem>
      </RowMenu>
      {/* Only while asked: a closed dialog per row still rendered Radix's dialog on every page. */}
      {confirming ? (
        <ConfirmDialog
          onClose={() => setConfirming(false)}
          title="Delete this product?"
          description={`“${product.title}” and its reviews are removed for good. Orders, invoices and quotes keep their lines with the title and price. To only take it out of the shop, archive it instead.`}
          confirmLabel="Delete Product"
          intent="delete"
          fields={{ productId: product.id }}
        />
      ) : null}
    </>
  )
}

export function ProductListRow({ product, select }: { product: AdminProductRow; select: ReactNode }) {
  const editHref = `/admin/products/edit/${product.id}`
  return (
    <tr className="border-b" data-testid="admin-product-row">
      <td className="py-2 pr-3 align-middle">{select}</td>
      <td className="py-2 pr-3 align-middle">
        <img
          src={imageSrc(product.image, 160)}
          alt=""
          width={64}
          height={48}
          loading="lazy"
          decoding="async"
          className="h-12 w-16 rounded-md bg-muted object-cover"
        />
      </td>
      <td className="max-w-72 py-2 pr-4 align-middle">
        <Link to={editHref} className="break-words font-medium underline-offset-4 hover:underline">
          {product.title}
        </Link>
        {product.sku ? <p className="text-muted-foreground text-xs">SKU {product.sku}</p> : null}
      </td>
      <td className="whitespace-nowrap py-2 pr-4 align-middle">{priceLabel(product)}</td>
      <td className="py-2 pr-4 align-middle tabular-nums">
        {product.stockQuantity}
        {product.status !== 'archived' && product.stockQuantity <= product.lowStockThreshold ? (
          <span className="ml-2 whitespace-nowrap text-destructive text-xs">
            Low (alert at {product.lowStockThreshold})
          </span>
        ) : null}
      </td>
      <td className="py-2 pr-4 align-middle">{product.categoryName ?? '—'}</td>
      <td className="py-2 pr-4 align-middle" data-testid="admin-product-status">
        {statusBadges[product.status]}
      </td>
      <td className="py-2 pr-4 align-middle">
        <VisibilitySwitch
          intent="set-visibility"
          record={{ productId: product.id }}
          status={product.status}
          label={`Visible in the shop: ${product.title}`}
        />
      </td>
      <td className="py-2 align-middle">
        <div className="flex items-center justify-end gap-1">
          <Button asChild size="sm" variant="outline">
            <Link to={editHref}>
              <PencilIcon aria-hidden /> Edit<span className="sr-only"> {product.title}</span>
            </Link>
          </Button>
          <ProductMenu product={product} />
        </div>
      </td>
    </tr>
  )
}
