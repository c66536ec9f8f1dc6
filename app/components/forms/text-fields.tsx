import type * as React from 'react'
import { InputField, TextareaField } from './field.tsx'

/** One text field of a form: a one-line input, or a text area of `rows` lines. */
export type TextFieldSpec<Name extends string = string> = {
  name: Name
  label: string
  required?: boolean
  hint?: string
  /** The schema's limit, repeated so that zod stays out of the page's JavaScript. */
  maxLength: number
  rows?: number
  placeholder?: string
  type?: 'url'
  /** The keyboard a phone shows: digits (`numeric`) or digits and a point (`decimal`). */
  inputMode?: 'numeric' | 'decimal'
  /** Classes of the field's box, such as a grid span. */
  fieldClassName?: string
}

/**
 * A form's run of text fields, each with its label, hint and problem, its id `{idPrefix}-{name}`.
 * With `onChange` the fields show `values` as they change (a form kept in state); without, `values`
 * are only where they start. One-line inputs are not filled from the browser's memory of other
 * forms, unless `remember` (a carrier's name, typed again and again).
 * @example <TextFields idPrefix="update" fields={[{ name: 'title', label: 'Title', required: true, maxLength: 200 }]} values={update} errors={errors} />
 */
export function TextFields<Name extends string>({
  idPrefix,
  fields,
  values,
  errors,
  onChange,
  remember = false,
}: {
  idPrefix: string
  fields: readonly TextFieldSpec<Name>[]
  values?: Partial<Record<Name, string | null>> | null
  errors: Record<string, string | undefined>
  onChange?: (name: Name, value: string) => void
  remember?: boolean
}) {
  return fields.map(({ name, rows, type, ...field }) => {
    const frame = { ...field, id: `${idPrefix}-${name}`, error: errors[name], name }
    const value = onChange
      ? {
          value: values?.[name] ?? '',
          onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            onChange(name, event.target.value),
        }
      : { defaultValue: values?.[name] ?? undefined }
    return rows ? (
      <TextareaField key={name} {...frame} rows={rows} {...value} />
    ) : (
      <InputField key={name} {...frame} type={type} autoComplete={remember ? undefined : 'off'} {...value} />
    )
  })
}
