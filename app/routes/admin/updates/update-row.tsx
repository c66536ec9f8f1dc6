import { useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { HistoryLink } from '#app/components/admin/activity-history.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/misc.ts'
import type { UpdateActionResult, UpdateRow } from './update-types.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** Visible or hidden on /updates; shows the new state at once while the server saves it. */
function VisibilitySwitch({ update }: { update: UpdateRow }) {
  const fetcher = useFetcher<UpdateActionResult>()
  const pending = fetcher.formData?.get('status')
  const visible = pending ? pending === 'visible' : update.status === 'visible'
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="updateId" value={update.id} />
      <input type="hidden" name="status" value={visible ? 'hidden' : 'visible'} />
      <button
        type="submit"
        role="switch"
        aria-checked={visible}
        aria-label={`Visible on the updates page: ${update.title}`}
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
      {visible ? <Badge variant="success">Visible</Badge> : <Badge variant="secondary">Hidden</Badge>}
    </fetcher.Form>
  )
}

function DeleteUpdate({ update }: { update: UpdateRow }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      {/* Before JavaScript has loaded, this asks the server for the page with a confirmation instead. */}
      <form method="get" action="/admin/updates">
        <input type="hidden" name="delete" value={update.id} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          onClick={(event) => {
            event.preventDefault()
            setOpen(true)
          }}
        >
          Delete<span className="sr-only"> update “{update.title}”</span>
        </Button>
      </form>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete this update?"
        description={`“${update.title}” will be removed for good, also from the updates page.`}
        confirmLabel="Delete Update"
        intent="delete"
        fields={{ updateId: update.id }}
      />
    </>
  )
}

/** The confirmation the server renders when Delete was pressed before JavaScript had loaded. */
function ConfirmDeleteWithoutScript({ update }: { update: UpdateRow }) {
  return (
    <div role="alert" className="mt-4 rounded-md border border-destructive/40 p-4">
      <p className="font-medium">Delete this update? This cannot be undone.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action="/admin/updates">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="updateId" value={update.id} />
          <Button type="submit" variant="destructive" size="sm">
            Delete Update
          </Button>
        </Form>
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/updates">Cancel</Link>
        </Button>
      </div>
    </div>
  )
}

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
          <VisibilitySwitch update={update} />
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
            <DeleteUpdate update={update} />
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
        {confirmingDelete ? <ConfirmDeleteWithoutScript update={update} /> : null}
      </article>
    </li>
  )
}
