import { PencilIcon, Trash2Icon } from 'lucide-react'
import { Link } from 'react-router'
import { HistoryLink } from '#app/components/admin/activity-history.tsx'
import { DataTable } from '#app/components/admin/data-table.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { PromotionState } from '#app/modules/promotions/types.ts'
import { formatMoney } from '#app/rules/money.ts'
import type { Choice, PromotionRow } from './promotion-types.ts'

const stateBadge: Record<PromotionState, { label: string; variant: 'success' | 'warning' | 'secondary' | 'outline' }> =
  {
    live: { label: 'Live now', variant: 'success' },
    upcoming: { label: 'Upcoming', variant: 'warning' },
    ended: { label: 'Ended', variant: 'secondary' },
    inactive: { label: 'Inactive', variant: 'outline' },
  }

export function discountText(promotion: Pick<PromotionRow, 'type' | 'value'>) {
  return promotion.type === 'percentage' ? `${promotion.value}% off` : `${formatMoney(promotion.value)} off`
}

/** Every use its limit allows is taken: the code works for no one until an order is cancelled. */
function isUsedUp(promotion: PromotionRow) {
  return promotion.usageLimit !== null && promotion.uses >= promotion.usageLimit
}

/** '3 / 100' against a limit, '3' without one. */
function usesText(promotion: PromotionRow) {
  return promotion.usageLimit === null ? String(promotion.uses) : `${promotion.uses} / ${promotion.usageLimit}`
}

function appliesToText(promotion: PromotionRow, products: Choice[], categories: Choice[]) {
  if (promotion.appliesTo === 'all') return 'All products'
  const [ids, choices] =
    promotion.appliesTo === 'products' ? [promotion.productIds, products] : [promotion.categoryIds, categories]
  const names = ids.map((id) => choices.find((choice) => choice.id === id)?.name ?? 'Deleted')
  return names.join(', ') || 'Nothing'
}

export function PromotionsTable({
  promotions,
  products,
  categories,
  onEdit,
  onDelete,
}: {
  promotions: PromotionRow[]
  products: Choice[]
  categories: Choice[]
  onEdit: (promotion: PromotionRow) => void
  onDelete: (promotion: PromotionRow) => void
}) {
  return (
    <DataTable
      caption="Promotions, newest first"
      headings={['Name', 'Code', 'Discount', 'Applies to', 'Dates (UTC)', 'Uses', 'Status']}
      minWidth="min-w-[52rem]"
      actions
    >
      {promotions.map((promotion) => (
        <tr key={promotion.id} className="border-b align-top" data-testid="admin-promotion-row">
          <td className="py-3 pr-4 font-medium">{promotion.name}</td>
          <td className="py-3 pr-4 font-mono">{promotion.code}</td>
          <td className="whitespace-nowrap py-3 pr-4">{discountText(promotion)}</td>
          <td className="max-w-56 py-3 pr-4">{appliesToText(promotion, products, categories)}</td>
          <td className="whitespace-nowrap py-3 pr-4">
            {promotion.startDate} – {promotion.endDate}
          </td>
          <td className="whitespace-nowrap py-3 pr-4" data-testid="admin-promotion-uses">
            <Link
              to={`/admin/orders?promotion=${promotion.id}`}
              className="underline-offset-4 hover:underline"
              aria-label={`${usesText(promotion)}: the orders that used ${promotion.code}`}
            >
              {usesText(promotion)}
            </Link>
            {promotion.perCustomerLimit !== null ? (
              <span className="block text-muted-foreground text-xs">{promotion.perCustomerLimit} per customer</span>
            ) : null}
          </td>
          <td className="py-3 pr-4">
            <div className="flex flex-wrap gap-1">
              <Badge variant="outline" className="capitalize">
                {promotion.status}
              </Badge>
              {isUsedUp(promotion) && promotion.state === 'live' ? (
                <Badge variant="secondary" data-testid="admin-promotion-state">
                  Used up
                </Badge>
              ) : (
                <Badge variant={stateBadge[promotion.state].variant} data-testid="admin-promotion-state">
                  {stateBadge[promotion.state].label}
                </Badge>
              )}
            </div>
          </td>
          <td className="py-3">
            <div className="flex items-center justify-end gap-2">
              <HistoryLink recordId={promotion.id} what={`promotion ${promotion.code}`} />
              <Button type="button" size="sm" variant="outline" onClick={() => onEdit(promotion)}>
                <PencilIcon aria-hidden /> Edit<span className="sr-only"> promotion {promotion.code}</span>
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => onDelete(promotion)}>
                <Trash2Icon aria-hidden /> Delete<span className="sr-only"> promotion {promotion.code}</span>
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
