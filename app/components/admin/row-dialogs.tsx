import { type LucideIcon, PlusIcon } from 'lucide-react'
import { type ComponentProps, Fragment, type ReactNode, useState } from 'react'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'

/**
 * Which row of a list its form dialog is open for ('new' for a new record), and which row a
 * confirmation (delete, void) is asking about; the buttons of the page and of the rows set them.
 * @example const dialogs = useRowDialogs<UserRow>()  …  <CreateButton label="Invite User" onClick={dialogs.create} />
 */
export function useRowDialogs<Row extends { id: string }>() {
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const [confirming, setConfirming] = useState<Row | null>(null)
  return {
    editing,
    confirming,
    create: () => setEditing('new'),
    edit: (row: Row) => setEditing(row),
    closeEditor: () => setEditing(null),
    confirm: (row: Row) => setConfirming(row),
    closeConfirmation: () => setConfirming(null),
  }
}

/**
 * A list page's button that opens the form dialog of a new record (`dialogs.create`).
 * @example <CreateButton label="New Policy" onClick={dialogs.create} />
 */
export function CreateButton({
  label,
  onClick,
  icon: Icon = PlusIcon,
}: {
  label: string
  onClick: () => void
  icon?: LucideIcon
}) {
  return (
    <Button type="button" onClick={onClick}>
      <Icon aria-hidden /> {label}
    </Button>
  )
}

/**
 * The form dialog of the row being edited, or of a new one (`row` null), started afresh for each
 * row it opens for.
 * @example <RowFormDialog editing={dialogs.editing}>{(user) => <UserFormDialog user={user} onClose={dialogs.closeEditor} />}</RowFormDialog>
 */
export function RowFormDialog<Row extends { id: string }>({
  editing,
  children,
}: {
  editing: Row | 'new' | null
  children: (row: Row | null) => ReactNode
}) {
  if (!editing) return null
  return (
    <Fragment key={editing === 'new' ? 'new' : editing.id}>{children(editing === 'new' ? null : editing)}</Fragment>
  )
}

/**
 * The confirmation asked about one row, while there is one.
 * @example <RowConfirmDialog row={dialogs.confirming} onClose={dialogs.closeConfirmation} confirmation={(user) => ({ title: `Delete ${user.email}?`, … })} />
 */
export function RowConfirmDialog<Row>({
  row,
  onClose,
  confirmation,
}: {
  row: Row | null
  onClose: () => void
  confirmation: (row: Row) => Omit<ComponentProps<typeof ConfirmDialog>, 'onClose'>
}) {
  return row ? <ConfirmDialog onClose={onClose} {...confirmation(row)} /> : null
}
