import { Link } from 'react-router'
import { ActivityEntries } from '#app/components/admin/activity-history.tsx'
import { BackLink } from '#app/components/admin/admin-page.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { listActivity } from '#app/modules/activity/index.server.ts'
import {
  listProductCategories,
  listShippingCategories,
  retrieveAdminProduct,
} from '#app/modules/catalog/index.server.ts'
import { productFormValuesOf } from '#app/modules/catalog/schemas.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { isUuid } from '#app/utils/ids.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import type { Route } from './+types/product-edit.ts'
import { ProductForm } from './product-form.tsx'
import { editProductFromForm, productNotFound } from './product-form-action.server.ts'

/** How many of the product's changes its page lists; the activity log has the rest. */
const HISTORY_SHOWN = 20

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const product = await retrieveAdminProduct(params.productId)
  // An unknown or malformed id: the spec's error toast, back on the list (back-office §2).
  if (!product) throw await productNotFound()
  const [categories, shippingCategories, history] = await Promise.all([
    listProductCategories(),
    listShippingCategories(),
    listActivity({ recordType: 'product', recordId: product.id, limit: HISTORY_SHOWN }),
  ])
  return {
    product: { id: product.id, title: product.title, status: product.status },
    editing: { values: productFormValuesOf(product), images: product.images },
    categories,
    shippingCategories,
    history,
  }
}

// The guard comes before the body is read: only an admin's upload is ever parsed.
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  if (!isUuid(params.productId)) return productNotFound()
  return editProductFromForm(request, params.productId, actor)
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.product.title ? `Edit ${loaderData.product.title}` : 'Edit Product'
  return adminMeta(title)
}

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, editing, categories, shippingCategories, history } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to="/admin/products">All products</BackLink>
      <h1 className="mt-4 font-bold text-3xl tracking-tight sm:text-4xl">Edit Product</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        {product.status === 'visible' ? (
          <>
            Changes show in the shop as soon as you save.{' '}
            <Link to={`/products/${product.id}`} className="text-primary underline-offset-4 hover:underline">
              View its page
            </Link>
          </>
        ) : (
          'Only admins see this product until its status is Visible.'
        )}
      </p>
      <ProductForm
        key={product.id}
        categories={categories}
        shippingCategories={shippingCategories}
        refusal={actionData}
        editing={editing}
      />
      <Card className="mt-10" role="region" aria-labelledby="product-history-title">
        <CardHeader>
          <CardTitle>
            <h2 id="product-history-title">History</h2>
          </CardTitle>
          <CardDescription>
            Every change an admin made to this product, newest first.{' '}
            {history.total > history.entries.length ? (
              <Link
                to={`/admin/activity?type=product&record=${product.id}`}
                className="text-primary underline-offset-4 hover:underline"
              >
                See all {history.total}
              </Link>
            ) : null}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {history.entries.length === 0 ? (
            <p className="text-muted-foreground text-sm">No change has been recorded yet.</p>
          ) : (
            <ActivityEntries entries={history.entries} showRecord={false} />
          )}
        </CardContent>
      </Card>
    </div>
  )
}
