import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import type { ActionResult } from '#app/utils/action-result.ts'
import { cn } from '#app/utils/misc.ts'

/**
 * A record's visible/hidden switch in a list: posts `intent` with the record's field and the other
 * status, and shows the new state at once while the server saves it (the page's clientAction
 * reports the answer). `badge` writes the status beside it, pending state included.
 * @example <VisibilitySwitch record={{ guideId: guide.id }} status={guide.status} label={`Visible on the guides page: ${guide.title}`} />
 */
export function VisibilitySwitch({
  intent = 'set-status',
  record,
  status,
  label,
  badge,
}: {
  intent?: string
  /** The hidden field that names the record, e.g. `{ productId: product.id }`. */
  record: Record<string, string>
  status: string
  label: string
  badge?: (status: string) => ReactNode
}) {
  const fetcher = useFetcher<ActionResult>()
  const pending = fetcher.formData?.get('status')
  const shown = typeof pending === 'string' ? pending : status
  const visible = shown === 'visible'
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(record).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="status" value={visible ? 'hidden' : 'visible'} />
      <button
        type="submit"
        role="switch"
        aria-checked={visible}
        aria-label={label}
        className={cn(
          'inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          visible ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'block size-5 rounded-full bg-background shadow-sm transition-transform',
            visible ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </button>
      {badge?.(shown)}
    </fetcher.Form>
  )
}
