import { ActionNotice } from '#app/components/action-notice.tsx'
import { AdminPage, countOf } from '#app/components/admin/admin-page.tsx'
import {
  createGuideCategory,
  deleteGuideCategory,
  listGuideCategoriesWithUsage,
  renameGuideCategory,
} from '#app/modules/content/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage, reloadAfterRefusal } from '../+shared/admin-page.ts'
import { isCategoryIntent, runCategoryAction } from '../+shared/category-actions.server.ts'
import { CategoryListEditor } from '../+shared/category-list-editor.tsx'
import type { Route } from './+types/guide-categories.ts'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const categories = await listGuideCategoriesWithUsage()
  return { categories: categories.map(({ guideCount, ...category }) => ({ ...category, usage: guideCount })) }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const fields = await request.formData().catch(() => new FormData())
  const intent = fields.get('intent')
  if (!isCategoryIntent(intent)) return refused(null, 'Unknown request.')
  return runCategoryAction(
    intent,
    fields,
    {
      create: (name, tx) => createGuideCategory(name, tx),
      rename: (id, name, tx) => renameGuideCategory(id, name, tx),
      remove: (id, tx) => deleteGuideCategory(id, tx),
      nameOf: async (id) => (await listGuideCategoriesWithUsage()).find((category) => category.id === id)?.name ?? null,
      usedBy: 'guide',
      recordType: 'guide-category',
    },
    actor,
  )
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const shouldRevalidate = reloadAfterRefusal

export const headers = privatePage

export const meta = () => adminMeta('Guide Categories')

const guides = (count: number) => countOf(count, 'guide', 'guides')

export default function AdminGuideCategories({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Guide Categories"
      description="The category buttons of the guides page, in this order. A category still used by guides cannot be deleted."
      back={{ to: '/admin/guides', label: 'Back to Manage Guides' }}
      width="max-w-3xl"
    >
      <ActionNotice result={actionData} />
      <div className="mt-8">
        <CategoryListEditor
          id="guide-categories"
          title="Categories"
          description="Names are trimmed; each name can be used once."
          categories={loaderData.categories}
          addLabel="New guide category"
          usageLabel={guides}
        />
      </div>
    </AdminPage>
  )
}
