import { z } from 'zod'
import { ActionNotice } from '#app/components/action-notice.tsx'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { ListBesideForm } from '#app/components/admin/list-beside-form.tsx'
import { listAllNewsUpdates } from '#app/modules/content/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage, reloadAfterRefusal } from '../+shared/admin-page.ts'
import { readContentForm } from '../+shared/content-form-reader.server.ts'
import type { Route } from './+types/updates.ts'
import { changeUpdateStatus, removeUpdate, saveUpdate } from './update-actions.server.ts'
import { UpdateForm } from './update-form.tsx'
import { UpdateListItem } from './update-row.tsx'

const UpdatesQuerySchema = z.object({
  // The update shown in the form for editing.
  edit: z.uuid().optional().catch(undefined),
  // Delete pressed before JavaScript had loaded: the page shows a confirmation for this update.
  delete: z.uuid().optional().catch(undefined),
})

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const query = UpdatesQuerySchema.parse({
    edit: params.get('edit') ?? undefined,
    delete: params.get('delete') ?? undefined,
  })
  const updates = await listAllNewsUpdates()
  return {
    updates,
    editing: updates.find((update) => update.id === query.edit) ?? null,
    confirmDeleteId: query.delete ?? null,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const read = await readContentForm(request, ['imageFile'])
  if (!read.ok) return refused(null, read.message, read.status)
  const fields = read.form
  const intent = fields.get('intent')
  if (intent === 'create' || intent === 'update') return saveUpdate(fields, intent, actor)
  if (intent === 'set-status') return changeUpdateStatus(fields, actor)
  if (intent === 'delete') return removeUpdate(fields, actor)
  return refused(null, 'Unknown request.', 400)
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const shouldRevalidate = reloadAfterRefusal

export const headers = privatePage

export const meta = () => adminMeta('Manage Updates')

export default function AdminUpdates({ loaderData, actionData }: Route.ComponentProps) {
  const { updates, editing, confirmDeleteId } = loaderData
  // Posted as a page (before JavaScript had loaded, or the confirmation above): the page carries the answer.
  const refusedValues =
    actionData && !actionData.ok && (actionData.intent === 'create' || actionData.intent === 'update')
      ? actionData.values
      : undefined
  return (
    <AdminPage
      title="Manage Updates"
      description="News for the updates page, newest first. Hidden updates are kept here but not shown to visitors."
    >
      <ActionNotice result={actionData} />
      <ListBesideForm
        id="update-list"
        title="Updates"
        formWidth="26rem"
        empty={updates.length === 0 ? 'No updates yet.' : null}
        form={
          <div className="lg:sticky lg:top-24">
            <UpdateForm
              key={editing?.id ?? 'new'}
              update={
                editing
                  ? { updateId: editing.id, title: editing.title, content: editing.content, image: editing.image }
                  : null
              }
              values={refusedValues}
              fieldErrors={refusedValues && actionData && !actionData.ok ? actionData.fieldErrors : undefined}
            />
          </div>
        }
      >
        <ul className="grid gap-4">
          {updates.map((update) => (
            <UpdateListItem
              key={update.id}
              update={update}
              editing={update.id === editing?.id}
              confirmingDelete={update.id === confirmDeleteId}
            />
          ))}
        </ul>
      </ListBesideForm>
    </AdminPage>
  )
}
