import { PlusIcon, Trash2Icon } from 'lucide-react'
import { useRef, useState } from 'react'
import { describedBy, FieldError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'

type Column = {
  /** The form field of this column; one value per row, in row order. */
  name: string
  /** The key of the row's errors: `tiers.0.price` for path `tiers`, key `price`. */
  errorKey: string
  heading: string
  /** The accessible name of the row's input: `Tier 1 price`. */
  label: (row: number) => string
  type: 'text' | 'number'
  step?: string
  min?: string
  max?: string
  maxLength?: number
  placeholder?: string
  /** What a new row starts with. */
  initial: string
}

/**
 * Rows of inputs that the admin adds and removes (price tiers, variations). Each row posts one
 * value per column under the column's name, so the server pairs them by position.
 */
export function ProductRowsEditor({
  id,
  path,
  noun,
  addLabel,
  columns,
  initialRows,
  errors,
}: {
  id: string
  path: string
  /** In a remove button's name: `Remove tier 2`. */
  noun: string
  addLabel: string
  columns: Column[]
  initialRows: string[][]
  errors: Record<string, string>
}) {
  const nextKey = useRef(initialRows.length)
  const [rows, setRows] = useState(() => initialRows.map((values, key) => ({ key, values })))
  const addRow = () => {
    const key = nextKey.current++
    setRows((current) => [...current, { key, values: columns.map((column) => column.initial) }])
  }
  const removeRow = (key: number) => setRows((current) => current.filter((row) => row.key !== key))
  return (
    <div className="grid gap-3">
      {rows.length > 0 ? (
        <div className="grid gap-3">
          <div aria-hidden className="hidden grid-cols-[1fr_1fr_2.25rem] gap-3 font-medium text-sm sm:grid">
            {columns.map((column) => (
              <span key={column.name}>{column.heading}</span>
            ))}
          </div>
          {rows.map((row, index) => (
            <div key={row.key} className="grid grid-cols-[1fr_1fr_2.25rem] items-start gap-3" data-testid={`${id}-row`}>
              {columns.map((column, columnIndex) => {
                const inputId = `${id}-${row.key}-${column.name}`
                const error = errors[`${path}.${index}.${column.errorKey}`]
                return (
                  <div key={column.name} className="grid gap-1">
                    <Input
                      {...describedBy(inputId, { error })}
                      name={column.name}
                      type={column.type}
                      inputMode={column.type === 'number' ? 'decimal' : undefined}
                      step={column.step}
                      min={column.min}
                      max={column.max}
                      maxLength={column.maxLength}
                      placeholder={column.placeholder}
                      aria-label={column.label(index + 1)}
                      defaultValue={row.values[columnIndex]}
                      autoComplete="off"
                    />
                    <FieldError id={inputId} error={error} />
                  </div>
                )
              })}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${noun} ${index + 1}`}
                onClick={() => removeRow(row.key)}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </div>
          ))}
        </div>
      ) : null}
      <FieldError id={id} error={errors[path]} />
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={addRow}>
        <PlusIcon aria-hidden />
        {addLabel}
      </Button>
    </div>
  )
}
