import { DownloadIcon } from 'lucide-react'
import { countOf } from '#app/components/admin/admin-page.tsx'
import type { BulkAction } from '#app/components/admin/bulk-actions.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PAYMENT_FILTERS } from '#app/modules/orders/schemas.ts'
import type { PaymentFilter } from '#app/modules/orders/types.ts'

/**
 * The page's link to a CSV file of the whole list as it is narrowed now.
 * @example <ExportCsvLink href={`/admin/orders.csv${query(place)}`} />
 */
export function ExportCsvLink({ href }: { href: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <DownloadIcon aria-hidden /> Export CSV
      </a>
    </Button>
  )
}

/**
 * The bulk action that saves the selected rows as a CSV file from `download`.
 * @example exportCsvAction({ one: 'order', many: 'orders' }, 'customers, items, totals and addresses', '/admin/orders.csv')
 */
export function exportCsvAction(noun: { one: string; many: string }, contents: string, download: string): BulkAction {
  return {
    intent: 'export',
    label: 'Export CSV',
    icon: <DownloadIcon aria-hidden />,
    title: (count) => `Export ${countOf(count, noun.one, noun.many)}?`,
    description: `A CSV file of them is saved by your browser, with ${contents}.`,
    confirmLabel: 'Download CSV',
    download,
  }
}

const paymentLabels: Record<PaymentFilter, string> = {
  all: 'All payments',
  real: 'Paid for real',
  test: 'Test payments',
}

/** Orders and invoices paid for real, in test mode, or both. */
export function PaymentFilterNav({
  current,
  hrefFor,
}: {
  current: PaymentFilter
  hrefFor: (filter: PaymentFilter) => string
}) {
  return (
    <FilterNav
      label="Filter by payment"
      options={PAYMENT_FILTERS}
      current={current}
      labels={paymentLabels}
      hrefFor={hrefFor}
    />
  )
}
