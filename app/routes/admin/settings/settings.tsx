import { z } from 'zod'
import { ActionNotice } from '#app/components/action-notice.tsx'
import { AdminPage, countOf } from '#app/components/admin/admin-page.tsx'
import {
  createCategory,
  deleteCategory,
  listCategoriesWithUsage,
  renameCategory,
} from '#app/modules/catalog/index.server.ts'
import {
  getPrintQuoteSettings,
  getShopSettings,
  listShippingRates,
  listShippingZones,
} from '#app/modules/settings/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage, reloadAfterRefusal } from '../+shared/admin-page.ts'
import { isCategoryIntent, runCategoryAction } from '../+shared/category-actions.server.ts'
import { CategoryListEditor } from '../+shared/category-list-editor.tsx'
import type { Route } from './+types/settings.ts'
import { isPrintIntent, runPrintAction } from './print-settings-actions.server.ts'
import { PrintSettingsForm } from './print-settings-form.tsx'
import { isShippingIntent, runShippingAction } from './shipping-rate-actions.server.ts'
import { ShippingRatesEditor } from './shipping-rates-editor.tsx'
import { saveShopSettings } from './shop-settings-actions.server.ts'
import { ShopSettingsForm } from './shop-settings-form.tsx'

const KindSchema = z.enum(['product', 'shipping'])

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const [productCategories, shippingCategories, shop, zones, rates, print] = await Promise.all([
    listCategoriesWithUsage('product'),
    listCategoriesWithUsage('shipping'),
    getShopSettings(),
    listShippingZones(),
    listShippingRates(),
    getPrintQuoteSettings(),
  ])
  const rows = (list: typeof productCategories) =>
    list.map(({ productCount, ...row }) => ({ ...row, usage: productCount }))
  const { updatedAt: _updatedAt, ...settings } = shop
  return {
    productCategories: rows(productCategories),
    shippingCategories: rows(shippingCategories),
    settings,
    zones,
    rates,
    print,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const fields = await request.formData().catch(() => new FormData())
  const intent = fields.get('intent')
  if (intent === 'save-shop') return saveShopSettings(fields, actor)
  if (isShippingIntent(intent)) return runShippingAction(intent, fields, actor)
  if (isPrintIntent(intent)) return runPrintAction(intent, fields, actor)
  const kind = parseForm(KindSchema, fields.get('kind'))
  if (!isCategoryIntent(intent) || !kind.ok) return refused(null, 'Unknown request.')
  return runCategoryAction(
    intent,
    fields,
    {
      create: (name, tx) => createCategory(kind.data, name, tx),
      rename: (id, name, tx) => renameCategory(kind.data, id, name, tx),
      remove: (id, tx) => deleteCategory(kind.data, id, tx),
      nameOf: async (id) =>
        (await listCategoriesWithUsage(kind.data)).find((category) => category.id === id)?.name ?? null,
      usedBy: 'product',
      recordType: `${kind.data}-category`,
    },
    actor,
  )
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const shouldRevalidate = reloadAfterRefusal

export const headers = privatePage

export const meta = () => adminMeta('Settings')

const products = (count: number) => countOf(count, 'product', 'products')

const categoryLists = [
  {
    kind: 'product',
    id: 'product-categories',
    title: 'Product Categories',
    description: 'The category buttons of the products page, in this order.',
  },
  {
    kind: 'shipping',
    id: 'shipping-categories',
    title: 'Shipping Categories',
    description: 'Chosen per product; they decide how it ships.',
  },
] as const

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Settings"
      description="Your shop’s details and order rules, the categories products are filed and shipped under, and the rates and materials of the 3D-print quote. A category still used by products cannot be deleted."
      width="max-w-5xl"
    >
      <ActionNotice result={actionData} />
      <div className="mt-8">
        <ShopSettingsForm settings={loaderData.settings} />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-2 lg:items-start">
        {categoryLists.map((list) => (
          <CategoryListEditor
            key={list.kind}
            {...list}
            categories={loaderData[`${list.kind}Categories`]}
            addLabel={`New ${list.kind} category`}
            usageLabel={products}
          />
        ))}
      </div>
      <div className="mt-8">
        <ShippingRatesEditor
          zones={loaderData.zones}
          rates={loaderData.rates}
          categories={loaderData.shippingCategories}
          defaultCents={loaderData.settings.defaultShippingCents}
        />
      </div>
      <div className="mt-8">
        <PrintSettingsForm settings={loaderData.print.settings} materials={loaderData.print.materials} />
      </div>
    </AdminPage>
  )
}
