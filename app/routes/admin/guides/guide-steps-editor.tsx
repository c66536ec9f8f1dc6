import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'

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

function move<T>(list: T[], from: number, to: number) {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

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
          const id = `step-${step.key}`
          const n = index + 1
          return (
            <li key={step.key} aria-label={`Step ${n}`} className="grid gap-3 rounded-lg border p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium text-sm">Step {n}</span>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Move step ${n} up`}
                    disabled={index === 0}
                    onClick={() => onChange(move(steps, index, index - 1))}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Move step ${n} down`}
                    disabled={index === steps.length - 1}
                    onClick={() => onChange(move(steps, index, index + 1))}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove step ${n}`}
                    onClick={() => onChange(steps.filter((other) => other.key !== step.key))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-title`}>Step {n} title</Label>
                <Input
                  id={`${id}-title`}
                  value={step.title}
                  maxLength={TITLE_MAX}
                  autoComplete="off"
                  onChange={(event) => update(step.key, { title: event.target.value })}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-content`}>Step {n} content</Label>
                <Textarea
                  id={`${id}-content`}
                  value={step.content}
                  rows={3}
                  maxLength={CONTENT_MAX}
                  onChange={(event) => update(step.key, { content: event.target.value })}
                />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-image`}>Step {n} image (optional)</Label>
                  <Input
                    id={`${id}-image`}
                    value={step.image}
                    maxLength={LINK_MAX}
                    autoComplete="off"
                    placeholder="https://… or a storage key"
                    onChange={(event) => update(step.key, { image: event.target.value })}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-video`}>Step {n} video URL (optional)</Label>
                  <Input
                    id={`${id}-video`}
                    type="url"
                    value={step.video}
                    maxLength={LINK_MAX}
                    autoComplete="off"
                    placeholder="https://www.youtube.com/watch?v=…"
                    onChange={(event) => update(step.key, { video: event.target.value })}
                  />
                </div>
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
