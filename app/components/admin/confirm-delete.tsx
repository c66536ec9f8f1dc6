import { useState } from 'react'
import { Form, Link } from 'react-router'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'

type Confirmation = {
  title: string
  description: string
  confirmLabel: string
  intent: string
  fields: Record<string, string>
}

/**
 * A page without JavaScript yet: Delete asks the server for the same page with `delete={id}` (and
 * the list's place), which renders ConfirmDeleteWithoutScript in the record's row.
 */
type WithoutScript = { page: string; params: Record<string, string>; id: string }

/**
 * A Delete button that asks first (back-office §1), then posts `intent` with `fields` to this page's
 * action. `what` names the thing for screen readers ("guide “Mounting”"). With `withoutScript`, the
 * button also works before JavaScript has loaded.
 * @example <ConfirmDeleteButton what="update “Summer”" title="Delete this update?" … withoutScript={{ page: '/admin/updates', params: {}, id }} />
 */
export function ConfirmDeleteButton({
  what,
  withoutScript,
  ...confirm
}: Confirmation & { what: string; withoutScript?: WithoutScript }) {
  const [open, setOpen] = useState(false)
  const button = (
    <Button
      type={withoutScript ? 'submit' : 'button'}
      variant="outline"
      size="sm"
      onClick={(event) => {
        event.preventDefault()
        setOpen(true)
      }}
    >
      Delete<span className="sr-only"> {what}</span>
    </Button>
  )
  return (
    <>
      {withoutScript ? (
        <form method="get" action={withoutScript.page}>
          {Object.entries(withoutScript.params).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="delete" value={withoutScript.id} />
          {button}
        </form>
      ) : (
        button
      )}
      {/* Only while asked: a list of rows would otherwise render a closed dialog in each. */}
      {open ? <ConfirmDialog {...confirm} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

/** The confirmation the server renders in the row when Delete was pressed before JavaScript had loaded. */
export function ConfirmDeleteWithoutScript({
  question,
  confirmLabel,
  intent,
  fields,
  page,
}: {
  question: string
  confirmLabel: string
  intent: string
  fields: Record<string, string>
  /** The list's address with its place: the form posts there and Cancel returns there. */
  page: string
}) {
  return (
    <div role="alert" className="mt-4 rounded-md border border-destructive/40 p-4">
      <p className="font-medium">{question}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action={page}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="destructive" size="sm">
            {confirmLabel}
          </Button>
        </Form>
        <Button asChild variant="outline" size="sm">
          <Link to={page}>Cancel</Link>
        </Button>
      </div>
    </div>
  )
}
