import { SearchIcon, UserPlusIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { ListPager } from '#app/components/list-pager.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useLoadErrorToast } from '#app/hooks/use-load-error-toast.ts'
import { listUsers } from '#app/modules/accounts/index.server.ts'
import { USER_ROLE_FILTERS, USER_SEARCH_MAX_LENGTH, UserListQuerySchema } from '#app/modules/accounts/schemas.ts'
import { shortDay } from '#app/rules/calendar.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { queryString } from '#app/utils/query-string.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import type { Route } from './+types/users.ts'
import { deleteUserFromForm, inviteUserFromForm, unknownIntent, updateUserFromForm } from './user-actions.server.ts'
import { UserFormDialog } from './user-form-dialog.tsx'
import type { UserRow } from './user-types.ts'
import { UsersTable, userLabel } from './users-table.tsx'

const PAGE_SIZE = 50

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request)
  const { q, role, joined, page } = UserListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const place: Place = { q, role, joined: joined ?? null }
  try {
    const { users, total } = await listUsers({
      search: q,
      role,
      joined: joined ? { from: joined, timeZone: getEnv().SHOP_TIME_ZONE } : undefined,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    })
    const rows: UserRow[] = users.map((user) => ({ ...user, isSelf: user.id === viewer.id }))
    return { users: rows, total, ...place, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)), error: null }
  } catch (err) {
    logger.error({ err }, 'Admin users: the list could not be read')
    const error = err instanceof Error ? err.message : 'Please try again.'
    return { users: [] as UserRow[], total: 0, ...place, page, pageCount: 1, error }
  }
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
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null)
  const [deleting, setDeleting] = useState<UserRow | null>(null)

  useLoadErrorToast('Failed to fetch users', error)

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Manage Users</h1>
          <p className="mt-2 text-muted-foreground">Customers and admins, newest first.</p>
        </div>
        <Button type="button" onClick={() => setEditing('new')}>
          <UserPlusIcon aria-hidden /> Invite User
        </Button>
      </header>

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

      <Form method="get" role="search" className="mt-4 flex max-w-md gap-2">
        {role !== 'all' ? <input type="hidden" name="role" value={role} /> : null}
        {joined ? <input type="hidden" name="joined" value={joined} /> : null}
        <label htmlFor="user-search" className="sr-only">
          Search users by name or e-mail
        </label>
        <Input
          id="user-search"
          name="q"
          type="search"
          placeholder="Search by name or e-mail"
          defaultValue={q}
          maxLength={USER_SEARCH_MAX_LENGTH}
          key={q}
        />
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden /> Search
        </Button>
      </Form>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{q ? `Users matching “${q}”` : 'All users'}</CardTitle>
          <CardDescription>
            {total === 1 ? '1 user' : `${total} users`} · page {page} of {pageCount}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {users.length === 0 ? (
            <p className="text-muted-foreground">
              {total > 0 ? 'No users on this page.' : q ? 'No users match your search.' : 'No users yet.'}
            </p>
          ) : (
            <UsersTable users={users} onEdit={setEditing} onDelete={setDeleting} />
          )}
          <ListPager label="User pages" page={page} pageCount={pageCount} hrefFor={(to) => listHref(place, to)} />
        </CardContent>
      </Card>

      {editing ? (
        <UserFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          onClose={() => setDeleting(null)}
          title={`Delete ${userLabel(deleting)}?`}
          description={`The account of ${deleting.email} is deleted for good and they are signed out. Their orders and invoices are kept.`}
          confirmLabel="Delete User"
          intent="delete"
          fields={{ userId: deleting.id }}
        />
      ) : null}
    </section>
  )
}
