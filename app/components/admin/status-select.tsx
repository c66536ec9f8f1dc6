import { useFetcher } from 'react-router'
import { NativeSelect } from '#app/components/ui/select.tsx'
import type { ActionResult } from '#app/utils/action-result.ts'

/**
 * A record's status in a list row, saved as soon as another is chosen (intent `set-status`); it
 * shows the chosen status while the change is on its way, and the page's clientAction reports it.
 * @example <StatusSelect record={{ orderId: order.id }} statuses={ORDER_STATUSES} status={order.status} label="Status of order #1001" />
 */
export function StatusSelect<Status extends string>({
  record,
  statuses,
  status,
  label,
  className,
}: {
  /** The hidden field that names the record, e.g. `{ invoiceId: invoice.id }`. */
  record: Record<string, string>
  statuses: readonly Status[]
  status: Status
  label: string
  className?: string
}) {
  const fetcher = useFetcher<ActionResult>()
  const pending = fetcher.formData?.get('status')
  return (
    <fetcher.Form method="post" className={className}>
      <input type="hidden" name="intent" value="set-status" />
      {Object.entries(record).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <NativeSelect
        name="status"
        aria-label={label}
        value={typeof pending === 'string' ? pending : status}
        disabled={fetcher.state !== 'idle'}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        className="h-8 capitalize"
      >
        {statuses.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
    </fetcher.Form>
  )
}
