import { Link } from 'react-router'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { Button } from '#app/components/ui/button.tsx'

/**
 * A side form's buttons: save (spinning while posted) and, while a record is being edited, Cancel
 * back to the list, which leaves the page where it is scrolled to.
 * @example <SaveOrCancel busy={busy} label={update ? 'Save Update' : 'Add Update'} cancelTo={update ? '/admin/updates' : null} />
 */
export function SaveOrCancel({ busy, label, cancelTo }: { busy: boolean; label: string; cancelTo: string | null }) {
  return (
    <div className="flex flex-wrap gap-2">
      <SubmitButton busy={busy}>{label}</SubmitButton>
      {cancelTo ? (
        <Button asChild variant="outline">
          <Link to={cancelTo} preventScrollReset>
            Cancel
          </Link>
        </Button>
      ) : null}
    </div>
  )
}
