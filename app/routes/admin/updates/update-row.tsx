import { Link } from 'react-router'
import { HistoryLink } from '#app/components/admin/activity-history.tsx'
import { ConfirmDeleteButton, ConfirmDeleteWithoutScript } from '#app/components/admin/confirm-delete.tsx'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/misc.ts'
import type { UpdateRow } from './update-types.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export function UpdateListItem({
  update,
  editing,
  confirmingDelete,
}: {
  update: UpdateRow
  editing: boolean
  confirmingDelete: boolean
}) {
  const titleId = `update-${update.id}-title`
  return (
    <li className={cn('rounded-xl border bg-card p-5 shadow-sm', editing && 'ring-2 ring-primary')}>
      <article aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <VisibilitySwitch
            record={{ updateId: update.id }}
            status={update.status}
            label={`Visible on the updates page: ${update.title}`}
            badge={(status) =>
              status === 'visible' ? (
                <Badge variant="success">Visible</Badge>
              ) : (
                <Badge variant="secondary">Hidden</Badge>
              )
            }
          />
          <div className="flex gap-2">
            <Button asChild variant="outline" size="sm">
              <Link
                to={`/admin/updates?edit=${update.id}`}
                preventScrollReset
                aria-current={editing ? 'true' : undefined}
              >
                Edit<span className="sr-only"> update “{update.title}”</span>
              </Link>
            </Button>
            <ConfirmDeleteButton
              what={`update “${update.title}”`}
              title="Delete this update?"
              description={`“${update.title}” will be removed for good, also from the updates page.`}
              confirmLabel="Delete Update"
              intent="delete"
              fields={{ updateId: update.id }}
              withoutScript={{ page: '/admin/updates', params: {}, id: update.id }}
            />
            <HistoryLink recordId={update.id} what={`update “${update.title}”`} />
          </div>
        </div>
        <p className="mt-3 text-muted-foreground text-sm">
          <time dateTime={update.date}>{dateFormat.format(new Date(update.date))}</time>
        </p>
        <h3 id={titleId} className="mt-1 break-words font-semibold">
          {update.title}
        </h3>
        <p className="mt-1 line-clamp-4 whitespace-pre-line break-words text-muted-foreground text-sm">
          {update.content}
        </p>
        {update.image ? (
          <p className="mt-2 break-all text-muted-foreground text-xs">
            <span className="font-medium">Image:</span> {update.image}
          </p>
        ) : null}
        {confirmingDelete ? (
          <ConfirmDeleteWithoutScript
            question="Delete this update? This cannot be undone."
            confirmLabel="Delete Update"
            intent="delete"
            fields={{ updateId: update.id }}
            page="/admin/updates"
          />
        ) : null}
      </article>
    </li>
  )
}
