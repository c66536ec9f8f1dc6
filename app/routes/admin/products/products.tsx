import { ArchiveIcon, EyeIcon, EyeOffIcon, FolderIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { AdminPage, countOf, emptyListText, ListCard, narrowedText } from '#app/components/admin/admin-page.tsx'
import {
  type BulkAction,
  BulkActionBar,
  SelectRowCheckbox,
  useRowSelection,
} from '#app/components/admin/bulk-actions.tsx'
import { DataTable } from '#app/components/admin/data-table.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListSearchForm } from '#app/components/admin/list-filter-form.tsx'
import { RecordOptions } from '#app/components/forms/record-options.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { listAdminProductsWithCounts, listProductCategories } from '#app/modules/catalog/index.server.ts'
import { PRODUCT_LIST_FILTERS, ProductListQuerySchema } from '#app/modules/catalog/schemas.ts'
import type { ProductListFilter } from '#app/modules/catalog/types.ts'
import { PRODUCT_TITLE_MAX } from '#app/rules/product-form.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage, reloadAfterRefusal } from '../+shared/admin-page.ts'
import { loadListPage } from '../+shared/list-page.server.ts'
import type { Route } from './+types/products.ts'
import { archive, bulkProducts, remove, restore, setVisibility } from './product-list-actions.server.ts'
import { ProductListRow } from './product-list-row.tsx'

const PAGE_SIZE = 25

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadListPage(request, ProductListQuerySchema, PAGE_SIZE, async ({ filter, q }, paging) => {
    const [list, categories] = await Promise.all([
      listAdminProductsWithCounts({ filter, search: q, ...paging }),
      listProductCategories(),
    ])
    return { ...list, categories }
  })
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

const affected = (count: number) => countOf(count, 'product', 'products')

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
            <RecordOptions empty="No category" records={categories} />
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
    <AdminPage
      title="Manage Products"
      description="Visible products are listed in the shop; hidden and archived ones only admins see."
      actions={
        <Button asChild>
          <Link to="/add-product">
            <PlusIcon aria-hidden /> Add Product
          </Link>
        </Button>
      }
    >
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <FilterNav
          label="Filter products"
          options={PRODUCT_LIST_FILTERS}
          current={filter}
          labels={filterLabels}
          hrefFor={(option) => listHref({ filter: option, page: 1, q })}
          counts={counts}
        />
        <ListSearchForm
          id="product-search"
          label="Search products"
          placeholder="Title or SKU"
          search={q}
          maxLength={PRODUCT_TITLE_MAX}
          keep={{ filter: filter === 'visible' ? null : filter }}
          compact
        />
      </div>

      <ListCard
        title={
          filter === 'all'
            ? 'All products'
            : filter === 'low-stock'
              ? 'Low stock products'
              : `${filterLabels[filter]} products`
        }
        count={countOf(total, 'product', 'products')}
        narrowedBy={narrowedText({ q, from: null, to: null })}
        page={page}
        pageCount={pageCount}
        empty={emptyListText(
          { shown: products.length, total },
          { none: 'No products here.', pastEnd: 'No products on this page.' },
        )}
        pager={{ label: 'Product pages', hrefFor: (page) => listHref({ ...place, page }) }}
      >
        <BulkActionBar
          selection={selection}
          actions={actions}
          query={listHref({ ...place, page: 1 }).split('?')[1] ?? ''}
          noun={{ one: 'product', many: 'products' }}
        />
        <DataTable
          caption={filter === 'low-stock' ? 'Products low on stock, emptiest first' : 'Products, newest first'}
          headings={[{ label: 'Image', hidden: true }, 'Product', 'Price', 'Stock', 'Category', 'Status', 'Visible']}
          minWidth="min-w-[56rem]"
          selection={selection}
          selectPageLabel="Select every product on this page"
          actions
        >
          {products.map((product) => (
            <ProductListRow
              key={product.id}
              product={product}
              select={<SelectRowCheckbox selection={selection} id={product.id} label={`Select ${product.title}`} />}
            />
          ))}
        </DataTable>
      </ListCard>
    </AdminPage>
  )
}
