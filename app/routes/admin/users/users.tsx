import { UserPlusIcon, XIcon } from 'lucide-react'
import { Link } from 'react-router'
import { AdminPage, countOf, emptyListText, ListCard } from '#app/components/admin/admin-page.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListSearchForm } from '#app/components/admin/list-filter-form.tsx'
import { CreateButton, RowConfirmDialog, RowFormDialog, useRowDialogs } from '#app/components/admin/row-dialogs.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useLoadErrorToast } from '#app/hooks/use-load-error-toast.ts'
import { listUsers } from '#app/modules/accounts/index.server.ts'
import { USER_ROLE_FILTERS, USER_SEARCH_MAX_LENGTH, UserListQuerySchema } from '#app/modules/accounts/schemas.ts'
import { shortDay } from '#app/rules/calendar.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { queryString } from '#app/utils/query-string.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import { pageCountOf, readListQuery, readOr, shopDays } from '../+shared/list-page.server.ts'
import type { Route } from './+types/users.ts'
import { deleteUserFromForm, inviteUserFromForm, unknownIntent, updateUserFromForm } from './user-actions.server.ts'
import { UserFormDialog } from './user-form-dialog.tsx'
import type { UserRow } from './user-types.ts'
import { UsersTable, userLabel } from './users-table.tsx'

// 25 rows a page, as every back-office list: a row's buttons and badges are most of a page's
// rendering (decision 032, step 5).
const PAGE_SIZE = 25

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request)
  const { q, role, joined, page } = readListQuery(request, UserListQuerySchema)
  const place: Place = { q, role, joined: joined ?? null }
  const paging = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }
  const list = await readOr(
    'users',
    listUsers({ search: q, role, joined: joined ? shopDays({ from: joined }) : undefined, ...paging }),
    { users: [], total: 0 },
  )
  const users: UserRow[] = list.value.users.map((user) => ({ ...user, isSelf: user.id === viewer.id }))
  const { total } = list.value
  return { users, total, ...place, page, pageCount: pageCountOf(total, PAGE_SIZE), error: list.error }
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request)
  const fields = Object.fromEntries(await request.formData().catch(() => new FormData()))
  if (fields.intent === 'update') return updateUserFromForm(fields, viewer)
  if (fields.intent === 'delete') return deleteUserFromForm(fields, viewer)
  if (fields.intent === 'invite') return inviteUserFromForm(fields, viewer)
  return unknownIntent()
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export const meta = () => adminMeta('Manage Users')

type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number]

type Place = { q: string; role: UserRoleFilter; joined: string | null }

const roleFilterLabels: Record<UserRoleFilter, string> = { all: 'All users', customer: 'Customers', Admin: 'Admins' }

function listHref({ q, role, joined }: Place, page = 1) {
  return `/admin/users${queryString({ q, role: role !== 'all' && role, joined, page: page > 1 && page })}`
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, q, role, joined, page, pageCount, error } = loaderData
  const place: Place = { q, role, joined }
  const dialogs = useRowDialogs<UserRow>()

  useLoadErrorToast('Failed to fetch users', error)

  return (
    <AdminPage
      title="Manage Users"
      description="Customers and admins, newest first."
      actions={<CreateButton label="Invite User" onClick={dialogs.create} icon={UserPlusIcon} />}
    >
      <FilterNav
        label="Filter by role"
        options={USER_ROLE_FILTERS}
        current={role}
        labels={roleFilterLabels}
        hrefFor={(filter) => listHref({ ...place, role: filter })}
        className="mt-6"
      >
        {joined ? (
          <Button asChild size="sm" variant="secondary">
            <Link to={listHref({ ...place, joined: null })}>
              Joined since {shortDay(joined)} <XIcon aria-hidden />
              <span className="sr-only">(remove this filter)</span>
            </Link>
          </Button>
        ) : null}
      </FilterNav>

      <ListSearchForm
        id="user-search"
        label="Search users by name or e-mail"
        placeholder="Search by name or e-mail"
        search={q}
        maxLength={USER_SEARCH_MAX_LENGTH}
        keep={{ role: role === 'all' ? null : role, joined }}
        className="mt-4 max-w-md"
      />

      <ListCard
        title={q ? `Users matching “${q}”` : 'All users'}
        count={countOf(total, 'user', 'users')}
        page={page}
        pageCount={pageCount}
        empty={emptyListText(
          { shown: users.length, total, narrowed: Boolean(q) },
          { none: 'No users yet.', noMatch: 'No users match your search.', pastEnd: 'No users on this page.' },
        )}
        pager={{ label: 'User pages', hrefFor: (to) => listHref(place, to) }}
      >
        <UsersTable users={users} onEdit={dialogs.edit} onDelete={dialogs.confirm} />
      </ListCard>

      <RowFormDialog editing={dialogs.editing}>
        {(user) => <UserFormDialog user={user} onClose={dialogs.closeEditor} />}
      </RowFormDialog>
      <RowConfirmDialog
        row={dialogs.confirming}
        onClose={dialogs.closeConfirmation}
        confirmation={(user) => ({
          title: `Delete ${userLabel(user)}?`,
          description: `The account of ${user.email} is deleted for good and they are signed out. Their orders and invoices are kept.`,
          confirmLabel: 'Delete User',
          intent: 'delete',
          fields: { userId: user.id },
        })}
      />
    </AdminPage>
  )
}
