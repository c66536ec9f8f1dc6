import type { ActionResult } from '#app/utils/action-result.ts'
import { cn } from '#app/utils/misc.ts'

/** The answer of a form posted before JavaScript had loaded, written on the page as well as toasted. */
export function ActionNotice({ result }: { result: Pick<ActionResult, 'ok' | 'toast'> | undefined }) {
  if (!result) return null
  return (
    <p
      role={result.ok ? 'status' : 'alert'}
      className={cn(
        'mt-6 rounded-md border px-4 py-3',
        result.ok ? 'bg-accent text-accent-foreground' : 'border-destructive/40 text-destructive',
      )}
    >
      {result.toast.title}
      {result.toast.description ? `: ${result.toast.description}` : ''}
    </p>
  )
}
