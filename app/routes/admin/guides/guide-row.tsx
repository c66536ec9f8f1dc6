import { Link, useFetcher } from 'react-router'
import { HistoryLink } from '#app/components/admin/activity-history.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { ActionResult } from '#app/utils/action-result.ts'
import { cn } from '#app/utils/misc.ts'
import { ConfirmDeleteButton } from '../+shared/confirm-delete-button.tsx'

export type GuideRow = {
  id: string
  title: string
  description: string
  categoryName: string | null
  status: 'visible' | 'hidden' | 'archived'
  stepCount: number
}

/** Visible or hidden on /guides (an archived guide is switched back on as visible); shows the new state at once. */
function VisibilitySwitch({ guide }: { guide: GuideRow }) {
  const fetcher = useFetcher<ActionResult>()
  const pending = fetcher.formData?.get('status')
  const status = typeof pending === 'string' ? pending : guide.status
  const visible = status === 'visible'
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="guideId" value={guide.id} />
      <input type="hidden" name="status" value={visible ? 'hidden' : 'visible'} />
      <button
        type="submit"
        role="switch"
        aria-checked={visible}
        aria-label={`Visible on the guides page: ${guide.title}`}
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
      {status === 'visible' ? (
        <Badge variant="success">Visible</Badge>
      ) : status === 'archived' ? (
        <Badge variant="outline">Archived</Badge>
      ) : (
        <Badge variant="secondary">Hidden</Badge>
      )}
    </fetcher.Form>
  )
}

function ArchiveGuide({ guide }: { guide: GuideRow }) {
  const fetcher = useFetcher<ActionResult>()
  if (guide.status === 'archived') return null
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="guideId" value={guide.id} />
      <input type="hidden" name="status" value="archived" />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
        Archive<span className="sr-only"> guide “{guide.title}”</span>
      </Button>
    </fetcher.Form>
  )
}

export function GuideListItem({ guide, editHref, editing }: { guide: GuideRow; editHref: string; editing: boolean }) {
  const titleId = `guide-${guide.id}-title`
  return (
    <li className={cn('rounded-xl border bg-card p-5 shadow-sm', editing && 'ring-2 ring-primary')}>
      <article aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <VisibilitySwitch guide={guide} />
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={editHref} preventScrollReset aria-current={editing ? 'true' : undefined}>
                Edit<span className="sr-only"> guide “{guide.title}”</span>
              </Link>
            </Button>
            <ArchiveGuide guide={guide} />
            <HistoryLink recordId={guide.id} what={`guide “${guide.title}”`} />
            <ConfirmDeleteButton
              what={`guide “${guide.title}”`}
              title="Delete this guide?"
              description={`“${guide.title}” and its steps will be removed for good, also from the guides page.`}
              confirmLabel="Delete Guide"
              intent="delete"
              fields={{ guideId: guide.id }}
            />
          </div>
        </div>
        <h3 id={titleId} className="mt-3 break-words font-semibold">
          {guide.status === 'visible' ? (
            <Link to={`/guides/${guide.id}`} className="hover:underline">
              {guide.title}
            </Link>
          ) : (
            guide.title
          )}
        </h3>
        <p className="mt-1 text-muted-foreground text-sm">
          {guide.categoryName ?? 'No category'} · {guide.stepCount} step{guide.stepCount === 1 ? '' : 's'}
        </p>
        <p className="mt-1 line-clamp-3 break-words text-muted-foreground text-sm">{guide.description}</p>
      </article>
    </li>
  )
}
