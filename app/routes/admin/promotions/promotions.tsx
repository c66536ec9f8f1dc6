import { z } from 'zod'
import { AdminPage, countOf, emptyListText, ListCard } from '#app/components/admin/admin-page.tsx'
import { CreateButton, RowConfirmDialog, RowFormDialog, useRowDialogs } from '#app/components/admin/row-dialogs.tsx'
import { useLoadErrorToast } from '#app/hooks/use-load-error-toast.ts'
import { listProductCategories, listProductOptionsByIds } from '#app/modules/catalog/index.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { listAdminPromotions } from '#app/workflows/list-admin-promotions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import { firstError, pageCountOf, readListQuery, readOr } from '../+shared/list-page.server.ts'
import { productChoice } from '../+shared/record-choices.ts'
import type { Route } from './+types/promotions.ts'
import { deletePromotionFromForm, savePromotionFromForm, unknownIntent } from './promotion-actions.server.ts'
import { PromotionFormDialog } from './promotion-form-dialog.tsx'
import type { PromotionRow } from './promotion-types.ts'
import { PromotionsTable } from './promotions-table.tsx'

const PAGE_SIZE = 50

const PromotionListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).catch(1) })

const utcDay = (date: Date) => date.toISOString().slice(0, 10)

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { page } = readListQuery(request, PromotionListQuerySchema)
  const [list, categories] = await Promise.all([
    readOr('promotions', listAdminPromotions({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }), {
      promotions: [],
      total: 0,
    }),
    readOr('promotion categories', listProductCategories(), []),
  ])
  const { promotions, total } = list.value
  // The names of this page's chosen products only: the dialog's picker searches the catalogue.
  const chosenIds = promotions.flatMap((promotion) => promotion.productIds)
  const products = await readOr('promotion products', listProductOptionsByIds(chosenIds), [])
  const rows: PromotionRow[] = promotions.map((promotion) => ({
    id: promotion.id,
    name: promotion.name,
    code: promotion.code,
    type: promotion.type,
    value: promotion.value,
    startDate: utcDay(promotion.startDate),
    endDate: utcDay(promotion.endDate),
    status: promotion.status,
    state: promotion.state,
    appliesTo: promotion.appliesTo,
    productIds: promotion.productIds,
    categoryIds: promotion.categoryIds,
    usageLimit: promotion.usageLimit,
    perCustomerLimit: promotion.perCustomerLimit,
    uses: promotion.uses,
  }))
  return {
    promotions: rows,
    total,
    page,
    pageCount: pageCountOf(total, PAGE_SIZE),
    products: products.value.map((product) => {
      const { id, label } = productChoice(product)
      return { id, name: label }
    }),
    categories: categories.value,
    error: firstError(list, products, categories),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const form = await request.formData().catch(() => new FormData())
  const intent = form.get('intent')
  if (intent === 'create' || intent === 'update') return savePromotionFromForm(form, intent, actor)
  if (intent === 'delete') return deletePromotionFromForm(form, actor)
  return unknownIntent()
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export const meta = () => adminMeta('Manage Promotions')

const pageHref = (page: number) => (page > 1 ? `/admin/promotions?page=${page}` : '/admin/promotions')

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  const { promotions, total, page, pageCount, products, categories, error } = loaderData
  const dialogs = useRowDialogs<PromotionRow>()

  useLoadErrorToast('Error fetching promotions', error)

  return (
    <AdminPage
      title="Manage Promotions"
      description="Promotion codes, newest first. A code works from its start date to the end of its end date, unless its status is not active or scheduled."
      actions={<CreateButton label="New Promotion" onClick={dialogs.create} />}
    >
      <ListCard
        title="All promotions"
        count={countOf(total, 'promotion', 'promotions')}
        page={page}
        pageCount={pageCount}
        empty={emptyListText(
          { shown: promotions.length, total },
          { none: 'No promotions yet.', pastEnd: 'No promotions on this page.' },
        )}
        pager={{ label: 'Promotion pages', hrefFor: pageHref }}
      >
        <PromotionsTable
          promotions={promotions}
          products={products}
          categories={categories}
          onEdit={dialogs.edit}
          onDelete={dialogs.confirm}
        />
      </ListCard>

      <RowFormDialog editing={dialogs.editing}>
        {(promotion) => (
          <PromotionFormDialog
            promotion={promotion}
            products={products}
            categories={categories}
            onClose={dialogs.closeEditor}
          />
        )}
      </RowFormDialog>
      <RowConfirmDialog
        row={dialogs.confirming}
        onClose={dialogs.closeConfirmation}
        confirmation={(promotion) => ({
          title: `Delete promotion ${promotion.code}?`,
          description: `“${promotion.name}” is deleted for good and its code stops working at once.`,
          confirmLabel: 'Delete Promotion',
          intent: 'delete',
          fields: { promotionId: promotion.id },
        })}
      />
    </AdminPage>
  )
}
