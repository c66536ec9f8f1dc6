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
}

/**
 * A form's run of text fields, each with its label, hint and problem, its id `{idPrefix}-{name}`.
 * With `onChange` the fields show `values` as they change (a form kept in state); without, `values`
 * are only where they start.
 * @example <TextFields idPrefix="update" fields={[{ name: 'title', label: 'Title', required: true, maxLength: 200 }]} values={update} errors={errors} />
 */
export function TextFields<Name extends string>({
  idPrefix,
  fields,
  values,
  errors,
  onChange,
}: {
  idPrefix: string
  fields: readonly TextFieldSpec<Name>[]
  values?: Partial<Record<Name, string>> | null
  errors: Record<string, string | undefined>
  onChange?: (name: Name, value: string) => void
}) {
  return fields.map(({ name, label, required, hint, maxLength, rows, placeholder }) => {
    const frame = {
      id: `${idPrefix}-${name}`,
      label,
      required,
      hint,
      error: errors[name],
      name,
      maxLength,
      placeholder,
    }
    const value = onChange
      ? {
          value: values?.[name] ?? '',
          onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            onChange(name, event.target.value),
        }
      : { defaultValue: values?.[name] }
    return rows ? (
      <TextareaField key={name} {...frame} rows={rows} {...value} />
    ) : (
      <InputField key={name} {...frame} autoComplete="off" {...value} />
    )
  })
}
