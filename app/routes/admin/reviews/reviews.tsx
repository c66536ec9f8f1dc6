import { CheckIcon, Trash2Icon } from 'lucide-react'
import { useMemo } from 'react'
import { z } from 'zod'
import { ActionNotice } from '#app/components/action-notice.tsx'
import { AdminPage, countOf, emptyListText } from '#app/components/admin/admin-page.tsx'
import {
  type BulkAction,
  BulkActionBar,
  SelectPageCheckbox,
  SelectRowCheckbox,
  useRowSelection,
} from '#app/components/admin/bulk-actions.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListBesideForm } from '#app/components/admin/list-beside-form.tsx'
import { fieldErrorsOf } from '#app/components/forms/field.tsx'
import { ListPager } from '#app/components/list-pager.tsx'
import { listProductOptionsByIds } from '#app/modules/catalog/index.server.ts'
import { countReviews, listReviews } from '#app/modules/reviews/index.server.ts'
import { REVIEW_FILTERS } from '#app/modules/reviews/schemas.ts'
import type { ReviewFilter } from '#app/modules/reviews/types.ts'
import { reviewerName } from '#app/rules/reviewer-name.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireAdmin, requireAdminActor } from '#app/wiring/permissions.server.ts'
import { adminMeta, privatePage, reloadAfterRefusal } from '../+shared/admin-page.ts'
import { loadListPage } from '../+shared/list-page.server.ts'
import type { Route } from './+types/reviews.ts'
import { ManualReviewForm } from './manual-review-form.tsx'
import { addManual, approve, bulkReviews, remove } from './review-actions.server.ts'
import { ReviewModerationRow, reviewsHref } from './review-moderation-row.tsx'

const PAGE_SIZE = 50

const ReviewsQuerySchema = z.object({
  filter: z.enum(REVIEW_FILTERS).catch('all'),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  // Delete pressed before JavaScript had loaded: the page shows a confirmation for this review.
  delete: z.uuid().optional().catch(undefined),
})

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { delete: confirmDeleteId, ...list } = await loadListPage(
    request,
    ReviewsQuerySchema,
    PAGE_SIZE,
    async ({ filter }, paging) => {
      const [reviews, counts] = await Promise.all([listReviews({ filter, ...paging }), countReviews()])
      // The titles of this page's products only: the form's picker searches the catalogue.
      const products = await listProductOptionsByIds(reviews.flatMap((review) => review.productId ?? []))
      const productTitles = new Map(products.map((product) => [product.id, product.title]))
      return {
        total: counts[filter],
        counts,
        // Only the short name ever leaves the server (back-office §9).
        reviews: reviews.map(({ verified: _verified, name, ...review }) => ({
          ...review,
          name: reviewerName(name),
          productTitle: review.productId ? (productTitles.get(review.productId) ?? null) : null,
        })),
      }
    },
  )
  return { ...list, confirmDeleteId }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdminActor(request)
  const form = await request.formData().catch(() => new FormData())
  const fields = Object.fromEntries(form)
  if (typeof fields.intent === 'string' && fields.intent.startsWith('bulk-')) return bulkReviews(form, actor)
  if (fields.intent === 'approve') return approve(fields, actor)
  if (fields.intent === 'delete') return remove(fields, actor)
  if (fields.intent === 'create') return addManual(fields, actor)
  return refused(null, 'Unknown request.', 400)
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const shouldRevalidate = reloadAfterRefusal

export const headers = privatePage

export const meta = () => adminMeta('Manage Reviews')

const filterLabels: Record<ReviewFilter, string> = { all: 'All', pending: 'Pending', approved: 'Approved' }

const reviewCount = (count: number) => countOf(count, 'review', 'reviews')

/** What the review list does to several reviews at once (issue 13 §3). */
const reviewBulkActions: BulkAction[] = [
  {
    intent: 'bulk-approve',
    label: 'Approve',
    icon: <CheckIcon aria-hidden />,
    title: (count) => `Approve ${reviewCount(count)}?`,
    description: 'They appear in the shop, and their products’ ratings follow.',
    confirmLabel: 'Approve Reviews',
  },
  {
    intent: 'bulk-delete',
    label: 'Delete',
    icon: <Trash2Icon aria-hidden />,
    title: (count) => `Delete ${reviewCount(count)} for good?`,
    description: 'They are gone for good, and their products’ ratings are counted without them.',
    confirmLabel: 'Delete Reviews',
    destructive: true,
  },
]

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, page, pageCount, counts, reviews, confirmDeleteId } = loaderData
  const place = { filter, page }
  const selection = useRowSelection(
    useMemo(() => reviews.map((review) => review.id), [reviews]),
    counts[filter],
  )
  return (
    <AdminPage
      title="Manage Reviews"
      description="Reviews appear in the shop once approved. Approving or deleting a review updates its product’s rating."
    >
      <ActionNotice result={actionData} />
      <ListBesideForm
        id="review-list"
        title="Reviews"
        formWidth="24rem"
        filter={
          <FilterNav
            label="Filter reviews"
            options={REVIEW_FILTERS}
            current={filter}
            labels={filterLabels}
            hrefFor={(option) => reviewsHref({ filter: option, page: 1 })}
            counts={counts}
          />
        }
        empty={emptyListText(
          { shown: reviews.length, total: counts[filter] },
          { none: `No ${filter === 'all' ? '' : `${filter} `}reviews.`, pastEnd: 'No reviews on this page.' },
        )}
        after={
          <ListPager
            label="Review pages"
            page={place.page}
            pageCount={pageCount}
            hrefFor={(page) => reviewsHref({ ...place, page })}
          />
        }
        form={
          <ManualReviewForm
            values={actionData?.intent === 'create' && !actionData.ok ? actionData.values : undefined}
            fieldErrors={actionData?.intent === 'create' ? fieldErrorsOf(actionData) : undefined}
          />
        }
      >
        <div className="mt-6 flex items-center gap-2 text-sm">
          <SelectPageCheckbox selection={selection} label="Select every review on this page" />
          <span aria-hidden>Select this page</span>
        </div>
        <div className="mt-3">
          <BulkActionBar
            selection={selection}
            actions={reviewBulkActions}
            query={filter === 'all' ? '' : `filter=${filter}`}
            noun={{ one: 'review', many: 'reviews' }}
          />
        </div>
        <ul className="grid gap-4">
          {reviews.map((review) => (
            <ReviewModerationRow
              key={review.id}
              review={review}
              place={place}
              confirmingDelete={review.id === confirmDeleteId}
              select={
                <SelectRowCheckbox selection={selection} id={review.id} label={`Select the review “${review.title}”`} />
              }
            />
          ))}
        </ul>
      </ListBesideForm>
    </AdminPage>
  )
}
