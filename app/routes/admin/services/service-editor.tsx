import { Plus, X } from 'lucide-react'
import { ConfirmDeleteButton } from '#app/components/admin/confirm-delete.tsx'
import { describedBy, FieldError, InputField, TextareaField } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'

// The limits of ServiceInputSchema, repeated so that zod stays out of the page's JavaScript.
const TITLE_MAX = 200
const DESCRIPTION_MAX = 2_000
const UNIT_MAX = 30
const FEATURE_MAX = 200
const FEATURES_MAX = 30

// Keys only need to be unique on this page (crypto.randomUUID is missing outside secure contexts).
let lastFeatureKey = 0

/** A service as the form edits it: the price as typed, in dollars. */
export type ServiceDraft = {
  id: string
  title: string
  description: string
  price: string
  priceUnit: string
  features: { key: string; name: string }[]
}

/**
 * One service of /admin/services, edited in place; saved with every other one by Save All Changes.
 * `errors` are the refused save's problems of this service, by field (`title`, `features.2`).
 */
export function ServiceEditor({
  draft,
  savedTitle,
  errors,
  onChange,
}: {
  draft: ServiceDraft
  savedTitle: string
  errors: Record<string, string>
  onChange: (draft: ServiceDraft) => void
}) {
  const id = `service-${draft.id}`
  const set = (change: Partial<ServiceDraft>) => onChange({ ...draft, ...change })
  return (
    <li aria-labelledby={`${id}-heading`} className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${id}-heading`} className="min-w-0 break-words font-semibold text-lg">
          {savedTitle}
        </h2>
        <ConfirmDeleteButton
          what={`service “${savedTitle}”`}
          title={`Delete “${savedTitle}”?`}
          description="The service and its features are removed for good, also from the services page."
          confirmLabel="Delete Service"
          intent="delete"
          fields={{ serviceId: draft.id }}
        />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${id}-title`}
          label="Title"
          fieldClassName="sm:col-span-2"
          error={errors.title}
          value={draft.title}
          maxLength={TITLE_MAX}
          autoComplete="off"
          onChange={(event) => set({ title: event.target.value })}
        />
        <TextareaField
          id={`${id}-description`}
          label="Description"
          fieldClassName="sm:col-span-2"
          error={errors.description}
          value={draft.description}
          rows={3}
          maxLength={DESCRIPTION_MAX}
          onChange={(event) => set({ description: event.target.value })}
        />
        <InputField
          id={`${id}-price`}
          label="Price ($)"
          error={errors.price}
          value={draft.price}
          inputMode="decimal"
          autoComplete="off"
          onChange={(event) => set({ price: event.target.value })}
        />
        <InputField
          id={`${id}-unit`}
          label="Price unit"
          error={errors.priceUnit}
          value={draft.priceUnit}
          maxLength={UNIT_MAX}
          autoComplete="off"
          placeholder="hr"
          onChange={(event) => set({ priceUnit: event.target.value })}
        />
      </div>
      <fieldset className="mt-4 grid min-w-0 gap-2">
        <legend className="mb-2 font-medium text-sm">Features</legend>
        {draft.features.length === 0 ? <p className="text-muted-foreground text-sm">No features yet.</p> : null}
        <ul className="grid gap-2">
          {draft.features.map((feature, index) => {
            const featureId = `${id}-feature-${feature.key}`
            const error = errors[`features.${index}`]
            return (
              <li key={feature.key} className="grid gap-1">
                <div className="flex gap-2">
                  <Input
                    {...describedBy(featureId, { error })}
                    value={feature.name}
                    maxLength={FEATURE_MAX}
                    autoComplete="off"
                    aria-label={`Feature ${index + 1}`}
                    onChange={(event) =>
                      set({
                        features: draft.features.map((other) =>
                          other.key === feature.key ? { ...other, name: event.target.value } : other,
                        ),
                      })
                    }
                  />
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label={`Remove feature ${index + 1}`}
                    onClick={() => set({ features: draft.features.filter((other) => other.key !== feature.key) })}
                  >
                    <X aria-hidden />
                  </Button>
                </div>
                <FieldError id={featureId} error={error} />
              </li>
            )
          })}
        </ul>
        <FieldError id={`${id}-features`} error={errors.features} />
        <div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={draft.features.length >= FEATURES_MAX}
            onClick={() => set({ features: [...draft.features, { key: `new-${++lastFeatureKey}`, name: '' }] })}
          >
            <Plus aria-hidden />
            Add Feature
          </Button>
        </div>
      </fieldset>
    </li>
  )
}
