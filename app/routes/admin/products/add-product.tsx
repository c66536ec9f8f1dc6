import { BackLink } from '#app/components/admin/admin-page.tsx'
import { listProductCategories, listShippingCategories } from '#app/modules/catalog/index.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import type { Route } from './+types/add-product.ts'
import { ProductForm } from './product-form.tsx'
import { addProductFromForm } from './product-form-action.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const [categories, shippingCategories] = await Promise.all([listProductCategories(), listShippingCategories()])
  return { categories, shippingCategories }
}

// The guard comes before the body is read: only an admin's upload is ever parsed.
export async function action({ request }: Route.ActionArgs) {
  return addProductFromForm(request, await requireAdminActor(request))
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export const meta = () => adminMeta('Add Product')

export default function AddProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to="/products">All products</BackLink>
      <h1 className="mt-4 font-bold text-3xl tracking-tight sm:text-4xl">Add Product</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        Fields marked <span className="text-destructive">*</span> are required. The product appears in the shop once its
        status is Visible.
      </p>
      <ProductForm
        categories={loaderData.categories}
        shippingCategories={loaderData.shippingCategories}
        refusal={actionData}
      />
    </div>
  )
}
