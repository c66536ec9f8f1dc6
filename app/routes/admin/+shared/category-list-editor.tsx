import { useRef } from 'react'
import { useFetcher } from 'react-router'
import { ConfirmDeleteButton } from '#app/components/admin/confirm-delete.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

// CATEGORY_NAME_MAX of the category forms, repeated so that zod stays out of the page's JavaScript.
const NAME_MAX = 100

export type CategoryRow = { id: string; name: string; usage: number }

function AddCategory({ listId, kind, label }: { listId: string; kind?: string; label: string }) {
  const fetcher = useFetcher<ActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  useActionAnswer(fetcher, { onOk: () => formRef.current?.reset() })
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form ref={formRef} method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="add-category" />
      {kind ? <input type="hidden" name="kind" value={kind} /> : null}
      <div className="grid min-w-48 flex-1 gap-1.5">
        <Label htmlFor={`${listId}-new`}>{label}</Label>
        <Input id={`${listId}-new`} name="name" maxLength={NAME_MAX} autoComplete="off" placeholder="Category name" />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner /> : null}
        Add Category
      </Button>
    </fetcher.Form>
  )
}

function CategoryItem({
  category,
  kind,
  usageLabel,
}: {
  category: CategoryRow
  kind?: string
  usageLabel: (count: number) => string
}) {
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
  return (
    <li className="flex flex-wrap items-center gap-2 py-3">
      <fetcher.Form method="post" className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="rename-category" />
        <input type="hidden" name="categoryId" value={category.id} />
        {kind ? <input type="hidden" name="kind" value={kind} /> : null}
        <Input
          // A new saved name replaces whatever was typed.
          key={category.name}
          name="name"
          defaultValue={category.name}
          maxLength={NAME_MAX}
          autoComplete="off"
          aria-label={`Name of category “${category.name}”`}
          className="min-w-40 flex-1"
        />
        <span className="text-muted-foreground text-sm tabular-nums">{usageLabel(category.usage)}</span>
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {busy ? <Spinner /> : null}
          Save<span className="sr-only"> category “{category.name}”</span>
        </Button>
      </fetcher.Form>
      <ConfirmDeleteButton
        what={`category “${category.name}”`}
        title={`Delete “${category.name}”?`}
        description={
          category.usage > 0
            ? `${usageLabel(category.usage)} use this category: move them to another category first.`
            : 'The category is removed for good.'
        }
        confirmLabel="Delete Category"
        intent="delete-category"
        fields={{ categoryId: category.id, ...(kind ? { kind } : {}) }}
      />
    </li>
  )
}

/** One category list: add a name, rename any entry in place, delete after a confirmation. */
export function CategoryListEditor({
  id,
  title,
  description,
  categories,
  kind,
  addLabel,
  usageLabel,
}: {
  id: string
  title: string
  description: string
  categories: CategoryRow[]
  kind?: string
  addLabel: string
  usageLabel: (count: number) => string
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id={`${id}-title`}>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <AddCategory listId={id} kind={kind} label={addLabel} />
          {categories.length === 0 ? (
            <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground">
              No categories yet.
            </p>
          ) : (
            <ul className="divide-y" aria-label={title}>
              {categories.map((category) => (
                <CategoryItem key={category.id} category={category} kind={kind} usageLabel={usageLabel} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  )
}
