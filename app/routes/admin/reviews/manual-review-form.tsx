import { useRef } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ProductOption } from '#app/modules/catalog/types.ts'
import type { ManualReviewValues, ReviewActionResult } from './review-action-result.ts'

// The limits of ManualReviewFormSchema, repeated here so that zod stays out of the page's JavaScript.
const NAME_MAX = 100
const TITLE_MAX = 120
const COMMENT_MAX = 2000
const ratings = ['5', '4', '3', '2', '1']

function Required() {
  return (
    <span aria-hidden className="text-destructive">
      *
    </span>
  )
}

/** The back-office's add-manual-review form; the review is published at once. */
export function ManualReviewForm({
  products,
  values,
}: {
  products: ProductOption[]
  /** What a form posted without JavaScript sent, when it was refused. */
  values?: ManualReviewValues
}) {
  const fetcher = useFetcher<ReviewActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  useActionAnswer(fetcher, {
    onAnswer: (result) => {
      if (result.ok) formRef.current?.reset()
    },
  })
  const busy = fetcher.state !== 'idle'
  return (
    <section aria-labelledby="manual-review-heading">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="manual-review-heading">Add Manual Review</h2>
          </CardTitle>
          <CardDescription>
            For a review a customer sent by e-mail or gave in person. It is published at once.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form ref={formRef} method="post" noValidate className="grid gap-4">
            <input type="hidden" name="intent" value="create" />
            <div className="grid gap-1.5">
              <Label htmlFor="manual-review-name">
                Name <Required />
              </Label>
              <Input
                id="manual-review-name"
                name="name"
                required
                maxLength={NAME_MAX}
                autoComplete="off"
                defaultValue={values?.name}
                placeholder="Maria Garcia"
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="manual-review-product">
                Product <Required />
              </Label>
              <NativeSelect id="manual-review-product" name="productId" required defaultValue={values?.productId ?? ''}>
                <option value="">Select a product</option>
                {products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.status === 'visible' ? product.title : `${product.title} (${product.status})`}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="manual-review-rating">Rating</Label>
              <NativeSelect id="manual-review-rating" name="rating" defaultValue={values?.rating || '5'}>
                {ratings.map((rating) => (
                  <option key={rating} value={rating}>
                    {rating === '1' ? '1 star' : `${rating} stars`}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="manual-review-title">
                Title <Required />
              </Label>
              <Input
                id="manual-review-title"
                name="title"
                required
                maxLength={TITLE_MAX}
                autoComplete="off"
                defaultValue={values?.title}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="manual-review-comment">
                Comment <Required />
              </Label>
              <Textarea
                id="manual-review-comment"
                name="comment"
                rows={4}
                required
                maxLength={COMMENT_MAX}
                defaultValue={values?.comment}
              />
            </div>
            <Button type="submit" disabled={busy} className="justify-self-start">
              {busy ? <Spinner /> : null}
              Add Review
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
    </section>
  )
}
