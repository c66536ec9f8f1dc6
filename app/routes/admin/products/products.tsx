import { ArchiveIcon, EyeIcon, EyeOffIcon, FolderIcon, PlusIcon, SearchIcon, Trash2Icon } from 'lucide-react'
import { useMemo } from 'react'
import { Form, Link } from 'react-router'
import {
  type BulkAction,
  BulkActionBar,
  SelectRowCheckbox,
  useRowSelection,
} from '#app/components/admin/bulk-actions.tsx'
import { DataTable } from '#app/components/admin/data-table.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListPager } from '#app/components/list-pager.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { countProductsByStatus, listAdminProducts, listProductCategories } from '#app/modules/catalog/index.server.ts'
import { PRODUCT_LIST_FILTERS, ProductListQuerySchema } from '#app/modules/catalog/schemas.ts'
import type { ProductListFilter } from '#app/modules/catalog/types.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage, reloadAfterRefusal } from '../+shared/admin-page.ts'
import type { Route } from './+types/products.ts'
import { archive, bulkProducts, remove, restore, setVisibility } from './product-list-actions.server.ts'
import { ProductListRow } from './product-list-row.tsx'

const PAGE_SIZE = 25

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const { filter, page, q } = ProductListQuerySchema.parse({
    filter: params.get('filter') ?? undefined,
    page: params.get('page') ?? undefined,
    q: params.get('q') ?? undefined,
  })
  const [list, counts, categories] = await Promise.all([
    listAdminProducts({ filter, search: q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    countProductsByStatus(q),
    listProductCategories(),
  ])
  return {
    filter,
    page,
    q,
    pageCount: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    total: list.total,
    counts,
    categories,
    products: list.products,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const form = await request.formData().catch(() => new FormData())
  const fields = Object.fromEntries(form)
  if (typeof fields.intent === 'string' && fields.intent.startsWith('bulk-')) return bulkProducts(form, actor)
  if (fields.intent === 'set-visibility') return setVisibility(fields, actor)
  if (fields.intent === 'archive') return archive(fields, actor)
  if (fields.intent === 'restore') return restore(fields, actor)
  if (fields.intent === 'delete') return remove(fields, actor)
  return refused(null, 'Unknown request.', 400)
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const shouldRevalidate = reloadAfterRefusal

export const headers = privatePage

export const meta = () => adminMeta('Manage Products')

const filterLabels: Record<ProductListFilter, string> = {
  visible: 'Visible',
  hidden: 'Hidden',
  archived: 'Archived',
  all: 'All',
  'low-stock': 'Low stock',
}

type Place = { filter: ProductListFilter; page: number; q: string }

function listHref({ filter, page, q }: Place) {
  const params = new URLSearchParams()
  if (filter !== 'visible') params.set('filter', filter)
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `/admin/products?${query}` : '/admin/products'
}

const affected = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`

/** What the product list does to several products at once (issue 13 §3). */
function productBulkActions(categories: { id: string; name: string }[]): BulkAction[] {
  return [
    {
      intent: 'bulk-show',
      label: 'Show',
      icon: <EyeIcon aria-hidden />,
      title: (count) => `Show ${affected(count)} in the shop?`,
      description: 'They are listed in the shop for everyone at once.',
      confirmLabel: 'Show Products',
    },
    {
      intent: 'bulk-hide',
      label: 'Hide',
      icon: <EyeOffIcon aria-hidden />,
      title: (count) => `Hide ${affected(count)}?`,
      description: 'They leave the shop; only admins see them until they are shown again.',
      confirmLabel: 'Hide Products',
    },
    {
      intent: 'bulk-category',
      label: 'Change category',
      icon: <FolderIcon aria-hidden />,
      title: (count) => `Move ${affected(count)} to another category?`,
      description: 'Their shop filters and pages follow at once.',
      confirmLabel: 'Move Products',
      fields: (
        <div className="grid gap-1.5">
          <Label htmlFor="bulk-category">Category</Label>
          <NativeSelect id="bulk-category" name="categoryId" defaultValue="">
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ),
    },
    {
      intent: 'bulk-archive',
      label: 'Archive',
      icon: <ArchiveIcon aria-hidden />,
      title: (count) => `Archive ${affected(count)}?`,
      description: 'They leave the shop and the lists of visible and hidden products; they can be restored.',
      confirmLabel: 'Archive Products',
    },
    {
      intent: 'bulk-delete',
      label: 'Delete',
      icon: <Trash2Icon aria-hidden />,
      title: (count) => `Delete ${affected(count)} for good?`,
      description:
        'They are gone for good, with their pictures. Orders and invoices keep their lines. A product in a customer’s checkout stays.',
      confirmLabel: 'Delete Products',
      destructive: true,
    },
  ]
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { filter, page, q, pageCount, total, counts, categories, products } = loaderData
  const place = { filter, page, q }
  const selection = useRowSelection(
    useMemo(() => products.map((product) => product.id), [products]),
    total,
  )
  const actions = useMemo(() => productBulkActions(categories), [categories])
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Manage Products</h1>
          <p className="mt-2 text-muted-foreground">
            Visible products are listed in the shop; hidden and archived ones only admins see.
          </p>
        </div>
        <Button asChild>
          <Link to="/add-product">
            <PlusIcon aria-hidden /> Add Product
          </Link>
        </Button>
      </header>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <FilterNav
          label="Filter products"
          options={PRODUCT_LIST_FILTERS}
          current={filter}
          labels={filterLabels}
          hrefFor={(option) => listHref({ filter: option, page: 1, q })}
          counts={counts}
        />
        <Form method="get" role="search" className="flex gap-2">
          {filter !== 'visible' ? <input type="hidden" name="filter" value={filter} /> : null}
          <Input
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Title or SKU"
            aria-label="Search products"
            className="h-8 w-48"
          />
          <Button type="submit" size="sm" variant="outline">
            <SearchIcon aria-hidden /> Search
          </Button>
        </Form>
      </div>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <h2>
              {filter === 'all'
                ? 'All products'
                : filter === 'low-stock'
                  ? 'Low stock products'
                  : `${filterLabels[filter]} products`}
            </h2>
          </CardTitle>
          <CardDescription>
            {total === 1 ? '1 product' : `${total} products`}
            {q ? ` matching “${q}”` : ''} · page {page} of {pageCount}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {products.length === 0 ? (
            <p className="rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">
              {total === 0 ? 'No products here.' : 'No products on this page.'}
            </p>
          ) : (
            <>
              <BulkActionBar
                selection={selection}
                actions={actions}
                query={listHref({ ...place, page: 1 }).split('?')[1] ?? ''}
                noun={{ one: 'product', many: 'products' }}
              />
              <DataTable
                caption={filter === 'low-stock' ? 'Products low on stock, emptiest first' : 'Products, newest first'}
                headings={[
                  { label: 'Image', hidden: true },
                  'Product',
                  'Price',
                  'Stock',
                  'Category',
                  'Status',
                  'Visible',
                ]}
                minWidth="min-w-[56rem]"
                selection={selection}
                selectPageLabel="Select every product on this page"
                actions
              >
                {products.map((product) => (
                  <ProductListRow
                    key={product.id}
                    product={product}
                    select={
                      <SelectRowCheckbox selection={selection} id={product.id} label={`Select ${product.title}`} />
                    }
                  />
                ))}
              </DataTable>
            </>
          )}
          <ListPager
            label="Product pages"
            page={place.page}
            pageCount={pageCount}
            hrefFor={(page) => listHref({ ...place, page })}
          />
        </CardContent>
      </Card>
    </section>
  )
}
