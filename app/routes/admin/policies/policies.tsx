import { ExternalLinkIcon, PencilIcon, Trash2Icon } from 'lucide-react'
import { HistoryLink } from '#app/components/admin/activity-history.tsx'
import { AdminPage, countOf, ListCard } from '#app/components/admin/admin-page.tsx'
import { CreateButton, RowConfirmDialog, RowFormDialog, useRowDialogs } from '#app/components/admin/row-dialogs.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { listAdminPolicies } from '#app/modules/content/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import type { Route } from './+types/policies.ts'
import { removePolicy, savePolicy } from './policy-actions.server.ts'
import { PolicyFormDialog } from './policy-dialogs.tsx'
import type { PolicyRow } from './policy-types.ts'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { policies: await listAdminPolicies() }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const fields = await request.formData().catch(() => new FormData())
  const intent = fields.get('intent')
  if (intent === 'create' || intent === 'update') return savePolicy(fields, intent, actor)
  if (intent === 'delete') return removePolicy(fields, actor)
  return refused(null, 'Unknown request.', 400)
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export const meta = () => adminMeta('Manage Policies')

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

export default function AdminPolicies({ loaderData }: Route.ComponentProps) {
  const { policies } = loaderData
  const dialogs = useRowDialogs<PolicyRow>()
  return (
    <AdminPage
      title="Manage Policies"
      description="The policies visitors read on the policies page, in this order."
      actions={<CreateButton label="New Policy" onClick={dialogs.create} />}
    >
      <ListCard
        title="Policies"
        count={countOf(policies.length, 'policy', 'policies')}
        empty={policies.length === 0 ? 'No policies yet. The policies page says they are being updated.' : null}
      >
        <ul className="divide-y">
          {policies.map((policy) => (
            <li key={policy.id} className="flex flex-wrap items-start justify-between gap-3 py-4">
              <div className="min-w-0 flex-1">
                <h3 className="break-words font-semibold">{policy.title}</h3>
                <p className="mt-1 text-muted-foreground text-sm">
                  /policies/{policy.slug} · updated{' '}
                  <time dateTime={policy.updatedAt}>{dateFormat.format(new Date(policy.updatedAt))}</time>
                </p>
                {policy.summary ? (
                  <p className="mt-1 line-clamp-2 break-words text-muted-foreground text-sm">{policy.summary}</p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={`/policies/${policy.id}`} target="_blank" rel="noopener noreferrer">
                    <ExternalLinkIcon aria-hidden /> View
                    <span className="sr-only"> “{policy.title}” (new tab)</span>
                  </a>
                </Button>
                <HistoryLink recordId={policy.id} what={`“${policy.title}”`} />
                <Button type="button" variant="outline" size="sm" onClick={() => dialogs.edit(policy)}>
                  <PencilIcon aria-hidden /> Edit<span className="sr-only"> “{policy.title}”</span>
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={() => dialogs.confirm(policy)}>
                  <Trash2Icon aria-hidden /> Delete<span className="sr-only"> “{policy.title}”</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListCard>

      <RowFormDialog editing={dialogs.editing}>
        {(policy) => <PolicyFormDialog policy={policy} onClose={dialogs.closeEditor} />}
      </RowFormDialog>
      <RowConfirmDialog
        row={dialogs.confirming}
        onClose={dialogs.closeConfirmation}
        confirmation={(policy) => ({
          title: 'Delete this policy?',
          description: (
            <>
              “{policy.title}” is removed for good from the policies page, and /policies/{policy.slug} will show “Policy
              not found”.
            </>
          ),
          confirmLabel: 'Delete Policy',
          intent: 'delete',
          fields: { policyId: policy.id },
        })}
      />
    </AdminPage>
  )
}
