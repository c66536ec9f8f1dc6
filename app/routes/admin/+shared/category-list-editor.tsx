import { useRef } from 'react'
import { ConfirmDeleteButton } from '#app/components/admin/confirm-delete.tsx'
import { HiddenFields, useActionForm } from '#app/components/forms/action-form.tsx'
import { describedBy, FieldError } from '#app/components/forms/field.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'

// CATEGORY_NAME_MAX of the category forms, repeated so that zod stays out of the page's JavaScript.
const NAME_MAX = 100

export type CategoryRow = { id: string; name: string; usage: number }

function AddCategory({ listId, kind, label }: { listId: string; kind?: string; label: string }) {
  const formRef = useRef<HTMLFormElement>(null)
  const { fetcher, busy, errors } = useActionForm({ onOk: () => formRef.current?.reset() })
  return (
    <fetcher.Form ref={formRef} method="post" className="grid gap-1.5">
      <HiddenFields fields={{ intent: 'add-category', kind }} />
      <Label htmlFor={`${listId}-new`}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          {...describedBy(`${listId}-new`, { error: errors.name })}
          name="name"
          maxLength={NAME_MAX}
          autoComplete="off"
          placeholder="Category name"
          className="min-w-48 flex-1"
        />
        <SubmitButton busy={busy}>Add Category</SubmitButton>
      </div>
      <FieldError id={`${listId}-new`} error={errors.name} />
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
  const { fetcher, busy, errors } = useActionForm()
  const nameId = `category-${category.id}-name`
  return (
    <li className="flex flex-wrap items-center gap-2 py-3">
      <fetcher.Form method="post" className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        <HiddenFields fields={{ intent: 'rename-category', categoryId: category.id, kind }} />
        <Input
          {...describedBy(nameId, { error: errors.name })}
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
        <SubmitButton busy={busy} variant="secondary" size="sm">
          Save<span className="sr-only"> category “{category.name}”</span>
        </SubmitButton>
        <FieldError id={nameId} error={errors.name} className="basis-full" />
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
