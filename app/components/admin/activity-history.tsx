import { HistoryIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import type { ActivityDto } from '#app/modules/activity/types.ts'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** A stored value as a short text: long lists and texts are cut, nothing is left blank. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 117)}…` : text
}

/** 'product.updated' as 'Updated', 'invoice.voided' as 'Voided'. */
export function actionLabel(action: string): string {
  const verb = action.split('.').at(-1) ?? action
  const words = verb.replaceAll('-', ' ')
  return `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`
}

/** Entries of the activity log: who did what and when, with each changed field before and after. */
export function ActivityEntries({ entries, showRecord }: { entries: ActivityDto[]; showRecord: boolean }) {
  return (
    <ol className="divide-y" data-testid="activity-entries">
      {entries.map((entry) => {
        const fields = Object.entries(entry.changes)
        return (
          <li key={entry.id} className="py-3 text-sm" data-testid="activity-entry">
            <p>
              <span className="font-medium">{actionLabel(entry.action)}</span>
              {/* A sign-in's record is the admin who signed in, already named after 'by'. */}
              {showRecord && entry.recordType !== 'admin' ? (
                <span>
                  {' '}
                  {entry.recordType.replaceAll('-', ' ')}{' '}
                  <span className="font-medium">{entry.recordLabel || entry.recordId}</span>
                </span>
              ) : null}{' '}
              <span className="text-muted-foreground">
                by {entry.actorLabel} ·{' '}
                <time dateTime={new Date(entry.createdAt).toISOString()}>
                  {when.format(new Date(entry.createdAt))} UTC
                </time>
              </span>
            </p>
            {fields.length ? (
              <dl className="mt-2 grid gap-1 text-xs">
                {fields.map(([field, change]) => (
                  <div key={field} className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
                    <dt className="font-medium text-muted-foreground">{field}</dt>
                    <dd className="break-words">
                      <span className="text-red-700 line-through decoration-red-700/40">{shown(change.before)}</span>
                      {' → '}
                      <span className="text-emerald-700">{shown(change.after)}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}

/**
 * A row's link to its own history in the activity log (records edited in a dialog have no page of
 * their own to show it on).
 * @example <HistoryLink recordId={promotion.id} what={`promotion ${promotion.code}`} />
 */
export function HistoryLink({ recordId, what }: { recordId: string; what: string }) {
  return (
    <Button asChild type="button" size="sm" variant="ghost">
      <Link to={`/admin/activity?record=${recordId}`}>
        <HistoryIcon aria-hidden /> History<span className="sr-only"> of {what}</span>
      </Link>
    </Button>
  )
}
