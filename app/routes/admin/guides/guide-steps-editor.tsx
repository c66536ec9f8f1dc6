import { Plus } from 'lucide-react'
import type * as React from 'react'
import { ReorderButtons } from '#app/components/admin/reorder-buttons.tsx'
import { InputField, TextareaField } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'

// The limits of GuideStepSchema, repeated so that zod stays out of the page's JavaScript.
const STEPS_MAX = 50
const TITLE_MAX = 200
const CONTENT_MAX = 10_000
const LINK_MAX = 500

export type StepDraft = { key: string; title: string; content: string; image: string; video: string }

// Keys only need to be unique on this page (crypto.randomUUID is missing outside secure contexts).
let lastKey = 0
export const nextStepKey = () => `step-${++lastKey}`
export const newStep = (): StepDraft => ({ key: nextStepKey(), title: '', content: '', image: '', video: '' })

/** The numbered steps of a guide: add, remove and reorder; each with a title, content, image and video. */
export function GuideStepsEditor({ steps, onChange }: { steps: StepDraft[]; onChange: (steps: StepDraft[]) => void }) {
  const update = (key: string, change: Partial<StepDraft>) =>
    onChange(steps.map((step) => (step.key === key ? { ...step, ...change } : step)))
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">Steps</legend>
      {steps.length === 0 ? <p className="text-muted-foreground text-sm">No steps yet.</p> : null}
      <ol className="grid gap-3">
        {steps.map((step, index) => {
          const n = index + 1
          // A field of this step: not posted itself, the steps go as one JSON field.
          const bind = (field: 'title' | 'content' | 'image' | 'video') => ({
            id: `step-${step.key}-${field}`,
            value: step[field],
            onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
              update(step.key, { [field]: event.target.value }),
          })
          return (
            <li key={step.key} aria-label={`Step ${n}`} className="grid gap-3 rounded-lg border p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium text-sm">Step {n}</span>
                <div className="flex gap-1">
                  <ReorderButtons what="step" items={steps} index={index} direction="vertical" onChange={onChange} />
                </div>
              </div>
              <InputField {...bind('title')} label={`Step ${n} title`} maxLength={TITLE_MAX} autoComplete="off" />
              <TextareaField {...bind('content')} label={`Step ${n} content`} rows={3} maxLength={CONTENT_MAX} />
              <div className="grid gap-3 sm:grid-cols-2">
                <InputField
                  {...bind('image')}
                  label={`Step ${n} image (optional)`}
                  maxLength={LINK_MAX}
                  autoComplete="off"
                  placeholder="https://… or a storage key"
                />
                <InputField
                  {...bind('video')}
                  label={`Step ${n} video URL (optional)`}
                  type="url"
                  maxLength={LINK_MAX}
                  autoComplete="off"
                  placeholder="https://www.youtube.com/watch?v=…"
                />
              </div>
            </li>
          )
        })}
      </ol>
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={steps.length >= STEPS_MAX}
          onClick={() => onChange([...steps, newStep()])}
        >
          <Plus aria-hidden />
          Add Step
        </Button>
      </div>
    </fieldset>
  )
}
