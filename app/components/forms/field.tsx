import type * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/utils/misc.ts'

export function RequiredMark() {
  return (
    <span aria-hidden className="text-destructive">
      *
    </span>
  )
}

/** The accessibility attributes of a control with an optional hint and an optional error. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: boolean }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean)
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  }
}

export function FieldError({ id, error, className }: { id: string; error?: string; className?: string }) {
  if (!error) return null
  return (
    <p id={`${id}-error`} className={cn('text-destructive text-sm', className)}>
      {error}
    </p>
  )
}

/**
 * The problems of a refused answer by field path (`title`, `items.0.quantity`); none while the
 * answer is missing or a success.
 * @example const errors = fieldErrorsOf(fetcher.data)
 */
export function fieldErrorsOf(answer: { ok: boolean; fieldErrors?: Record<string, string> } | null | undefined) {
  return answer && !answer.ok ? (answer.fieldErrors ?? {}) : {}
}

/**
 * The problems of one part of a form (an item row, one service of a list), by the field's path
 * inside it.
 * @example fieldErrorsAt({ 'services.1.price': 'Price must be…' }, 'services.1') // { price: 'Price must be…' }
 */
export function fieldErrorsAt(errors: Record<string, string>, prefix: string) {
  const start = `${prefix}.`
  return Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) =>
      path.startsWith(start) ? [[path.slice(start.length), message]] : [],
    ),
  )
}

/** The names of a form's fields that hold text, the ones a field's `defaultValue` is read from. */
type TextNames<Values> = {
  [Name in keyof Values]-?: Values[Name] extends string | null | undefined ? Name : never
}[keyof Values] &
  string

/**
 * What ties each field to its form, from its name: the id `{idPrefix}-{name}`, the name it is posted
 * with, its problem and the value it starts at (what was sent, else `start`). The label and the
 * control's own props stay at the call.
 * @example const field = fieldsOf('product', values, errors)
 * <InputField {...field('sku')} label="SKU" maxLength={PRODUCT_SKU_MAX} />
 * <SelectField {...field('status', 'visible')} label="Status" options={STATUS_OPTIONS} />
 */
export function fieldsOf<Values extends object>(
  idPrefix: string,
  values: Values | null | undefined,
  errors: Record<string, string | undefined>,
) {
  return (name: TextNames<Values>, start?: string) => ({
    id: `${idPrefix}-${name}`,
    name,
    error: errors[name],
    defaultValue: (values?.[name] as string | null | undefined) || start,
  })
}

type FieldFrame = {
  id: string
  label: string
  /** Marks the label, and the control is required. */
  required?: boolean
  hint?: string
  error?: string
  /** Classes of the field's box (its label, control, hint and error), such as a grid span. */
  fieldClassName?: string
}

/** A labelled form control with its hint and error below it; the control gets `describedBy(id, …)`. */
export function Field({
  id,
  label,
  required = false,
  hint,
  error,
  fieldClassName,
  children,
}: Omit<FieldFrame, 'required'> & { required?: boolean; children: React.ReactNode }) {
  return (
    <div className={cn('grid content-start gap-1.5', fieldClassName)}>
      <Label htmlFor={id}>
        {label} {required ? <RequiredMark /> : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  )
}

/**
 * A labelled input with its problem beside it and no required mark: on the sign-in and account
 * pages every field is asked for, so the mark would tell nothing.
 * @example <UnmarkedInputField id="login-email" label="Email" name="email" required error={errors.email} />
 */
export function UnmarkedInputField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  return (
    <Field id={id} label={label} error={error}>
      <Input {...describedBy(id, { error })} {...input} />
    </Field>
  )
}

/** A control in its Field: labelled, with its hint and error, wired for assistive technology. */
function withField<Props extends React.ComponentProps<'input' | 'textarea' | 'select'>>(
  Control: (props: Props) => React.ReactNode,
) {
  return function ControlField({
    id,
    label,
    required,
    hint,
    error,
    fieldClassName,
    ...control
  }: FieldFrame & Omit<Props, 'id' | 'required'>) {
    return (
      <Field {...{ id, label, required, hint, error, fieldClassName }}>
        <Control
          {...(control as unknown as Props)}
          {...describedBy(id, { error, hint: Boolean(hint) })}
          required={required}
        />
      </Field>
    )
  }
}

/**
 * A labelled input, text area or select (its options as children) with its hint and error; the
 * other props go to the control.
 * @example <InputField id="policy-title" label="Title" required error={errors.title} name="title" maxLength={200} />
 */
export const InputField = withField(Input)
export const TextareaField = withField(Textarea)
export const SelectField = withField(NativeSelect)

/**
 * One titled card of a form; with `id`, a landmark named by its heading (`{id}-heading`), as a
 * page's side form is.
 * @example <Section id="guide-form" title="Add Guide" description="…">…</Section>
 */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id?: string
  title: string
  description?: React.ReactNode
  children: React.ReactNode
}) {
  const headingId = id ? `${id}-heading` : undefined
  const card = (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  )
  return id ? <section aria-labelledby={headingId}>{card}</section> : card
}
