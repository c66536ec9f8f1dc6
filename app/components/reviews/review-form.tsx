import { StarIcon } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { describedBy, Field, FieldError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { cn } from '#app/utils/misc.ts'

// The limits of ReviewFormSchema, repeated here so that zod stays out of the page's JavaScript.
const TITLE_MAX = 120
const COMMENT_MAX = 2000
const stars = [1, 2, 3, 4, 5]

function StarRatingInput({
  id,
  value,
  error,
  onChange,
}: {
  id: string
  value: number
  error?: string
  onChange: (value: number) => void
}) {
  const [hovered, setHovered] = useState(0)
  const shown = hovered || value
  return (
    <fieldset {...describedBy(id, { error })} onMouseLeave={() => setHovered(0)}>
      <legend className="mb-2 font-medium text-sm">Rating</legend>
      <div className="flex gap-1">
        {stars.map((star) => (
          <label key={star} className="relative flex cursor-pointer" onMouseEnter={() => setHovered(star)}>
            <input
              type="radio"
              name="rating"
              value={star}
              onChange={() => onChange(star)}
              className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
            <StarIcon
              aria-hidden
              className={cn(
                'size-8 rounded-sm p-0.5 transition-colors peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
                star <= shown ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50',
              )}
            />
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  )
}

/**
 * The 'Leave a Review' form; it posts to the action of the page it is on. Empty fields are caught
 * by the browser's own checks, or, with `emptyFieldsToast`, by the spec's 'Fields required' toast.
 */
export function ReviewForm({
  emptyFieldsToast = false,
  className,
}: {
  emptyFieldsToast?: boolean
  className?: string
}) {
  const id = useId()
  const fetcher = useFetcher<ActionResult>()
  // Posted before JavaScript had loaded: the page itself carries the answer.
  const pageResult = useActionData<ActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const [rating, setRating] = useState(0)
  const busy = fetcher.state !== 'idle'
  const result = fetcher.data
  const answer = result ?? pageResult
  // The server's refusal names each field's problem; it is shown beside the field.
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {}
  // The answer's toast comes from the page's clientAction; a success clears the form.
  useActionAnswer(fetcher, {
    onOk: () => {
      formRef.current?.reset()
      setRating(0)
    },
  })

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget)
    const filled = ['title', 'comment'].every((name) => String(form.get(name) ?? '').trim() !== '')
    if (!form.get('rating')) {
      event.preventDefault()
      showToast({ title: 'Rating required', description: 'Please select a star rating.', variant: 'destructive' })
    } else if (emptyFieldsToast && !filled) {
      event.preventDefault()
      showToast({ title: 'Fields required', description: 'Please fill out all fields.', variant: 'destructive' })
    }
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate={emptyFieldsToast}
      onSubmit={handleSubmit}
      className={cn('grid gap-4', className)}
    >
      {pageResult && !result ? (
        <p role="status" className="rounded-md bg-accent p-3 text-accent-foreground text-sm">
          {pageResult.toast.title} {pageResult.toast.description}
        </p>
      ) : null}
      <StarRatingInput id={`${id}-rating`} value={rating} error={errors.rating} onChange={setRating} />
      <Field id={`${id}-title`} label="Title" error={errors.title}>
        <Input
          {...describedBy(`${id}-title`, { error: errors.title })}
          name="title"
          maxLength={TITLE_MAX}
          required
          placeholder="Sum it up in a few words"
        />
      </Field>
      <Field id={`${id}-comment`} label="Comment" error={errors.comment}>
        <Textarea
          {...describedBy(`${id}-comment`, { error: errors.comment })}
          name="comment"
          rows={4}
          maxLength={COMMENT_MAX}
          required
          placeholder="What did you order, and how did it turn out?"
        />
      </Field>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? <Spinner /> : null}
        Submit Review
      </Button>
    </fetcher.Form>
  )
}
