import type { ReactNode } from 'react'
import { Link, useFetcher } from 'react-router'
import { HistoryLink } from '#app/components/admin/activity-history.tsx'
import { ConfirmDeleteButton } from '#app/components/admin/confirm-delete.tsx'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { ActionResult } from '#app/utils/action-result.ts'
import { cn } from '#app/utils/misc.ts'

export type GuideRow = {
  id: string
  title: string
  description: string
  categoryName: string | null
  status: 'visible' | 'hidden' | 'archived'
  stepCount: number
}

const statusBadges: Record<string, ReactNode> = {
  visible: <Badge variant="success">Visible</Badge>,
  archived: <Badge variant="outline">Archived</Badge>,
  hidden: <Badge variant="secondary">Hidden</Badge>,
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
          {/* An archived guide is switched back on as visible. */}
          <VisibilitySwitch
            record={{ guideId: guide.id }}
            status={guide.status}
            label={`Visible on the guides page: ${guide.title}`}
            badge={(status) => statusBadges[status]}
          />
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
