import { PencilIcon, Trash2Icon } from 'lucide-react'
import { HistoryLink } from '#app/components/admin/activity-history.tsx'
import { DataTable } from '#app/components/admin/data-table.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { UserRow } from './user-types.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

export function userLabel(user: { fullName: string; email: string }) {
  return user.fullName || user.email
}

export function UsersTable({
  users,
  onEdit,
  onDelete,
}: {
  users: UserRow[]
  onEdit: (user: UserRow) => void
  onDelete: (user: UserRow) => void
}) {
  return (
    <DataTable
      caption="Users, newest first"
      headings={['Name', 'Email', 'Role', 'Joined']}
      minWidth="min-w-[44rem]"
      actions
    >
      {users.map((user) => (
        <tr key={user.id} className="border-b" data-testid="admin-user-row">
          <td className="py-2 pr-4 align-middle">
            <span className="font-medium">{user.fullName || '—'}</span>
            {user.isSelf ? <span className="text-muted-foreground"> (you)</span> : null}
          </td>
          <td className="break-all py-2 pr-4 align-middle">{user.email}</td>
          <td className="py-2 pr-4 align-middle">
            <div className="flex flex-wrap gap-1">
              <Badge variant={user.role === 'Admin' ? 'default' : 'secondary'}>{user.role}</Badge>
              {user.invitationPending ? <Badge variant="warning">Invited</Badge> : null}
            </div>
          </td>
          <td className="whitespace-nowrap py-2 pr-4 align-middle">{dateFormat.format(new Date(user.createdAt))}</td>
          <td className="py-2 align-middle">
            <div className="flex items-center justify-end gap-2">
              <HistoryLink recordId={user.id} what={userLabel(user)} />
              <Button type="button" size="sm" variant="outline" onClick={() => onEdit(user)}>
                <PencilIcon aria-hidden /> Edit<span className="sr-only"> {userLabel(user)}</span>
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => onDelete(user)}>
                <Trash2Icon aria-hidden /> Delete<span className="sr-only"> {userLabel(user)}</span>
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
