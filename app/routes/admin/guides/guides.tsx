import { Link } from 'react-router'
import { z } from 'zod'
import { ActionNotice } from '#app/components/action-notice.tsx'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListBesideForm } from '#app/components/admin/list-beside-form.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { GUIDE_FILTERS } from '#app/modules/content/guide-schemas.ts'
import {
  countGuidesByStatus,
  type GuideFilter,
  listAdminGuides,
  listGuideCategories,
  retrieveAdminGuide,
} from '#app/modules/content/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage, reloadAfterRefusal } from '../+shared/admin-page.ts'
import type { Route } from './+types/guides.ts'
import { changeGuideStatus, removeGuide, saveGuide } from './guide-actions.server.ts'
import { GuideForm } from './guide-form.tsx'
import { GuideListItem } from './guide-row.tsx'

const GuidesQuerySchema = z.object({
  filter: z.enum(GUIDE_FILTERS).catch('visible'),
  // The guide shown in the form for editing.
  edit: z.uuid().optional().catch(undefined),
})

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const { filter, edit } = GuidesQuerySchema.parse({
    filter: params.get('filter') ?? undefined,
    edit: params.get('edit') ?? undefined,
  })
  const [guides, counts, categories, editing] = await Promise.all([
    listAdminGuides({ filter }),
    countGuidesByStatus(),
    listGuideCategories(),
    edit ? retrieveAdminGuide(edit) : null,
  ])
  return { filter, guides, counts, categories, editing }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const fields = await request.formData().catch(() => new FormData())
  const intent = fields.get('intent')
  if (intent === 'create' || intent === 'update') return saveGuide(fields, intent, actor)
  if (intent === 'set-status') return changeGuideStatus(fields, actor)
  if (intent === 'delete') return removeGuide(fields, actor)
  return refused(null, 'Unknown request.')
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const shouldRevalidate = reloadAfterRefusal

export const headers = privatePage

export const meta = () => adminMeta('Manage Guides')

const filterLabels: Record<GuideFilter, string> = {
  visible: 'Visible',
  hidden: 'Hidden',
  archived: 'Archived',
  all: 'All',
}

const guidesHref = (filter: GuideFilter, edit?: string) => {
  const params = new URLSearchParams()
  if (filter !== 'visible') params.set('filter', filter)
  if (edit) params.set('edit', edit)
  const query = params.toString()
  return query ? `/admin/guides?${query}` : '/admin/guides'
}

export default function AdminGuides({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, guides, counts, categories, editing } = loaderData
  return (
    <AdminPage
      title="Manage Guides"
      description="Visible guides are on the guides page; hidden and archived ones are kept here."
      actions={
        <Link to="/admin/guides/categories" className={buttonVariants({ variant: 'outline' })}>
          Manage Categories
        </Link>
      }
    >
      <ActionNotice result={actionData} />
      <ListBesideForm
        id="guide-list"
        title="Guides"
        formWidth="30rem"
        filter={
          <FilterNav
            label="Filter guides"
            options={GUIDE_FILTERS}
            current={filter}
            labels={filterLabels}
            hrefFor={(option) => guidesHref(option)}
            counts={counts}
          />
        }
        empty={
          guides.length === 0 ? `No ${filter === 'all' ? '' : `${filterLabels[filter].toLowerCase()} `}guides.` : null
        }
        form={
          <div>
            <GuideForm
              key={editing?.id ?? 'new'}
              guide={
                editing
                  ? {
                      guideId: editing.id,
                      title: editing.title,
                      description: editing.description,
                      categoryId: editing.categoryId ?? '',
                      steps: editing.steps.map(({ id: _id, ...step }) => step),
                    }
                  : null
              }
              categories={categories}
              backTo={guidesHref(filter)}
            />
          </div>
        }
      >
        <ul className="mt-6 grid gap-4">
          {guides.map((guide) => (
            <GuideListItem
              key={guide.id}
              guide={guide}
              editHref={guidesHref(filter, guide.id)}
              editing={guide.id === editing?.id}
            />
          ))}
        </ul>
      </ListBesideForm>
    </AdminPage>
  )
}
